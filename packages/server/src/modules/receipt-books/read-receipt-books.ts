// Reads of the receipt books: the list (with how many numbers are used, voided and unused), one book with
// every number written and the unused ranges, and the pure range arithmetic the book page, the closing
// report and ref-number share. Runs in the request's tenant transaction.
import { type SQL, sql } from 'drizzle-orm';
import {
  type NumberRange,
  RECEIPT_SERIES,
  type ReceiptBook,
  type ReceiptBookDetail,
  type ReceiptBookNumber,
  type ReceiptBookStatus,
  type receiptBookListQuery,
  receiptBookTransitions,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';

export interface BookRow {
  id: number;
  series: string;
  first_no: number;
  last_no: number;
  collector_id: number;
  collector_username: string;
  collector_fullname: string;
  issue_date: string;
  status: ReceiptBookStatus;
  status_reason: string | null;
  status_changed_by: string | null;
  status_changed_at: string | null;
  notes: string | null;
  used: number;
  voided: number;
  highest: number | null;
  created_by: string | null;
  created_at: string;
}

export const bookSelect = sql`
  select b.id, b.series, b.first_no, b.last_no, b.collector_id, cu.username as collector_username, cu.fullname as collector_fullname,
         b.issue_date::text as issue_date, b.status, b.status_reason, su.username as status_changed_by,
         to_char(b.status_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as status_changed_at, b.notes,
         coalesce(n.used, 0)::int as used, coalesce(n.voided, 0)::int as voided, n.highest, au.username as created_by,
         to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
  from receipt_books b
  join users cu on cu.client_id = b.client_id and cu.id = b.collector_id
  left join users su on su.client_id = b.client_id and su.id = b.status_changed_by
  left join users au on au.client_id = b.client_id and au.id = b.created_by
  left join lateral (
    select count(*) filter (where x.state = 'Used') as used, count(*) filter (where x.state = 'Voided') as voided, max(x.number) as highest
    from receipt_book_numbers x where x.client_id = b.client_id and x.book_id = b.id
  ) n on true`;

/** The numbers of first..last nobody wrote, as ranges, given the written ones in ascending order. */
export function unusedRanges(first: number, last: number, written: readonly number[]): NumberRange[] {
  const ranges: NumberRange[] = [];
  let from = first;
  for (const n of written) {
    if (n > from) ranges.push({ from, to: n - 1 });
    from = Math.max(from, n + 1);
  }
  if (from <= last) ranges.push({ from, to: last });
  return ranges;
}

/** The number a collector writes next: the first after the highest written, else the lowest unused (a skipped leaf). */
export function nextUnused(first: number, last: number, highest: number | null, unused: readonly NumberRange[]): number | null {
  if (highest === null) return first;
  if (highest < last) return highest + 1;
  return unused[0]?.from ?? null;
}

export const rangeCount = (ranges: readonly NumberRange[]) => ranges.reduce((sum, r) => sum + r.to - r.from + 1, 0);

export function toBook(r: BookRow): ReceiptBook {
  const size = r.last_no - r.first_no + 1;
  const used = Number(r.used);
  const voided = Number(r.voided);
  const highest = r.highest === null ? null : Number(r.highest);
  return {
    id: r.id,
    series: r.series,
    firstNumber: r.first_no,
    lastNumber: r.last_no,
    size,
    collector: { id: r.collector_id, username: r.collector_username, fullname: r.collector_fullname },
    issueDate: r.issue_date,
    status: r.status,
    statusReason: r.status_reason,
    statusChangedBy: r.status_changed_by,
    statusChangedAt: r.status_changed_at,
    notes: r.notes,
    usedCount: used,
    voidedCount: voided,
    unusedCount: size - used - voided,
    // Without the written numbers at hand: after the highest, or null at the end (the detail finds skipped leaves).
    nextNumber: highest === null ? r.first_no : highest < r.last_no ? highest + 1 : null,
    createdBy: r.created_by,
    createdAt: r.created_at,
  };
}

type ListQuery = z.output<typeof receiptBookListQuery>;

export async function listReceiptBooks(opts: { tx: Db; clientId: number; query: ListQuery }) {
  const { tx, clientId, query } = opts;
  const where: SQL[] = [sql`b.client_id = ${clientId}`];
  if (query.status) where.push(sql`b.status = ${query.status}`);
  if (query.collectorId) where.push(sql`b.collector_id = ${query.collectorId}`);
  if (query.series) where.push(sql`b.series = ${query.series.toUpperCase()}`);
  if (query.q) {
    const q = query.q.trim();
    const number = /^\d{1,9}$/.test(q) ? Number(q) : null;
    where.push(sql`(strpos(lower(b.series), lower(${q})) > 0 or strpos(lower(cu.fullname), lower(${q})) > 0 or strpos(lower(cu.username), lower(${q})) > 0
      ${number !== null ? sql`or ${number} between b.first_no and b.last_no` : sql``})`);
  }
  const condition = sql.join(where, sql` and `);
  const sorts = { series: sql`b.series`, issueDate: sql`b.issue_date`, firstNumber: sql`b.first_no` } as const;
  const sort = sorts[(query._sort ?? 'issueDate') as keyof typeof sorts] ?? sorts.issueDate;
  const direction = query._order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<BookRow>(
    tx,
    sql`${bookSelect} where ${condition} order by ${sort} ${direction}, b.id ${direction} limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from receipt_books b join users cu on cu.client_id = b.client_id and cu.id = b.collector_id where ${condition}`,
  );
  return { data: rows.map(toBook), total: count.n, page: query._page, limit: query._limit };
}

export async function readBookRow(tx: Db, clientId: number, id: number): Promise<BookRow> {
  const [row] = await queryRows<BookRow>(tx, sql`${bookSelect} where b.client_id = ${clientId} and b.id = ${id}`);
  if (!row) throw notFound();
  return row;
}

export async function getReceiptBook(opts: { tx: Db; clientId: number; id: number }): Promise<ReceiptBookDetail> {
  const { tx, clientId, id } = opts;
  const row = await readBookRow(tx, clientId, id);
  const numbers = await queryRows<{
    number: number;
    state: 'Used' | 'Voided';
    payment_id: string | number | null;
    receipt_no: string | number | null;
    pay_date: string | null;
    amount: string | null;
    customer: string | null;
    pay_status: string | null;
    reason: string | null;
    by: string | null;
    at: string;
  }>(
    tx,
    sql`
    select x.number, x.state, x.payment_id, p.receipt_no, p.date::text as pay_date, p.amount::text as amount,
           c.customer_no || ' ' || c.name as customer, p.status as pay_status, x.reason,
           coalesce(vu.username, cu.username) as by,
           to_char(coalesce(x.voided_at, x.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
    from receipt_book_numbers x
    left join payments p on p.client_id = x.client_id and p.id = x.payment_id
    left join customers c on c.client_id = p.client_id and c.id = p.customer_id
    left join users cu on cu.client_id = x.client_id and cu.id = x.created_by
    left join users vu on vu.client_id = x.client_id and vu.id = x.voided_by
    where x.client_id = ${clientId} and x.book_id = ${id}
    order by x.number`,
  );
  const unused = unusedRanges(
    row.first_no,
    row.last_no,
    numbers.map((n) => n.number),
  );
  const book = toBook(row);
  const highest = row.highest === null ? null : Number(row.highest);
  return {
    ...book,
    nextNumber: nextUnused(row.first_no, row.last_no, highest, unused),
    numbers: numbers.map(
      (n): ReceiptBookNumber => ({
        number: n.number,
        state: n.state,
        payment:
          n.payment_id === null
            ? null
            : {
                id: Number(n.payment_id),
                number: documentNumber(RECEIPT_SERIES, Number(n.receipt_no)),
                date: n.pay_date ?? '',
                amount: n.amount ?? '0.00',
                customer: n.customer ?? '',
                status: n.pay_status ?? '',
              },
        reason: n.reason,
        by: n.by,
        at: n.at,
      }),
    ),
    unused,
    allowedStatuses: [...receiptBookTransitions[row.status]].filter((s) => s !== 'Cancelled' || book.usedCount + book.voidedCount === 0),
  };
}
