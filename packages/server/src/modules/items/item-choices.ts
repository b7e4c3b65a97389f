// GET /api/elc/items/choices: what the item and stock forms offer (active categories, units, branches
// and the accounts an item may post to), and the organisation's default accounts.
import { sql } from 'drizzle-orm';
import type { ItemChoices } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { itemDefaultAccounts } from './save-item.ts';

export async function itemChoices(opts: { tx: Db; actor: Actor }): Promise<ItemChoices> {
  const { tx, actor } = opts;
  const name = sql.raw(actor.lang === 'so' ? 'name_so' : 'name_en');
  const options = (table: string) =>
    queryRows<{ id: number; name: string }>(tx, sql`select id, name from ${sql.raw(table)} where status = 'Active' order by lower(name), id`);
  const [categories, units, branches, accounts, defaults] = await Promise.all([
    queryRows<{ id: number; name: string; income_account_id: number | null; expense_account_id: number | null; inventory_account_id: number | null }>(
      tx,
      sql`select c.id, c.name, a.income_account_id, a.expense_account_id, a.inventory_account_id
          from categories c left join item_category_accounts a on a.category_id = c.id
          where c.status = 'Active' order by lower(c.name), c.id`,
    ),
    options('units'),
    options('branches'),
    queryRows<{ id: number; code: string; name: string; type: string; subtype: string }>(
      tx,
      sql`select id, code, ${name} as name, type, subtype from accounts where status = 'Active' and type in ('income', 'expense', 'asset') order by code`,
    ),
    itemDefaultAccounts(tx, actor.clientId),
  ]);
  const pick = (test: (a: (typeof accounts)[number]) => boolean) =>
    accounts.filter(test).map((a) => ({ id: Number(a.id), code: a.code, name: a.name, subtype: a.subtype }));
  const option = (r: { id: number; name: string }) => ({ id: Number(r.id), name: r.name });
  return {
    categories: categories.map((c) => ({
      ...option(c),
      incomeAccountId: c.income_account_id === null ? null : Number(c.income_account_id),
      expenseAccountId: c.expense_account_id === null ? null : Number(c.expense_account_id),
      inventoryAccountId: c.inventory_account_id === null ? null : Number(c.inventory_account_id),
    })),
    units: units.map(option),
    branches: branches.map(option),
    incomeAccounts: pick((a) => a.type === 'income'),
    expenseAccounts: pick((a) => a.type === 'expense'),
    inventoryAccounts: pick((a) => a.type === 'asset' && a.subtype === 'inventory'),
    defaults,
  };
}
