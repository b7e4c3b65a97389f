// GET /api/sms-report: the outbox, newest first, filtered by status, kind, dates (of queuing), batch and a
// search over phone, customer and text, with the count of each status under the same filters (except the
// status itself, so the status chips keep their numbers while one is chosen).
import { type SQL, sql } from 'drizzle-orm';
import { type SmsMessage, type SmsReport, type SmsStatusTotals, type smsReportQuery, type z, smsSegments } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

type ReportQuery = z.infer<typeof smsReportQuery>;

interface MessageRow {
  id: string | number;
  batch_id: string | number | null;
  kind: SmsMessage['kind'];
  customer_id: number | null;
  customer_no: string | null;
  customer_name: string | null;
  bill_id: string | number | null;
  run_id: string | number | null;
  phone: string;
  language: SmsMessage['language'];
  body: string;
  status: SmsMessage['status'];
  attempts: number;
  last_error: string | null;
  provider: string | null;
  provider_message_id: string | null;
  created_by: string | null;
  created_at: Date | string;
  next_attempt_at: Date | string | null;
  sent_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const num = (v: string | number | null) => (v === null ? null : Number(v));

const SORTS: Record<NonNullable<ReportQuery['_sort']>, SQL> = {
  createdAt: sql`m.created_at`,
  status: sql`m.status`,
  phone: sql`m.phone`,
};

export async function smsReport(opts: { tx: Db; clientId: number; query: ReportQuery }): Promise<SmsReport> {
  const { tx, clientId, query } = opts;
  const filters: SQL[] = [sql`m.client_id = ${clientId}`];
  if (query.kind) filters.push(sql`m.kind = ${query.kind}`);
  if (query.startDate) filters.push(sql`m.created_at >= ${query.startDate}::date`);
  if (query.endDate) filters.push(sql`m.created_at < ${query.endDate}::date + 1`);
  if (query.batchId) filters.push(sql`m.batch_id = ${query.batchId}`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = query.q.replace(/\D/g, '');
    filters.push(sql`(m.body ilike ${like} or c.name ilike ${like} or c.customer_no ilike ${like}
      ${digits.length >= 3 ? sql`or m.phone like ${`%${digits}%`}` : sql``})`);
  }
  const base = sql.join(filters, sql` and `);
  const where = query.status ? sql`${base} and m.status = ${query.status}` : base;
  const from = sql`from sms_messages m left join customers c on c.client_id = m.client_id and c.id = m.customer_id`;

  const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n ${from} where ${where}`);
  const direction = query._order === 'asc' ? sql`asc` : sql`desc`;
  const sort = SORTS[query._sort ?? 'createdAt'];
  const rows = await queryRows<MessageRow>(
    tx,
    sql`
    select m.id, m.batch_id, m.kind, m.customer_id, c.customer_no, c.name as customer_name, m.bill_id, m.run_id, m.phone,
           m.language, m.body, m.status, m.attempts, m.last_error, m.provider, m.provider_message_id,
           u.fullname as created_by, m.created_at, m.next_attempt_at, m.sent_at
    ${from}
    left join users u on u.client_id = m.client_id and u.id = m.created_by
    where ${where}
    order by ${sort} ${direction}, m.id ${direction}
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const totalsRows = await queryRows<{ status: keyof SmsStatusTotals; n: number }>(
    tx,
    sql`
    select m.status, count(*)::int as n ${from} where ${base} group by m.status`,
  );
  const totals: SmsStatusTotals = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of totalsRows) totals[r.status] = r.n;
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      batchId: num(r.batch_id),
      kind: r.kind,
      customerId: r.customer_id,
      customerNo: r.customer_no,
      customerName: r.customer_name,
      billId: num(r.bill_id),
      runId: num(r.run_id),
      phone: r.phone,
      language: r.language,
      body: r.body,
      parts: smsSegments(r.body).parts,
      status: r.status,
      attempts: r.attempts,
      lastError: r.last_error,
      provider: r.provider,
      providerMessageId: r.provider_message_id,
      createdBy: r.created_by,
      createdAt: iso(r.created_at) as string,
      nextAttemptAt: iso(r.next_attempt_at),
      sentAt: iso(r.sent_at),
    })),
    total: count.n,
    page: query._page,
    limit: query._limit,
    totals,
  };
}
