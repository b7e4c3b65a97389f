// The one writer of stock: every document that moves stock (adjustments and transfers here; purchases,
// sales and returns in their modules) plans its moves, posts its entry with the costs the plan gives,
// then writes the moves. Planning locks the item-and-branch balance rows in key order (so two documents
// moving the same stock queue, and never deadlock) and costs each move at the moving average
// (stock-cost.ts). Writing inserts the moves with their running balance and sets the balances, two
// statements whatever the number of lines.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, type FieldError } from '../../plugins/errors.ts';
import { type StockPosition, costMove } from './stock-cost.ts';

export type StockMoveKind = 'opening' | 'purchase' | 'purchase_return' | 'sale' | 'sales_return' | 'adjustment' | 'transfer_in' | 'transfer_out';

export interface StockMoveRequest {
  itemId: number;
  branchId: number;
  kind: StockMoveKind;
  /** Signed: + into stock, - out of it (a decimal string or number with up to three decimals). */
  quantity: string;
  /**
   * Into stock: its value at cost (required unless `returnsMoveId`). Out of it: leave empty (average
   * cost), or the exact value of the move being undone (a cancellation).
   */
  value?: string | null;
  /** A return brings back the move it names at the cost that move took (a sales return). */
  returnsMoveId?: number | null;
  /** The request field a refusal names ('lines.2.quantity'). */
  field: string;
}

export interface PlannedMove extends StockMoveRequest {
  value: string;
  unitCost: string;
  quantityAfter: string;
  valueAfter: string;
  inventoryAccountId: number;
}

export interface StockPlan {
  moves: PlannedMove[];
  balances: Map<string, StockPosition>;
  /** Value moved per inventory account (signed): what the document's entry debits (+) or credits (-). */
  byInventoryAccount: Map<number, Decimal>;
}

interface ItemRow {
  id: number;
  code: string;
  name: string;
  kind: string;
  status: string;
  inventory_account_id: number | null;
}

const key = (itemId: number, branchId: number) => `${itemId}:${branchId}`;

/** Whether the organisation lets stock go below zero (stock_settings; no row: no). */
export async function allowsNegativeStock(tx: Db): Promise<boolean> {
  const [row] = await queryRows<{ allow: boolean }>(tx, sql`select allow_negative_stock as allow from stock_settings`);
  return row?.allow ?? false;
}

/**
 * Locks the balance rows of these item-and-branch pairs (creating missing ones) in key order and reads
 * them. A document that plans moves at two branches (a transfer) locks all its pairs first with this,
 * so two transfers in opposite directions queue instead of deadlocking.
 */
export async function lockStockBalances(tx: Db, actor: Actor, pairs: Array<{ itemId: number; branchId: number }>): Promise<Map<string, StockPosition>> {
  const sorted = [...new Map(pairs.map((p) => [key(p.itemId, p.branchId), p])).values()].sort((a, b) => a.itemId - b.itemId || a.branchId - b.branchId);
  const json = JSON.stringify(sorted.map((p) => ({ item_id: p.itemId, branch_id: p.branchId })));
  const balances = new Map<string, StockPosition>();
  if (sorted.length === 0) return balances;
  await tx.execute(sql`
    insert into stock_balances (client_id, item_id, branch_id)
    select ${actor.clientId}, x.item_id, x.branch_id
    from jsonb_to_recordset(${json}::jsonb) as x(item_id int, branch_id int)
    order by x.item_id, x.branch_id
    on conflict do nothing`);
  const locked = await queryRows<{ item_id: number; branch_id: number; quantity: string; value: string; last_unit_cost: string }>(
    tx,
    sql`
    select b.item_id, b.branch_id, b.quantity::text, b.value::text, b.last_unit_cost::text
    from stock_balances b
    join jsonb_to_recordset(${json}::jsonb) as x(item_id int, branch_id int) on b.item_id = x.item_id and b.branch_id = x.branch_id
    order by b.item_id, b.branch_id
    for update of b`,
  );
  for (const b of locked) {
    balances.set(key(Number(b.item_id), Number(b.branch_id)), { quantity: dec(b.quantity), value: dec(b.value), lastUnitCost: dec(b.last_unit_cost) });
  }
  return balances;
}

/** Locks the balances the moves touch (creating missing ones) in key order and costs every move. */
export async function planStockMoves(tx: Db, actor: Actor, requests: StockMoveRequest[]): Promise<StockPlan> {
  const pairs = requests.map((r) => ({ itemId: r.itemId, branchId: r.branchId }));
  const itemIds = [...new Set(requests.map((r) => r.itemId))];
  const itemRows = await queryRows<ItemRow>(
    tx,
    sql`select id, code, name, kind, status, inventory_account_id from items where id in (select unnest(${`{${itemIds.join(',')}}`}::int[]))`,
  );
  const itemsById = new Map(itemRows.map((i) => [Number(i.id), i]));
  const problems: FieldError[] = [];
  for (const r of requests) {
    const item = itemsById.get(r.itemId);
    if (!item) problems.push({ field: r.field.replace(/quantity$/, 'itemId'), message: 'v.notFound' });
    else if (item.kind !== 'stock') problems.push({ field: r.field.replace(/quantity$/, 'itemId'), message: 'stock.notStocked' });
  }
  if (problems.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', problems);

  const balances = await lockStockBalances(tx, actor, pairs);

  const returnValues = await returnedMoveValues(tx, requests);
  const allowNegative = requests.some((r) => dec(r.quantity).isNegative()) ? await allowsNegativeStock(tx) : false;
  const moves: PlannedMove[] = [];
  const byInventoryAccount = new Map<number, Decimal>();
  for (const r of requests) {
    const item = itemsById.get(r.itemId) as ItemRow;
    const k = key(r.itemId, r.branchId);
    const position = balances.get(k) as StockPosition;
    const value = r.returnsMoveId ? returnValues(r) : r.value;
    const costed = costMove(position, r.quantity, value, allowNegative);
    if (!costed.ok) {
      const name = `${item.code} ${item.name}`.replaceAll('|', '/');
      const message = costed.reason === 'quantity' ? `stock.insufficient|${name}|${costed.onHand.toString()}` : `stock.movedSince|${name}`;
      problems.push({ field: r.field, message });
      continue;
    }
    balances.set(k, costed.move.after);
    const account = Number(item.inventory_account_id);
    byInventoryAccount.set(account, (byInventoryAccount.get(account) ?? new Decimal(0)).plus(costed.move.value));
    moves.push({
      ...r,
      value: costed.move.value.toFixed(2),
      unitCost: costed.move.unitCost.toFixed(6),
      quantityAfter: costed.move.after.quantity.toFixed(3),
      valueAfter: costed.move.after.value.toFixed(2),
      inventoryAccountId: account,
    });
  }
  if (problems.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', problems);
  return { moves, balances, byInventoryAccount };
}

/** What a return is worth: the named move's cost for the quantity returned (cents, half even). */
async function returnedMoveValues(tx: Db, requests: StockMoveRequest[]): Promise<(r: StockMoveRequest) => string> {
  const ids = requests.map((r) => r.returnsMoveId).filter((id): id is number => !!id);
  if (ids.length === 0) return () => '0';
  const rows = await queryRows<{ id: number; item_id: number; quantity: string; value: string }>(
    tx,
    sql`select id, item_id, quantity::text, value::text from stock_moves where id in (select unnest(${`{${ids.join(',')}}`}::bigint[]))`,
  );
  const byId = new Map(rows.map((m) => [Number(m.id), m]));
  return (r) => {
    const original = byId.get(Number(r.returnsMoveId));
    if (!original || Number(original.item_id) !== r.itemId)
      throw new AppError(400, 'VALIDATION', 'common.validation', [{ field: r.field, message: 'v.notFound' }]);
    const unit = dec(original.value).abs().dividedBy(dec(original.quantity).abs());
    return unit.times(dec(r.quantity).abs()).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);
  };
}

/** Writes the planned moves of one document and the balances after them. */
export async function writeStockMoves(
  tx: Db,
  actor: Actor,
  plan: StockPlan,
  source: { date: string; sourceType: string; sourceId: number; sourceNo: string | null; journalEntryId: number | null },
): Promise<number[]> {
  if (plan.moves.length === 0) return [];
  const rows = plan.moves.map((m, n) => ({
    n,
    item_id: m.itemId,
    branch_id: m.branchId,
    kind: m.kind,
    quantity: m.quantity,
    value: m.value,
    unit_cost: m.unitCost,
    quantity_after: m.quantityAfter,
    value_after: m.valueAfter,
    inventory_account_id: m.inventoryAccountId,
    returns_move_id: m.returnsMoveId ?? null,
  }));
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`
    insert into stock_moves (client_id, item_id, branch_id, moved_on, kind, quantity, value, unit_cost, quantity_after, value_after,
                             inventory_account_id, source_type, source_id, source_no, returns_move_id, journal_entry_id, created_by)
    select ${actor.clientId}, x.item_id, x.branch_id, ${source.date}::date, x.kind, x.quantity, x.value, x.unit_cost, x.quantity_after, x.value_after,
           x.inventory_account_id, ${source.sourceType}, ${source.sourceId}, ${source.sourceNo}, x.returns_move_id, ${source.journalEntryId}, ${actor.userId}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(n int, item_id int, branch_id int, kind text, quantity numeric, value numeric,
         unit_cost numeric, quantity_after numeric, value_after numeric, inventory_account_id int, returns_move_id bigint)
    order by x.n
    returning id`,
  );
  const balances = [...plan.balances.entries()].map(([k, b]) => {
    const [itemId, branchId] = k.split(':').map(Number);
    return { item_id: itemId, branch_id: branchId, quantity: b.quantity.toFixed(3), value: b.value.toFixed(2), last_unit_cost: b.lastUnitCost.toFixed(6) };
  });
  await tx.execute(sql`
    update stock_balances b set quantity = x.quantity, value = x.value, last_unit_cost = x.last_unit_cost, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(balances)}::jsonb) as x(item_id int, branch_id int, quantity numeric, value numeric, last_unit_cost numeric)
    where b.item_id = x.item_id and b.branch_id = x.branch_id`);
  await writeDailyBalances(tx, actor.clientId, source.date, rows);
  return inserted.map((r) => Number(r.id));
}

/**
 * The stock at the end of the document's day per item and branch (stock_daily_balances) and per item over
 * every branch (stock_item_daily_balances), in one statement: the day's row gets the moves (created from
 * the last earlier day's stock when new), and every later day of a back-dated move gets its difference.
 * The balance rows are locked by the plan, so two documents never write the same pair's days at once; the
 * item rows are upserted in item order, so two documents at different branches queue on them, never
 * deadlock.
 */
async function writeDailyBalances(
  tx: Db,
  clientId: number,
  day: string,
  moves: Array<{ item_id: number; branch_id: number; quantity: string; value: string }>,
) {
  await tx.execute(sql`
    with d as (
      select x.item_id, x.branch_id, sum(x.quantity) as q, sum(x.value) as v, count(*)::int as n
      from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as x(item_id int, branch_id int, quantity numeric, value numeric)
      group by x.item_id, x.branch_id
    ), di as (
      select item_id, sum(q) as q, sum(v) as v, sum(n)::int as n from d group by item_id
    ), item_days as (
      insert into stock_item_daily_balances as s (client_id, item_id, day, quantity, value, day_quantity, day_value, moves)
      select ${clientId}, di.item_id, ${day}::date, coalesce(p.quantity, 0) + di.q, coalesce(p.value, 0) + di.v, di.q, di.v, di.n
      from di left join lateral (
        select p.quantity, p.value from stock_item_daily_balances p
        where p.client_id = ${clientId} and p.item_id = di.item_id and p.day < ${day}::date
        order by p.day desc limit 1
      ) p on true
      order by di.item_id
      on conflict (client_id, item_id, day) do update
        set quantity = s.quantity + excluded.day_quantity, value = s.value + excluded.day_value,
            day_quantity = s.day_quantity + excluded.day_quantity, day_value = s.day_value + excluded.day_value, moves = s.moves + excluded.moves
    ), later_items as (
      update stock_item_daily_balances s set quantity = s.quantity + di.q, value = s.value + di.v
      from di where s.client_id = ${clientId} and s.item_id = di.item_id and s.day > ${day}::date
    ), later as (
      update stock_daily_balances s set quantity = s.quantity + d.q, value = s.value + d.v
      from d where s.client_id = ${clientId} and s.item_id = d.item_id and s.branch_id = d.branch_id and s.day > ${day}::date
    )
    insert into stock_daily_balances as s (client_id, item_id, branch_id, day, quantity, value, day_quantity, day_value, moves)
    select ${clientId}, d.item_id, d.branch_id, ${day}::date, coalesce(p.quantity, 0) + d.q, coalesce(p.value, 0) + d.v, d.q, d.v, d.n
    from d left join lateral (
      select p.quantity, p.value from stock_daily_balances p
      where p.client_id = ${clientId} and p.item_id = d.item_id and p.branch_id = d.branch_id and p.day < ${day}::date
      order by p.day desc limit 1
    ) p on true
    order by d.item_id, d.branch_id
    on conflict (client_id, item_id, branch_id, day) do update
      set quantity = s.quantity + excluded.day_quantity, value = s.value + excluded.day_value,
          day_quantity = s.day_quantity + excluded.day_quantity, day_value = s.day_value + excluded.day_value, moves = s.moves + excluded.moves`);
}
