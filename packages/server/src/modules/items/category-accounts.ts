// PUT /api/elc/item-categories/:id/accounts (add-item): the income, expense and inventory accounts a
// category gives the items made in it (item_category_accounts). The item form fills them in when the
// category is chosen, and an item saved without accounts takes them (then the organisation's defaults).
import { sql } from 'drizzle-orm';
import type { ItemCategoryAccounts, itemCategoryAccountsBody, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';

/** The accounts a category names (nulls where it names none). */
export async function categoryAccounts(tx: Db, categoryId: number | null | undefined) {
  if (!categoryId) return { incomeAccountId: null, expenseAccountId: null, inventoryAccountId: null };
  const [row] = await queryRows<{ income_account_id: number | null; expense_account_id: number | null; inventory_account_id: number | null }>(
    tx,
    sql`select income_account_id, expense_account_id, inventory_account_id from item_category_accounts where category_id = ${categoryId}`,
  );
  const n = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return { incomeAccountId: n(row?.income_account_id), expenseAccountId: n(row?.expense_account_id), inventoryAccountId: n(row?.inventory_account_id) };
}

export async function saveCategoryAccounts(opts: {
  tx: Db;
  actor: Actor;
  categoryId: number;
  input: z.output<typeof itemCategoryAccountsBody>;
}): Promise<ItemCategoryAccounts> {
  const { tx, actor, categoryId, input } = opts;
  const [category] = await queryRows<{ id: number }>(tx, sql`select id from categories where id = ${categoryId}`);
  if (!category) throw notFound();
  const refs = await queryRows<{ kind: string; ok: boolean }>(
    tx,
    sql`
    select 'income' as kind, status = 'Active' and type = 'income' as ok from accounts where id = ${input.incomeAccountId ?? 0}
    union all select 'expense', status = 'Active' and type = 'expense' from accounts where id = ${input.expenseAccountId ?? 0}
    union all select 'inventory', status = 'Active' and type = 'asset' and subtype = 'inventory' from accounts where id = ${input.inventoryAccountId ?? 0}`,
  );
  const problems: FieldError[] = [];
  const check = (kind: string, field: string, value: number | null | undefined) => {
    if (value && !refs.some((r) => r.kind === kind && r.ok)) problems.push({ field, message: 'items.accountType' });
  };
  check('income', 'incomeAccountId', input.incomeAccountId);
  check('expense', 'expenseAccountId', input.expenseAccountId);
  check('inventory', 'inventoryAccountId', input.inventoryAccountId);
  if (problems.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', problems);
  const before = await categoryAccounts(tx, categoryId);
  await tx.execute(sql`
    insert into item_category_accounts (client_id, category_id, income_account_id, expense_account_id, inventory_account_id)
    values (${actor.clientId}, ${categoryId}, ${input.incomeAccountId ?? null}, ${input.expenseAccountId ?? null}, ${input.inventoryAccountId ?? null})
    on conflict (client_id, category_id) do update set income_account_id = excluded.income_account_id,
      expense_account_id = excluded.expense_account_id, inventory_account_id = excluded.inventory_account_id, updated_at = now()`);
  const after = await categoryAccounts(tx, categoryId);
  await writeAudit(tx, actor, { action: 'update', entity: 'item-category', entityId: categoryId, before, after });
  return { categoryId, ...after };
}
