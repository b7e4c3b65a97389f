// GET /api/elc/sales/choices: what the sales forms choose from, in one read: the active items with their
// sale price, tax and stock on hand per branch, the active branches, the income accounts a free line may
// be sold on, the accounts money is received into or refunded from, and the walk-in customer if made.
import { sql } from 'drizzle-orm';
import { type Lang, type SalesChoices, billMoney, bdec, receivingSubtypes } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { walkInCustomerId } from './sales-common.ts';

/** Active customers whose name, number or phone matches, the first 20 by name, with their balance. */
export async function salesCustomers(opts: { tx: Db; q?: string }) {
  const q = opts.q?.trim() ?? '';
  const rows = await queryRows<{ id: number; customer_no: string; name: string; phone: string; balance: string | null }>(
    opts.tx,
    sql`select c.id, c.customer_no, c.name, c.phone,
               (select sum(b.debit - b.credit) from customer_ledger_balances b where b.customer_id = c.id)::text as balance
        from customers c
        where c.status = 'Active' ${q ? sql`and (c.name ilike ${`%${q}%`} or c.customer_no ilike ${`${q}%`} or c.phone like ${`%${q.replace(/\D/g, '') || q}%`})` : sql``}
        order by lower(c.name), c.id limit 20`,
  );
  return { data: rows.map((r) => ({ id: Number(r.id), customerNo: r.customer_no, name: r.name, phone: r.phone, balance: billMoney(r.balance ?? '0') })) };
}

export async function salesChoices(opts: { tx: Db; lang: Lang }): Promise<SalesChoices> {
  const { tx, lang } = opts;
  const name = lang === 'so' ? sql`name_so` : sql`name_en`;
  const items = await queryRows<{
    id: number;
    code: string;
    name: string;
    kind: string;
    sale_price: string;
    tax_percent: string;
    unit_name: string | null;
    on_hand: Record<string, string> | null;
  }>(
    tx,
    sql`select i.id, i.code, i.name, i.kind, i.sale_price::text, i.tax_percent::text, u.name as unit_name,
               (select jsonb_object_agg(b.branch_id::text, b.quantity::text) from stock_balances b where b.item_id = i.id) as on_hand
        from items i left join units u on u.id = i.unit_id where i.status = 'Active' order by lower(i.code)`,
  );
  const branches = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from branches where status = 'Active' order by name`);
  const income = await queryRows<{ id: number; code: string; name: string }>(
    tx,
    sql`select id, code, ${name} as name from accounts where type = 'income' and status = 'Active' order by code`,
  );
  const receiving = await queryRows<{ id: number; code: string; name: string }>(
    tx,
    sql`select id, code, ${name} as name from accounts where type = 'asset' and status = 'Active'
        and subtype in (select unnest(${`{${receivingSubtypes.join(',')}}`}::text[])) order by code`,
  );
  return {
    items: items.map((i) => ({
      id: Number(i.id),
      code: i.code,
      name: i.name,
      kind: i.kind,
      salePrice: billMoney(i.sale_price),
      taxPercent: bdec(i.tax_percent).toString(),
      unitName: i.unit_name,
      onHand: Object.fromEntries(Object.entries(i.on_hand ?? {}).map(([k, v]) => [k, bdec(v).toString()])),
    })),
    branches: branches.map((b) => ({ id: Number(b.id), name: b.name })),
    incomeAccounts: income.map((a) => ({ id: Number(a.id), code: a.code, name: a.name })),
    receivingAccounts: receiving.map((a) => ({ id: Number(a.id), code: a.code, name: a.name })),
    walkInCustomerId: await walkInCustomerId(tx),
  };
}
