// What the sales services share: the lines checked and priced (items and free lines on an income
// account), the customer, branch and receiving account checks, the lock-date check, the walk-in customer.
import { sql } from 'drizzle-orm';
import { type LineFigures, type TradeLineBody, bdec, lineFigures, receivingSubtypes, translate, type z, type tradeLineBody } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { holdLockDate } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, type FieldError } from '../../plugins/errors.ts';

export type LineInput = z.output<typeof tradeLineBody>;
export type { TradeLineBody };

export interface PreparedLine {
  position: number;
  itemId: number | null;
  stocked: boolean;
  /** Income account the line is sold on. */
  accountId: number;
  expenseAccountId: number | null;
  inventoryAccountId: number | null;
  description: string | null;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  taxPercent: string;
  figures: LineFigures;
}

export const validation = (details: FieldError[]) => new AppError(400, 'VALIDATION', 'common.validation', details);
const pgArray = (ids: number[]) => `{${ids.join(',')}}`;

/** Checks every line (item active; a free line's income account) and prices it; errors name the line's field. */
export async function prepareLines(tx: Db, lines: LineInput[], errors: FieldError[]): Promise<PreparedLine[]> {
  const itemIds = [...new Set(lines.flatMap((l) => (l.itemId ? [l.itemId] : [])))];
  const accountIds = [...new Set(lines.flatMap((l) => (!l.itemId && l.accountId ? [l.accountId] : [])))];
  const items = await queryRows<{
    id: number;
    kind: string;
    status: string;
    income_account_id: number;
    expense_account_id: number;
    inventory_account_id: number | null;
  }>(
    tx,
    sql`select id, kind, status, income_account_id, expense_account_id, inventory_account_id from items where id in (select unnest(${pgArray(itemIds)}::int[]))`,
  );
  const accounts = await queryRows<{ id: number; type: string; status: string }>(
    tx,
    sql`select id, type, status from accounts where id in (select unnest(${pgArray(accountIds)}::int[]))`,
  );
  const itemById = new Map(items.map((i) => [Number(i.id), i]));
  const accountById = new Map(accounts.map((a) => [Number(a.id), a]));
  const prepared: PreparedLine[] = [];
  for (const [i, l] of lines.entries()) {
    const base = {
      position: i + 1,
      description: l.description ?? null,
      quantity: bdec(l.quantity).toString(),
      unitPrice: l.unitPrice,
      discountPercent: l.discountPercent ?? '0',
      taxPercent: l.taxPercent ?? '0',
      figures: lineFigures(l),
    };
    if (l.itemId) {
      const item = itemById.get(l.itemId);
      if (item?.status !== 'Active') {
        errors.push({ field: `lines.${i}.itemId`, message: item ? 'sales.itemInactive' : 'v.notFound' });
        continue;
      }
      prepared.push({
        ...base,
        itemId: l.itemId,
        stocked: item.kind === 'stock',
        accountId: Number(item.income_account_id),
        expenseAccountId: Number(item.expense_account_id),
        inventoryAccountId: item.inventory_account_id === null ? null : Number(item.inventory_account_id),
      });
      continue;
    }
    const account = l.accountId ? accountById.get(l.accountId) : undefined;
    if (!l.accountId) errors.push({ field: `lines.${i}.accountId`, message: 'sales.itemOrAccount' });
    else if (account?.type !== 'income' || account.status !== 'Active') errors.push({ field: `lines.${i}.accountId`, message: 'sales.notIncomeAccount' });
    else prepared.push({ ...base, itemId: null, stocked: false, accountId: l.accountId, expenseAccountId: null, inventoryAccountId: null });
  }
  return prepared;
}

/** The customer a document names: theirs, active. */
export async function checkCustomer(tx: Db, customerId: number, errors: FieldError[], field = 'customerId') {
  const [c] = await queryRows<{ id: number; customer_no: string; name: string; status: string }>(
    tx,
    sql`select id, customer_no, name, status from customers where id = ${customerId}`,
  );
  if (!c) errors.push({ field, message: 'v.notFound' });
  else if (c.status !== 'Active') errors.push({ field, message: 'sales.customerInactive' });
  return c ? { id: Number(c.id), customerNo: c.customer_no, name: c.name } : null;
}

export async function checkBranch(tx: Db, branchId: number, errors: FieldError[]) {
  const [b] = await queryRows<{ status: string }>(tx, sql`select status from branches where id = ${branchId}`);
  if (b?.status !== 'Active') errors.push({ field: 'branchId', message: 'v.notFound' });
}

/** A cash, bank or mobile-money account, active: where money is received or refunded from. */
export async function checkReceivingAccount(tx: Db, accountId: number, field: string, errors: FieldError[]) {
  const [a] = await queryRows<{ type: string; subtype: string; status: string }>(tx, sql`select type, subtype, status from accounts where id = ${accountId}`);
  if (!a) errors.push({ field, message: 'ledger.unknownAccount' });
  else if (a.type !== 'asset' || !(receivingSubtypes as readonly string[]).includes(a.subtype) || a.status !== 'Active')
    errors.push({ field, message: 'payments.notReceivingAccount' });
}

/** Refuses a date on or before the lock date (the hold lasts until commit, as postings' do). */
export async function checkOpenDate(tx: Db, clientId: number, date: string): Promise<void> {
  const lockDate = await holdLockDate(tx, clientId);
  if (lockDate && date <= lockDate) throw validation([{ field: 'date', message: `ledger.locked|${lockDate}` }]);
}

/** The date a cancellation posts on: the document's, or today when that day is closed. */
export async function cancelDate(tx: Db, clientId: number, date: string): Promise<string> {
  const lockDate = await holdLockDate(tx, clientId);
  return lockDate && date <= lockDate ? new Date().toISOString().slice(0, 10) : date;
}

/**
 * The organisation's walk-in customer, created on the first cash sale that names no customer: a customer
 * row numbered WALK-IN (outside the customer number series), without a house, so bill runs never bill it;
 * cash sales leave its balance at zero. Its id is kept in sales_settings (row locked: one is ever made).
 */
export async function walkInCustomer(tx: Db, actor: Actor): Promise<{ id: number; customerNo: string; name: string }> {
  await tx.execute(sql`insert into sales_settings (client_id) values (${actor.clientId}) on conflict do nothing`);
  const [s] = await queryRows<{ id: number | null }>(tx, sql`select walk_in_customer_id as id from sales_settings for update`);
  if (s?.id) {
    const [c] = await queryRows<{ id: number; customer_no: string; name: string }>(tx, sql`select id, customer_no, name from customers where id = ${s.id}`);
    return { id: Number(c.id), customerNo: c.customer_no, name: c.name };
  }
  const name = translate('sales.walkInName', actor.lang);
  const [c] = await queryRows<{ id: number }>(
    tx,
    sql`insert into customers (client_id, customer_no, name, phone, customer_class, created_by)
        values (${actor.clientId}, 'WALK-IN', ${name}, '', 'commercial', ${actor.userId}) returning id`,
  );
  await tx.execute(sql`update sales_settings set walk_in_customer_id = ${c.id}, updated_at = now()`);
  return { id: Number(c.id), customerNo: 'WALK-IN', name };
}

/** The walk-in customer's id, if one was made. */
export async function walkInCustomerId(tx: Db): Promise<number | null> {
  const [s] = await queryRows<{ id: number | null }>(tx, sql`select walk_in_customer_id as id from sales_settings`);
  return s?.id ? Number(s.id) : null;
}

/** Writes a document's lines in one statement. */
export async function insertLines(
  tx: Db,
  actor: Actor,
  documentId: number,
  lines: Array<PreparedLine & { cost: string; stockMoveId: number | null; salePosition?: number | null }>,
): Promise<void> {
  const payload = lines.map((l) => ({
    position: l.position,
    item_id: l.itemId,
    account_id: l.accountId,
    description: l.description,
    quantity: l.quantity,
    unit_price: l.unitPrice,
    discount_percent: l.discountPercent,
    tax_percent: l.taxPercent,
    net: l.figures.net,
    discount: l.figures.discount,
    tax: l.figures.tax,
    total: l.figures.total,
    cost: l.cost,
    stock_move_id: l.stockMoveId,
    sale_position: l.salePosition ?? null,
  }));
  await tx.execute(sql`
    insert into sales_document_lines (client_id, document_id, position, item_id, account_id, description, quantity, unit_price, discount_percent,
                                      tax_percent, net, discount, tax, total, cost, stock_move_id, sale_position)
    select ${actor.clientId}, ${documentId}, x.position, x.item_id, x.account_id, x.description, x.quantity, x.unit_price, x.discount_percent,
           x.tax_percent, x.net, x.discount, x.tax, x.total, x.cost, x.stock_move_id, x.sale_position
    from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as x(position int, item_id int, account_id int, description text, quantity numeric,
         unit_price numeric, discount_percent numeric, tax_percent numeric, net numeric, discount numeric, tax numeric, total numeric, cost numeric,
         stock_move_id bigint, sale_position int)`);
}
