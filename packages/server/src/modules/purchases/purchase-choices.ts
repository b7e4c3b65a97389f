// GET /api/elc/purchases/vendor-choices: what the purchasing forms offer: active vendors (number, name,
// payment terms, default expense account), active items, branches, expense accounts, and the cash, bank
// and mobile-money accounts a purchase is paid from (or a refund comes into).
import { sql } from 'drizzle-orm';
import type { PurchaseChoices } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';

export async function purchaseChoices(opts: { tx: Db; actor: Actor }): Promise<PurchaseChoices> {
  const { tx, actor } = opts;
  const name = sql.raw(actor.lang === 'so' ? 'name_so' : 'name_en');
  const vendors = await queryRows<{ id: number; number: string; name: string; payment_terms_days: number; default_expense_account_id: number | null }>(
    tx,
    sql`select id, number, name, payment_terms_days, default_expense_account_id from vendors where status = 'Active' order by lower(name), id`,
  );
  const items = await queryRows<{ id: number; code: string; name: string; kind: string; purchase_price: string; tax_percent: string }>(
    tx,
    sql`select id, code, name, kind, purchase_price::text, tax_percent::text from items where status = 'Active' order by lower(code), id`,
  );
  const branches = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from branches where status = 'Active' order by lower(name), id`);
  const accounts = await queryRows<{ id: number; code: string; name: string; type: string; subtype: string }>(
    tx,
    sql`select id, code, ${name} as name, type, subtype from accounts where status = 'Active' and (type = 'expense' or (type = 'asset' and subtype in ('cash', 'bank', 'mobile_money'))) order by code`,
  );
  const account = (a: (typeof accounts)[number]) => ({ id: Number(a.id), code: a.code, name: a.name });
  return {
    vendors: vendors.map((v) => ({
      id: Number(v.id),
      number: v.number,
      name: v.name,
      paymentTermsDays: Number(v.payment_terms_days),
      defaultExpenseAccountId: v.default_expense_account_id === null ? null : Number(v.default_expense_account_id),
    })),
    items: items.map((i) => ({ id: Number(i.id), code: i.code, name: i.name, kind: i.kind, purchasePrice: i.purchase_price, taxPercent: i.tax_percent })),
    branches: branches.map((b) => ({ id: Number(b.id), name: b.name })),
    expenseAccounts: accounts.filter((a) => a.type === 'expense').map(account),
    paymentAccounts: accounts.filter((a) => a.type === 'asset').map(account),
  };
}
