// /api/elc/stock-transfers: stock moved from one branch to another. Each line leaves the first branch at
// its average cost there and arrives at the second with exactly that value, so the organisation's stock
// value does not change and nothing is posted (an item has one inventory account whatever the branch).
// Cancelling moves it back at the same values, refused when the stock has moved on since.
import { sql } from 'drizzle-orm';
import type { StockCancelBody, StockTransfer, stockTransferBody, stockTransferListQuery, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { dec, documentNumber, nextDocumentNumber } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { checkActiveBranch, checkOpenDate } from './stock-adjustments.ts';
import { type StockMoveRequest, lockStockBalances, planStockMoves, writeStockMoves } from './stock-moves.ts';
import { STOCK_TRANSFER_SERIES, STOCK_TRANSFER_SOURCE_TYPE } from './stock.posting.ts';

type TransferInput = z.output<typeof stockTransferBody>;

interface TransferRow {
  id: string;
  transfer_no: string;
  from_branch_id: number;
  from_branch_name: string;
  to_branch_id: number;
  to_branch_name: string;
  date: string;
  memo: string | null;
  total: string;
  status: StockTransfer['status'];
  created_by_name: string | null;
  created_at: string | Date;
  cancelled_at: string | Date | null;
  cancel_reason: string | null;
}

const selectTransfers = sql`
  select t.id, t.transfer_no, t.from_branch_id, fb.name as from_branch_name, t.to_branch_id, tb.name as to_branch_name, t.date::text,
         t.memo, t.total::text, t.status, u.fullname as created_by_name, t.created_at, t.cancelled_at, t.cancel_reason
  from stock_transfers t join branches fb on fb.id = t.from_branch_id join branches tb on tb.id = t.to_branch_id
  left join users u on u.id = t.created_by`;

function toTransfer(r: TransferRow): Omit<StockTransfer, 'lines'> {
  return {
    id: Number(r.id),
    number: documentNumber(STOCK_TRANSFER_SERIES, Number(r.transfer_no)),
    fromBranchId: Number(r.from_branch_id),
    fromBranchName: r.from_branch_name,
    toBranchId: Number(r.to_branch_id),
    toBranchName: r.to_branch_name,
    date: r.date,
    memo: r.memo,
    total: dec(r.total).toFixed(2),
    status: r.status,
    createdByName: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
    cancelledAt: r.cancelled_at === null ? null : new Date(r.cancelled_at).toISOString(),
    cancelReason: r.cancel_reason,
  };
}

export async function getStockTransfer(opts: { tx: Db; id: number }): Promise<StockTransfer> {
  const [row] = await queryRows<TransferRow>(opts.tx, sql`${selectTransfers} where t.id = ${opts.id}`);
  if (!row) throw notFound();
  const lines = await queryRows<{ position: number; item_id: number; code: string; name: string; quantity: string; value: string }>(
    opts.tx,
    sql`select l.position, l.item_id, i.code, i.name, l.quantity::text, l.value::text
        from stock_transfer_lines l join items i on i.id = l.item_id where l.transfer_id = ${opts.id} order by l.position`,
  );
  return {
    ...toTransfer(row),
    lines: lines.map((l) => ({
      position: Number(l.position),
      itemId: Number(l.item_id),
      itemCode: l.code,
      itemName: l.name,
      quantity: dec(l.quantity).toString(),
      value: dec(l.value).toFixed(2),
    })),
  };
}

export async function listStockTransfers(opts: { tx: Db; query: z.output<typeof stockTransferListQuery> }) {
  const { tx, query } = opts;
  const where = sql`true
    ${query.branchId ? sql`and (t.from_branch_id = ${query.branchId} or t.to_branch_id = ${query.branchId})` : sql``}
    ${query.status ? sql`and t.status = ${query.status}` : sql``}
    ${query.from ? sql`and t.date >= ${query.from}::date` : sql``}
    ${query.to ? sql`and t.date <= ${query.to}::date` : sql``}
    ${query.q ? sql`and (t.memo ilike ${`%${query.q}%`} or t.transfer_no::text = ${query.q.replace(/^ST-0*/i, '')})` : sql``}`;
  const rows = await queryRows<TransferRow>(
    tx,
    sql`${selectTransfers} where ${where} order by t.date desc, t.id desc limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from stock_transfers t where ${where}`);
  return { data: rows.map(toTransfer), total: Number(total), page: query._page, limit: query._limit };
}

export async function createStockTransfer(opts: { tx: Db; actor: Actor; input: TransferInput }): Promise<StockTransfer> {
  const { tx, actor, input } = opts;
  await checkActiveBranch(tx, input.fromBranchId, 'fromBranchId');
  await checkActiveBranch(tx, input.toBranchId, 'toBranchId');
  await checkOpenDate(tx, actor.clientId, input.date);
  // Both branches' balances locked at once in key order; out of the first branch (at its average), then
  // in at the second with the value each line took.
  await lockStockBalances(
    tx,
    actor,
    input.lines.flatMap((l) => [
      { itemId: l.itemId, branchId: input.fromBranchId },
      { itemId: l.itemId, branchId: input.toBranchId },
    ]),
  );
  const outPlan = await planStockMoves(
    tx,
    actor,
    input.lines.map((l, i) => ({
      itemId: l.itemId,
      branchId: input.fromBranchId,
      kind: 'transfer_out' as const,
      quantity: dec(l.quantity).negated().toString(),
      field: `lines.${i}.quantity`,
    })),
  );
  const inPlan = await planStockMoves(
    tx,
    actor,
    outPlan.moves.map((m) => ({
      itemId: m.itemId,
      branchId: input.toBranchId,
      kind: 'transfer_in' as const,
      quantity: dec(m.quantity).negated().toString(),
      value: dec(m.value).negated().toFixed(2),
      field: m.field,
    })),
  );
  const no = await nextDocumentNumber(tx, actor.clientId, STOCK_TRANSFER_SERIES);
  const number = documentNumber(STOCK_TRANSFER_SERIES, no);
  const total = inPlan.moves.reduce((sum, m) => sum.plus(dec(m.value)), dec(0));
  const [doc] = await queryRows<{ id: string }>(
    tx,
    sql`insert into stock_transfers (client_id, transfer_no, from_branch_id, to_branch_id, date, memo, total, created_by)
        values (${actor.clientId}, ${no}, ${input.fromBranchId}, ${input.toBranchId}, ${input.date}, ${input.memo}, ${total.toFixed(2)}, ${actor.userId})
        returning id`,
  );
  const id = Number(doc.id);
  await tx.execute(sql`
    insert into stock_transfer_lines (client_id, transfer_id, position, item_id, quantity, value)
    select ${actor.clientId}, ${id}, x.position, x.item_id, x.quantity, x.value
    from jsonb_to_recordset(${JSON.stringify(inPlan.moves.map((m, i) => ({ position: i + 1, item_id: m.itemId, quantity: m.quantity, value: m.value })))}::jsonb)
      as x(position int, item_id int, quantity numeric, value numeric)`);
  const source = { date: input.date, sourceType: STOCK_TRANSFER_SOURCE_TYPE, sourceId: id, sourceNo: number, journalEntryId: null };
  await writeStockMoves(tx, actor, outPlan, source);
  await writeStockMoves(tx, actor, inPlan, source);
  const saved = await getStockTransfer({ tx, id });
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'stock-transfer',
    entityId: id,
    after: { number, fromBranchId: input.fromBranchId, toBranchId: input.toBranchId, date: input.date, total: saved.total, lines: saved.lines },
  });
  return saved;
}

export async function cancelStockTransfer(opts: { tx: Db; actor: Actor; id: number; input: StockCancelBody }): Promise<StockTransfer> {
  const { tx, actor, id, input } = opts;
  const [locked] = await queryRows<{ status: string }>(tx, sql`select status from stock_transfers where id = ${id} for update`);
  if (!locked) throw notFound();
  if (locked.status === 'Cancelled') throw new AppError(409, 'ALREADY_CANCELLED', 'stock.alreadyCancelled');
  const doc = await getStockTransfer({ tx, id });
  const back = (kind: 'transfer_out' | 'transfer_in', branchId: number, sign: 1 | -1): StockMoveRequest[] =>
    doc.lines.map((l, i) => ({
      itemId: l.itemId,
      branchId,
      kind,
      quantity: dec(l.quantity).times(sign).toString(),
      value: l.value,
      field: `lines.${i}.quantity`,
    }));
  await lockStockBalances(
    tx,
    actor,
    doc.lines.flatMap((l) => [
      { itemId: l.itemId, branchId: doc.fromBranchId },
      { itemId: l.itemId, branchId: doc.toBranchId },
    ]),
  );
  const outPlan = await planStockMoves(tx, actor, back('transfer_out', doc.toBranchId, -1));
  const inPlan = await planStockMoves(tx, actor, back('transfer_in', doc.fromBranchId, 1));
  await tx.execute(sql`
    update stock_transfers set status = 'Cancelled', cancelled_by = ${actor.userId}, cancelled_at = now(), cancel_reason = ${input.reason}
    where id = ${id}`);
  const source = { date: doc.date, sourceType: STOCK_TRANSFER_SOURCE_TYPE, sourceId: id, sourceNo: doc.number, journalEntryId: null };
  await writeStockMoves(tx, actor, outPlan, source);
  await writeStockMoves(tx, actor, inPlan, source);
  await writeAudit(tx, actor, {
    action: 'cancel',
    entity: 'stock-transfer',
    entityId: id,
    before: { status: 'Posted' },
    after: { status: 'Cancelled', reason: input.reason },
  });
  return getStockTransfer({ tx, id });
}
