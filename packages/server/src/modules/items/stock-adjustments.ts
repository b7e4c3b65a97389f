// /api/elc/stock-adjustments: opening stock and adjustments (found, lost, damaged, counted). One document
// moves the stock of its lines at its branch and, in the same transaction, posts their value at cost:
// inventory against opening balance equity (opening) or stock adjustments and losses. Cancelling moves
// the same quantities back at exactly the values they moved with and reverses the entry, so the books
// keep equalling the stock; it is refused when the stock has moved since so far that it cannot.
import { sql } from 'drizzle-orm';
import { type StockAdjustment, type StockCancelBody, translate, type stockAdjustmentBody, type stockAdjustmentListQuery, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { dec, documentNumber, getLockDate, holdLockDate, nextDocumentNumber, postJournal, reverseJournal, systemAccountId } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, fieldError, notFound } from '../../plugins/errors.ts';
import { type StockMoveRequest, planStockMoves, writeStockMoves } from './stock-moves.ts';
import { STOCK_ADJUSTMENT_SERIES, STOCK_ADJUSTMENT_SOURCE_TYPE, stockAdjustmentPosting } from './stock.posting.ts';

type AdjustmentInput = z.output<typeof stockAdjustmentBody>;

interface AdjustmentRow {
  id: string;
  adjustment_no: string;
  kind: StockAdjustment['kind'];
  branch_id: number;
  branch_name: string;
  date: string;
  reason: string | null;
  total: string;
  status: StockAdjustment['status'];
  journal_entry_id: string | null;
  created_by_name: string | null;
  created_at: string | Date;
  cancelled_at: string | Date | null;
  cancel_reason: string | null;
}

const selectAdjustments = sql`
  select a.id, a.adjustment_no, a.kind, a.branch_id, b.name as branch_name, a.date::text, a.reason, a.total::text, a.status,
         a.journal_entry_id, u.fullname as created_by_name, a.created_at, a.cancelled_at, a.cancel_reason
  from stock_adjustments a join branches b on b.id = a.branch_id left join users u on u.id = a.created_by`;

function toAdjustment(r: AdjustmentRow): Omit<StockAdjustment, 'lines'> {
  return {
    id: Number(r.id),
    number: documentNumber(STOCK_ADJUSTMENT_SERIES, Number(r.adjustment_no)),
    kind: r.kind,
    branchId: Number(r.branch_id),
    branchName: r.branch_name,
    date: r.date,
    reason: r.reason,
    total: dec(r.total).toFixed(2),
    status: r.status,
    journalEntryId: r.journal_entry_id === null ? null : Number(r.journal_entry_id),
    createdByName: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
    cancelledAt: r.cancelled_at === null ? null : new Date(r.cancelled_at).toISOString(),
    cancelReason: r.cancel_reason,
  };
}

export async function getStockAdjustment(opts: { tx: Db; id: number }): Promise<StockAdjustment> {
  const [row] = await queryRows<AdjustmentRow>(opts.tx, sql`${selectAdjustments} where a.id = ${opts.id}`);
  if (!row) throw notFound();
  const lines = await queryRows<{ position: number; item_id: number; code: string; name: string; quantity: string; value: string; memo: string | null }>(
    opts.tx,
    sql`select l.position, l.item_id, i.code, i.name, l.quantity::text, l.value::text, l.memo
        from stock_adjustment_lines l join items i on i.id = l.item_id where l.adjustment_id = ${opts.id} order by l.position`,
  );
  return {
    ...toAdjustment(row),
    lines: lines.map((l) => ({
      position: Number(l.position),
      itemId: Number(l.item_id),
      itemCode: l.code,
      itemName: l.name,
      quantity: dec(l.quantity).toString(),
      value: dec(l.value).toFixed(2),
      memo: l.memo,
    })),
  };
}

export async function listStockAdjustments(opts: { tx: Db; query: z.output<typeof stockAdjustmentListQuery> }) {
  const { tx, query } = opts;
  const where = sql`true
    ${query.branchId ? sql`and a.branch_id = ${query.branchId}` : sql``}
    ${query.kind ? sql`and a.kind = ${query.kind}` : sql``}
    ${query.status ? sql`and a.status = ${query.status}` : sql``}
    ${query.from ? sql`and a.date >= ${query.from}::date` : sql``}
    ${query.to ? sql`and a.date <= ${query.to}::date` : sql``}
    ${query.q ? sql`and (a.reason ilike ${`%${query.q}%`} or a.adjustment_no::text = ${query.q.replace(/^SA-0*/i, '')})` : sql``}`;
  const rows = await queryRows<AdjustmentRow>(
    tx,
    sql`${selectAdjustments} where ${where} order by a.date desc, a.id desc limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from stock_adjustments a where ${where}`);
  return { data: rows.map(toAdjustment), total: Number(total), page: query._page, limit: query._limit };
}

/** The branch a stock document names must be the organisation's and active. */
export async function checkActiveBranch(tx: Db, branchId: number, field: string): Promise<void> {
  const [branch] = await queryRows<{ status: string }>(tx, sql`select status from branches where id = ${branchId}`);
  if (branch?.status !== 'Active') throw fieldError(field, 'v.notFound');
}

/** Refuses a date on or before the lock date (held until commit, as postings do). */
export async function checkOpenDate(tx: Db, clientId: number, date: string): Promise<void> {
  const lockDate = await holdLockDate(tx, clientId);
  if (lockDate && date <= lockDate) throw fieldError('date', `ledger.locked|${lockDate}`);
}

/** One line of an adjustment to post: signed quantity, cost per unit of what comes in, the field a refusal names. */
export interface AdjustmentPostingLine {
  itemId: number;
  quantity: string;
  unitCost?: string | null;
  memo?: string | null;
  field: string;
}

/**
 * Posts a stock adjustment: the moves of its lines at its branch and, in the same transaction, their value
 * at cost against opening balance equity (opening) or stock adjustments and losses (adjustment, count).
 * The counts of modules/items post through this too (kind 'count').
 */
export async function postStockAdjustment(
  tx: Db,
  actor: Actor,
  input: { kind: StockAdjustment['kind']; branchId: number; date: string; reason: string | null; lines: AdjustmentPostingLine[] },
): Promise<StockAdjustment> {
  const requests: StockMoveRequest[] = input.lines.map((line) => {
    const q = dec(line.quantity);
    return {
      itemId: line.itemId,
      branchId: input.branchId,
      kind: input.kind === 'opening' ? 'opening' : 'adjustment',
      quantity: q.toString(),
      value: q.isPositive()
        ? dec(line.unitCost ?? 0)
            .times(q)
            .toDecimalPlaces(2)
            .toFixed(2)
        : null,
      field: line.field,
    };
  });
  const plan = await planStockMoves(tx, actor, requests);
  const no = await nextDocumentNumber(tx, actor.clientId, STOCK_ADJUSTMENT_SERIES);
  const number = documentNumber(STOCK_ADJUSTMENT_SERIES, no);
  const total = plan.moves.reduce((sum, m) => sum.plus(dec(m.value)), dec(0));
  const [doc] = await queryRows<{ id: string }>(
    tx,
    sql`insert into stock_adjustments (client_id, adjustment_no, kind, branch_id, date, reason, total, created_by)
        values (${actor.clientId}, ${no}, ${input.kind}, ${input.branchId}, ${input.date}, ${input.reason}, ${total.toFixed(2)}, ${actor.userId})
        returning id`,
  );
  const id = Number(doc.id);
  const contra = await systemAccountId(tx, actor.clientId, input.kind === 'opening' ? 'openingBalance' : 'stockAdjustments');
  const memo = `${translate(`items.adjustmentMemo.${input.kind}`, actor.lang)} ${number}${input.reason ? `: ${input.reason}` : ''}`;
  const lines = stockAdjustmentPosting(plan.byInventoryAccount, contra, memo.slice(0, 500));
  const entry =
    lines.length === 0
      ? null
      : await postJournal(tx, {
          clientId: actor.clientId,
          date: input.date,
          reference: number,
          memo,
          sourceType: STOCK_ADJUSTMENT_SOURCE_TYPE,
          sourceId: id,
          branchId: input.branchId,
          userId: actor.userId,
          lines,
        });
  if (entry) await tx.execute(sql`update stock_adjustments set journal_entry_id = ${entry.id} where id = ${id}`);
  await tx.execute(sql`
    insert into stock_adjustment_lines (client_id, adjustment_id, position, item_id, quantity, value, memo)
    select ${actor.clientId}, ${id}, x.position, x.item_id, x.quantity, x.value, x.memo
    from jsonb_to_recordset(${JSON.stringify(
      plan.moves.map((m, i) => ({ position: i + 1, item_id: m.itemId, quantity: m.quantity, value: m.value, memo: input.lines[i].memo ?? null })),
    )}::jsonb) as x(position int, item_id int, quantity numeric, value numeric, memo text)`);
  await writeStockMoves(tx, actor, plan, {
    date: input.date,
    sourceType: STOCK_ADJUSTMENT_SOURCE_TYPE,
    sourceId: id,
    sourceNo: number,
    journalEntryId: entry?.id ?? null,
  });
  const saved = await getStockAdjustment({ tx, id });
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'stock-adjustment',
    entityId: id,
    after: { number, kind: input.kind, branchId: input.branchId, date: input.date, total: saved.total, lines: saved.lines },
  });
  return saved;
}

export async function createStockAdjustment(opts: { tx: Db; actor: Actor; input: AdjustmentInput }): Promise<StockAdjustment> {
  const { tx, actor, input } = opts;
  await checkActiveBranch(tx, input.branchId, 'branchId');
  await checkOpenDate(tx, actor.clientId, input.date);
  return postStockAdjustment(tx, actor, {
    kind: input.kind,
    branchId: input.branchId,
    date: input.date,
    reason: input.reason,
    lines: input.lines.map((line, i) => ({
      itemId: line.itemId,
      quantity: line.quantity,
      unitCost: line.unitCost ?? null,
      memo: line.memo ?? null,
      field: `lines.${i}.quantity`,
    })),
  });
}

export async function cancelStockAdjustment(opts: { tx: Db; actor: Actor; id: number; input: StockCancelBody }): Promise<StockAdjustment> {
  const { tx, actor, id, input } = opts;
  const [locked] = await queryRows<{ status: string }>(tx, sql`select status from stock_adjustments where id = ${id} for update`);
  if (!locked) throw notFound();
  if (locked.status === 'Cancelled') throw new AppError(409, 'ALREADY_CANCELLED', 'stock.alreadyCancelled');
  const doc = await getStockAdjustment({ tx, id });
  const lockDate = await getLockDate(tx, actor.clientId);
  // A document in a closed period is undone today: the closed books stay as they were.
  const date = lockDate && doc.date <= lockDate ? new Date().toISOString().slice(0, 10) : doc.date;
  const undo: StockMoveRequest[] = doc.lines.map((l, i) => ({
    itemId: l.itemId,
    branchId: doc.branchId,
    kind: doc.kind === 'opening' ? 'opening' : 'adjustment',
    quantity: dec(l.quantity).negated().toString(),
    value: dec(l.value).abs().toFixed(2),
    field: `lines.${i}.quantity`,
  }));
  const plan = await planStockMoves(tx, actor, undo);
  const reversal = doc.journalEntryId
    ? await reverseJournal(tx, {
        clientId: actor.clientId,
        entryId: doc.journalEntryId,
        date,
        userId: actor.userId,
        memo: `${translate('items.cancelMemo', actor.lang)} ${doc.number}: ${input.reason}`.slice(0, 500),
      })
    : null;
  await tx.execute(sql`
    update stock_adjustments set status = 'Cancelled', reversal_entry_id = ${reversal?.id ?? null}, cancelled_by = ${actor.userId},
           cancelled_at = now(), cancel_reason = ${input.reason}
    where id = ${id}`);
  await writeStockMoves(tx, actor, plan, {
    date: reversal?.date ?? date,
    sourceType: STOCK_ADJUSTMENT_SOURCE_TYPE,
    sourceId: id,
    sourceNo: doc.number,
    journalEntryId: reversal?.id ?? null,
  });
  await writeAudit(tx, actor, {
    action: 'cancel',
    entity: 'stock-adjustment',
    entityId: id,
    before: { status: 'Posted' },
    after: { status: 'Cancelled', reason: input.reason, reversal: reversal?.number ?? null },
  });
  return getStockAdjustment({ tx, id });
}
