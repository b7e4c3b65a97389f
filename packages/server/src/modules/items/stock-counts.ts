// /api/elc/inventory-counts (privilege inventory-counting): count sheets. Starting one freezes, per
// stocked good of the branch (or of one category), the quantity and value on hand and the average cost at
// that moment. Counted quantities come from the grid (PUT lines) or a CSV file (item code, quantity).
// Posting makes ONE stock adjustment of kind 'count' (postStockAdjustment: the moves and the entry against
// stock adjustments and losses, in this transaction) whose lines are counted - frozen.
//
// Why counted - frozen and not counted - on hand: the store keeps working while a count goes on. A sale
// or a receipt posted after the sheet was started is already in the stock and was not on the shelf the
// counter saw (or was), so the count corrects only what the sheet found wrong at the moment it froze:
// stock after posting = on hand now + (counted - frozen) = counted + what moved since. A count whose
// difference would take stock below zero (it moved out since) is refused on that line, like any move.
// What comes in is valued at the frozen average cost; what goes out leaves at the average cost of now.
import { sql } from 'drizzle-orm';
import {
  type StockCount,
  type StockCountLine,
  type stockCountBody,
  type stockCountImportBody,
  type stockCountLinesBody,
  type stockCountListQuery,
  MAX_COUNT_LINES,
  translate,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec, documentNumber, nextDocumentNumber } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, fieldError, notFound } from '../../plugins/errors.ts';
import { checkActiveBranch, checkOpenDate, postStockAdjustment } from './stock-adjustments.ts';
import { STOCK_ADJUSTMENT_SERIES } from './stock.posting.ts';

/** Count sheets IC-000001. */
export const STOCK_COUNT_SERIES = 'IC';

interface CountRow {
  id: string;
  count_no: string;
  branch_id: number;
  branch_name: string;
  category_id: number | null;
  category_name: string | null;
  date: string;
  memo: string | null;
  status: StockCount['status'];
  started_at: string | Date;
  last_move_id: string | null;
  adjustment_id: string | null;
  adjustment_no: string | null;
  created_by_name: string | null;
  posted_at: string | Date | null;
  cancelled_at: string | Date | null;
  cancel_reason: string | null;
  line_count: number;
  counted_count: number;
  difference_value: string;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

const selectCounts = sql`
  select c.id, c.count_no, c.branch_id, b.name as branch_name, c.category_id, cat.name as category_name, c.date::text, c.memo, c.status,
         c.started_at, c.last_move_id, c.adjustment_id, a.adjustment_no, u.fullname as created_by_name, c.posted_at, c.cancelled_at, c.cancel_reason,
         (select count(*)::int from stock_count_lines l where l.count_id = c.id) as line_count,
         (select count(*)::int from stock_count_lines l where l.count_id = c.id and l.counted_quantity is not null) as counted_count,
         (select coalesce(sum(round((l.counted_quantity - l.frozen_quantity) * l.frozen_unit_cost, 2)), 0)::text
            from stock_count_lines l where l.count_id = c.id and l.counted_quantity is not null) as difference_value
  from stock_counts c
  join branches b on b.id = c.branch_id
  left join categories cat on cat.id = c.category_id
  left join stock_adjustments a on a.id = c.adjustment_id
  left join users u on u.id = c.created_by`;

function toCount(r: CountRow): Omit<StockCount, 'lines' | 'movesSince'> {
  return {
    id: Number(r.id),
    number: documentNumber(STOCK_COUNT_SERIES, Number(r.count_no)),
    branchId: Number(r.branch_id),
    branchName: r.branch_name,
    categoryId: r.category_id === null ? null : Number(r.category_id),
    categoryName: r.category_name,
    date: r.date,
    memo: r.memo,
    status: r.status,
    startedAt: new Date(r.started_at).toISOString(),
    lineCount: Number(r.line_count),
    countedCount: Number(r.counted_count),
    differenceValue: dec(r.difference_value).toFixed(2),
    adjustmentId: r.adjustment_id === null ? null : Number(r.adjustment_id),
    adjustmentNumber: r.adjustment_no === null ? null : documentNumber(STOCK_ADJUSTMENT_SERIES, Number(r.adjustment_no)),
    createdByName: r.created_by_name,
    postedAt: iso(r.posted_at),
    cancelledAt: iso(r.cancelled_at),
    cancelReason: r.cancel_reason,
  };
}

/** A line's difference (counted - frozen) and its value at the frozen average cost. */
export function countDifference(frozenQuantity: string, frozenUnitCost: string, counted: string | null): { difference: string | null; value: string | null } {
  if (counted === null) return { difference: null, value: null };
  const difference = dec(counted).minus(dec(frozenQuantity));
  return { difference: difference.toString(), value: difference.times(dec(frozenUnitCost)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) };
}

export async function getStockCount(opts: { tx: Db; id: number }): Promise<StockCount> {
  const { tx, id } = opts;
  const [row] = await queryRows<CountRow>(tx, sql`${selectCounts} where c.id = ${id}`);
  if (!row) throw notFound();
  const lines = await queryRows<{
    position: number;
    item_id: number;
    code: string;
    name: string;
    unit_name: string | null;
    category_name: string | null;
    frozen_quantity: string;
    frozen_value: string;
    frozen_unit_cost: string;
    counted_quantity: string | null;
  }>(
    tx,
    sql`select l.position, l.item_id, i.code, i.name, un.name as unit_name, cat.name as category_name, l.frozen_quantity::text,
               l.frozen_value::text, l.frozen_unit_cost::text, l.counted_quantity::text
        from stock_count_lines l join items i on i.id = l.item_id
        left join units un on un.id = i.unit_id left join categories cat on cat.id = i.category_id
        where l.count_id = ${id} order by l.position`,
  );
  const [{ moves }] = await queryRows<{ moves: number }>(
    tx,
    row.status === 'Draft'
      ? sql`select count(*)::int as moves from stock_moves m
            where m.branch_id = ${row.branch_id} and m.id > ${row.last_move_id ?? 0}
              and m.item_id in (select item_id from stock_count_lines where count_id = ${id})`
      : sql`select 0 as moves`,
  );
  return {
    ...toCount(row),
    movesSince: Number(moves),
    lines: lines.map((l): StockCountLine => {
      const counted = l.counted_quantity === null ? null : dec(l.counted_quantity).toString();
      const { difference, value } = countDifference(l.frozen_quantity, l.frozen_unit_cost, counted);
      return {
        position: Number(l.position),
        itemId: Number(l.item_id),
        itemCode: l.code,
        itemName: l.name,
        unitName: l.unit_name,
        categoryName: l.category_name,
        frozenQuantity: dec(l.frozen_quantity).toString(),
        frozenValue: dec(l.frozen_value).toFixed(2),
        frozenUnitCost: dec(l.frozen_unit_cost).toFixed(6),
        countedQuantity: counted,
        difference,
        differenceValue: value,
      };
    }),
  };
}

export async function listStockCounts(opts: { tx: Db; query: z.output<typeof stockCountListQuery> }) {
  const { tx, query } = opts;
  const where = sql`true
    ${query.branchId ? sql`and c.branch_id = ${query.branchId}` : sql``}
    ${query.status ? sql`and c.status = ${query.status}` : sql``}
    ${query.from ? sql`and c.date >= ${query.from}::date` : sql``}
    ${query.to ? sql`and c.date <= ${query.to}::date` : sql``}
    ${query.q ? sql`and (c.memo ilike ${`%${query.q}%`} or c.count_no::text = ${query.q.replace(/^IC-0*/i, '')})` : sql``}`;
  const rows = await queryRows<CountRow>(
    tx,
    sql`${selectCounts} where ${where} order by c.date desc, c.id desc limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from stock_counts c where ${where}`);
  return { data: rows.map(toCount), total: Number(total), page: query._page, limit: query._limit };
}

export async function createStockCount(opts: { tx: Db; actor: Actor; input: z.output<typeof stockCountBody> }): Promise<StockCount> {
  const { tx, actor, input } = opts;
  await checkActiveBranch(tx, input.branchId, 'branchId');
  if (input.categoryId) {
    const [category] = await queryRows<{ id: number }>(tx, sql`select id from categories where id = ${input.categoryId}`);
    if (!category) throw fieldError('categoryId', 'v.notFound');
  }
  // The goods to count: active stocked goods, and inactive ones still holding stock at the branch.
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from items i
        left join stock_balances b on b.item_id = i.id and b.branch_id = ${input.branchId}
        where i.kind = 'stock' and (i.status = 'Active' or coalesce(b.quantity, 0) <> 0)
          ${input.categoryId ? sql`and i.category_id = ${input.categoryId}` : sql``}`,
  );
  if (Number(n) === 0) throw fieldError(input.categoryId ? 'categoryId' : 'branchId', 'counting.noItems');
  if (Number(n) > MAX_COUNT_LINES) throw fieldError('categoryId', 'counting.tooManyLines');
  const no = await nextDocumentNumber(tx, actor.clientId, STOCK_COUNT_SERIES);
  const [doc] = await queryRows<{ id: string }>(
    tx,
    sql`insert into stock_counts (client_id, count_no, branch_id, category_id, date, memo, last_move_id, created_by)
        values (${actor.clientId}, ${no}, ${input.branchId}, ${input.categoryId ?? null}, ${input.date}, ${input.memo}, (select max(id) from stock_moves), ${actor.userId})
        returning id`,
  );
  const id = Number(doc.id);
  // Frozen in one statement (one snapshot): quantity, value and the average cost (of the last stock when
  // none is on hand; the purchase price of a good never in stock).
  await tx.execute(sql`
    insert into stock_count_lines (client_id, count_id, position, item_id, frozen_quantity, frozen_value, frozen_unit_cost)
    select ${actor.clientId}, ${id}, row_number() over (order by cat.name nulls last, lower(i.code)), i.id,
           coalesce(b.quantity, 0), coalesce(b.value, 0),
           case when coalesce(b.quantity, 0) > 0 then round(b.value / b.quantity, 6)
                when coalesce(b.last_unit_cost, 0) > 0 then b.last_unit_cost
                else i.purchase_price end
    from items i
    left join stock_balances b on b.item_id = i.id and b.branch_id = ${input.branchId}
    left join categories cat on cat.id = i.category_id
    where i.kind = 'stock' and (i.status = 'Active' or coalesce(b.quantity, 0) <> 0)
      ${input.categoryId ? sql`and i.category_id = ${input.categoryId}` : sql``}`);
  const saved = await getStockCount({ tx, id });
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'stock-count',
    entityId: id,
    after: { number: saved.number, branchId: input.branchId, categoryId: input.categoryId ?? null, date: input.date, lines: saved.lineCount },
  });
  return saved;
}

/** Locks a count and refuses one that is not a draft. */
async function lockDraft(tx: Db, id: number): Promise<{ branchId: number; date: string; countNo: number }> {
  const [row] = await queryRows<{ status: string; branch_id: number; date: string; count_no: string }>(
    tx,
    sql`select status, branch_id, date::text, count_no from stock_counts where id = ${id} for update`,
  );
  if (!row) throw notFound();
  if (row.status !== 'Draft') throw new AppError(409, 'NOT_DRAFT', 'counting.notDraft');
  return { branchId: Number(row.branch_id), date: row.date, countNo: Number(row.count_no) };
}

async function setCounted(tx: Db, id: number, lines: Array<{ item_id: number; counted: string | null }>) {
  await tx.execute(sql`
    update stock_count_lines l set counted_quantity = x.counted
    from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(item_id int, counted numeric)
    where l.count_id = ${id} and l.item_id = x.item_id`);
  await tx.execute(sql`update stock_counts set updated_at = now() where id = ${id}`);
}

async function sheetItems(tx: Db, id: number): Promise<Map<number, string>> {
  const rows = await queryRows<{ item_id: number; code: string }>(
    tx,
    sql`select l.item_id, i.code from stock_count_lines l join items i on i.id = l.item_id where l.count_id = ${id}`,
  );
  return new Map(rows.map((r) => [Number(r.item_id), r.code]));
}

export async function saveStockCountLines(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof stockCountLinesBody> }): Promise<StockCount> {
  const { tx, actor, id, input } = opts;
  await lockDraft(tx, id);
  const onSheet = await sheetItems(tx, id);
  const problems: FieldError[] = [];
  input.lines.forEach((l, i) => {
    if (!onSheet.has(l.itemId)) problems.push({ field: `lines.${i}.itemId`, message: 'counting.notOnSheet' });
  });
  if (problems.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', problems);
  await setCounted(
    tx,
    id,
    input.lines.map((l) => ({ item_id: l.itemId, counted: l.countedQuantity })),
  );
  await writeAudit(tx, actor, { action: 'update', entity: 'stock-count', entityId: id, after: { counted: input.lines.length } });
  return getStockCount({ tx, id });
}

const QUANTITY = /^\d{1,12}(\.\d{1,3})?$/;

/** The rows of a CSV of counted quantities: [line number, code, quantity text]; separators , ; or tab. */
export function parseCountCsv(text: string): Array<{ row: number; cells: string[] }> {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .map((line, i) => ({
      row: i + 1,
      cells: line.split(/[,;\t]/).map((c) =>
        c
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      ),
    }))
    .filter((r) => r.cells.some((c) => c !== ''));
}

export async function importStockCountCsv(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof stockCountImportBody> }): Promise<StockCount> {
  const { tx, actor, id, input } = opts;
  await lockDraft(tx, id);
  const onSheet = await sheetItems(tx, id);
  const byCode = new Map([...onSheet.entries()].map(([itemId, code]) => [code.toLowerCase(), itemId]));
  const rows = parseCountCsv(input.csv);
  const problems: FieldError[] = [];
  const counted = new Map<number, string>();
  rows.forEach((r, n) => {
    const [code = '', qty = ''] = r.cells;
    // A first line whose quantity is not a number is the header.
    if (n === 0 && !QUANTITY.test(qty.replace(',', '.')) && !byCode.has(code.toLowerCase())) return;
    if (code === '' || qty === '' || r.cells.filter((c) => c !== '').length > 2) {
      problems.push({ field: 'csv', message: `counting.csvColumns|${r.row}` });
      return;
    }
    const itemId = byCode.get(code.toLowerCase());
    const clean = (s: string) => s.replaceAll('|', '/').slice(0, 60);
    if (itemId === undefined) problems.push({ field: 'csv', message: `counting.csvUnknownItem|${r.row}|${clean(code)}` });
    else if (!QUANTITY.test(qty)) problems.push({ field: 'csv', message: `counting.csvQuantity|${r.row}|${clean(qty)}` });
    else if (counted.has(itemId)) problems.push({ field: 'csv', message: `counting.csvDuplicate|${r.row}|${clean(code)}` });
    else counted.set(itemId, qty);
  });
  if (problems.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', problems.slice(0, 50));
  if (counted.size === 0) throw fieldError('csv', 'counting.nothingCounted');
  await setCounted(
    tx,
    id,
    [...counted.entries()].map(([item_id, q]) => ({ item_id, counted: q })),
  );
  await writeAudit(tx, actor, { action: 'update', entity: 'stock-count', entityId: id, after: { imported: counted.size } });
  return getStockCount({ tx, id });
}

export async function postStockCount(opts: { tx: Db; actor: Actor; id: number }): Promise<StockCount> {
  const { tx, actor, id } = opts;
  const draft = await lockDraft(tx, id);
  const count = await getStockCount({ tx, id });
  if (count.countedCount === 0) throw fieldError('lines', 'counting.nothingCounted');
  await checkActiveBranch(tx, draft.branchId, 'branchId');
  await checkOpenDate(tx, actor.clientId, draft.date);
  const lines = count.lines.flatMap((l, i) =>
    l.difference !== null && !dec(l.difference).isZero()
      ? [{ itemId: l.itemId, quantity: l.difference, unitCost: l.frozenUnitCost, memo: null, field: `lines.${i}.countedQuantity` }]
      : [],
  );
  const adjustment =
    lines.length === 0
      ? null
      : await postStockAdjustment(tx, actor, {
          kind: 'count',
          branchId: draft.branchId,
          date: draft.date,
          reason: translate(`counting.adjustmentReason|${count.number}`, actor.lang),
          lines,
        });
  await tx.execute(sql`
    update stock_counts set status = 'Posted', adjustment_id = ${adjustment?.id ?? null}, posted_by = ${actor.userId}, posted_at = now(), updated_at = now()
    where id = ${id}`);
  await writeAudit(tx, actor, {
    action: 'post',
    entity: 'stock-count',
    entityId: id,
    before: { status: 'Draft' },
    after: { status: 'Posted', adjustment: adjustment?.number ?? null, total: adjustment?.total ?? '0.00' },
  });
  return getStockCount({ tx, id });
}

export async function cancelStockCount(opts: { tx: Db; actor: Actor; id: number; reason: string }): Promise<StockCount> {
  const { tx, actor, id, reason } = opts;
  await lockDraft(tx, id);
  await tx.execute(sql`
    update stock_counts set status = 'Cancelled', cancelled_by = ${actor.userId}, cancelled_at = now(), cancel_reason = ${reason}, updated_at = now()
    where id = ${id}`);
  await writeAudit(tx, actor, { action: 'cancel', entity: 'stock-count', entityId: id, before: { status: 'Draft' }, after: { status: 'Cancelled', reason } });
  return getStockCount({ tx, id });
}
