// POST/PUT/PATCH status /api/elc/items: codes are unique per organisation regardless of case (so are
// barcodes); the category and unit must be active; the accounts must be active and of the right kind
// (income; expense; an inventory asset for a stocked good), empty ones take the organisation's defaults.
// Once an item has stock moves its kind and inventory account stay: the moves are valued on that account,
// and the books must keep equalling the stock. Every change is audited in its transaction.
import { sql } from 'drizzle-orm';
import type { Item, ReferenceStatus, itemBody, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { categoryAccounts } from './category-accounts.ts';
import { systemAccountId } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { pgCode } from '../../lib/sql.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';
import { getItem } from './list-items.ts';

type ItemInput = z.output<typeof itemBody>;

interface ResolvedAccounts {
  incomeAccountId: number;
  expenseAccountId: number;
  inventoryAccountId: number | null;
}

/** The accounts an item posts to: the ones chosen, or the organisation's defaults. */
export async function itemDefaultAccounts(tx: Db, clientId: number) {
  const [incomeAccountId, expenseAccountId, inventoryAccountId] = await Promise.all([
    systemAccountId(tx, clientId, 'goodsSales'),
    systemAccountId(tx, clientId, 'costOfSales'),
    systemAccountId(tx, clientId, 'inventory'),
  ]);
  return { incomeAccountId, expenseAccountId, inventoryAccountId };
}

async function checkItem(tx: Db, actor: Actor, input: ItemInput, exceptId?: number): Promise<ResolvedAccounts> {
  const problems: FieldError[] = [];
  const defaults = await itemDefaultAccounts(tx, actor.clientId);
  // An account left empty: the category's, then the organisation's default.
  const category = await categoryAccounts(tx, input.categoryId);
  const resolved: ResolvedAccounts = {
    incomeAccountId: input.incomeAccountId ?? category.incomeAccountId ?? defaults.incomeAccountId,
    expenseAccountId: input.expenseAccountId ?? category.expenseAccountId ?? defaults.expenseAccountId,
    inventoryAccountId: input.kind === 'stock' ? (input.inventoryAccountId ?? category.inventoryAccountId ?? defaults.inventoryAccountId) : null,
  };
  const [taken] = await queryRows<{ code: boolean; barcode: boolean }>(
    tx,
    sql`select bool_or(lower(code) = lower(${input.code})) as code, bool_or(barcode = ${input.barcode ?? ''}) as barcode
        from items where id <> ${exceptId ?? 0} and (lower(code) = lower(${input.code}) or barcode = ${input.barcode ?? ''})`,
  );
  if (taken?.code) problems.push({ field: 'code', message: 'common.duplicate' });
  if (taken?.barcode) problems.push({ field: 'barcode', message: 'common.duplicate' });
  const refs = await queryRows<{ kind: string; id: number; ok: boolean }>(
    tx,
    sql`
    select 'category' as kind, id, status = 'Active' as ok from categories where id = ${input.categoryId ?? 0}
    union all select 'unit', id, status = 'Active' from units where id = ${input.unitId ?? 0}
    union all select 'income', id, status = 'Active' and type = 'income' from accounts where id = ${resolved.incomeAccountId}
    union all select 'expense', id, status = 'Active' and type = 'expense' from accounts where id = ${resolved.expenseAccountId}
    union all select 'inventory', id, status = 'Active' and type = 'asset' and subtype = 'inventory' from accounts where id = ${resolved.inventoryAccountId ?? 0}`,
  );
  const ok = (kind: string) => refs.some((r) => r.kind === kind && r.ok);
  if (input.categoryId && !ok('category')) problems.push({ field: 'categoryId', message: 'v.notFound' });
  if (input.unitId && !ok('unit')) problems.push({ field: 'unitId', message: 'v.notFound' });
  if (!ok('income')) problems.push({ field: 'incomeAccountId', message: 'items.accountType' });
  if (!ok('expense')) problems.push({ field: 'expenseAccountId', message: 'items.accountType' });
  if (resolved.inventoryAccountId !== null && !ok('inventory')) problems.push({ field: 'inventoryAccountId', message: 'items.accountType' });
  if (problems.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', problems);
  return resolved;
}

/** Two requests saving the same code at once both pass the check; the unique index answers on the field. */
function takenOnUnique(err: unknown): never {
  if (pgCode(err) === '23505') {
    const field = String((err as { constraint?: string; cause?: { constraint?: string } }).cause?.constraint ?? '').includes('barcode') ? 'barcode' : 'code';
    throw new AppError(400, 'VALIDATION', 'common.validation', [{ field, message: 'common.duplicate' }]);
  }
  throw err;
}

const auditView = (i: Item) => ({
  code: i.code,
  name: i.name,
  kind: i.kind,
  categoryId: i.categoryId,
  unitId: i.unitId,
  salePrice: i.salePrice,
  purchasePrice: i.purchasePrice,
  taxPercent: i.taxPercent,
  incomeAccountId: i.incomeAccount.id,
  expenseAccountId: i.expenseAccount.id,
  inventoryAccountId: i.inventoryAccount?.id ?? null,
  reorderLevel: i.reorderLevel,
  barcode: i.barcode,
  status: i.status,
});

export async function createItem(opts: { tx: Db; actor: Actor; input: ItemInput }): Promise<Item> {
  const { tx, actor, input } = opts;
  const accounts = await checkItem(tx, actor, input);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`
    insert into items (client_id, code, name, kind, category_id, unit_id, sale_price, purchase_price, tax_percent,
                       income_account_id, expense_account_id, inventory_account_id, reorder_level, barcode, description, created_by)
    values (${actor.clientId}, ${input.code}, ${input.name}, ${input.kind}, ${input.categoryId ?? null}, ${input.unitId ?? null},
            ${input.salePrice}, ${input.purchasePrice}, ${input.taxPercent}, ${accounts.incomeAccountId}, ${accounts.expenseAccountId},
            ${accounts.inventoryAccountId}, ${input.reorderLevel}, ${input.barcode}, ${input.description}, ${actor.userId})
    returning id`,
  ).catch(takenOnUnique);
  const item = await getItem({ tx, lang: actor.lang, id: Number(row.id) });
  await writeAudit(tx, actor, { action: 'create', entity: 'item', entityId: item.id, after: auditView(item) });
  return item;
}

export async function updateItem(opts: { tx: Db; actor: Actor; id: number; input: ItemInput }): Promise<Item> {
  const { tx, actor, id, input } = opts;
  const [locked] = await queryRows<{ id: number }>(tx, sql`select id from items where id = ${id} for update`);
  if (!locked) throw notFound();
  const before = await getItem({ tx, lang: actor.lang, id });
  const accounts = await checkItem(tx, actor, input, id);
  const changesStock = before.kind !== input.kind || (before.inventoryAccount?.id ?? null) !== accounts.inventoryAccountId;
  if (changesStock) {
    const [moved] = await queryRows<{ one: number }>(tx, sql`select 1 as one from stock_moves where item_id = ${id} limit 1`);
    if (moved)
      throw new AppError(400, 'VALIDATION', 'common.validation', [
        { field: before.kind !== input.kind ? 'kind' : 'inventoryAccountId', message: 'items.kindLocked' },
      ]);
  }
  await tx
    .execute(sql`
    update items set code = ${input.code}, name = ${input.name}, kind = ${input.kind}, category_id = ${input.categoryId ?? null},
           unit_id = ${input.unitId ?? null}, sale_price = ${input.salePrice}, purchase_price = ${input.purchasePrice},
           tax_percent = ${input.taxPercent}, income_account_id = ${accounts.incomeAccountId}, expense_account_id = ${accounts.expenseAccountId},
           inventory_account_id = ${accounts.inventoryAccountId}, reorder_level = ${input.reorderLevel}, barcode = ${input.barcode},
           description = ${input.description}, updated_at = now()
    where id = ${id}`)
    .catch(takenOnUnique);
  const after = await getItem({ tx, lang: actor.lang, id });
  await writeAudit(tx, actor, { action: 'update', entity: 'item', entityId: id, before: auditView(before), after: auditView(after) });
  return after;
}

export async function setItemStatus(opts: { tx: Db; actor: Actor; id: number; status: ReferenceStatus }): Promise<Item> {
  const { tx, actor, id, status } = opts;
  const [row] = await queryRows<{ status: string }>(tx, sql`select status from items where id = ${id} for update`);
  if (!row) throw notFound();
  if (row.status !== status) {
    await tx.execute(sql`update items set status = ${status}, updated_at = now() where id = ${id}`);
    await writeAudit(tx, actor, { action: 'status', entity: 'item', entityId: id, before: { status: row.status }, after: { status } });
  }
  return getItem({ tx, lang: actor.lang, id });
}
