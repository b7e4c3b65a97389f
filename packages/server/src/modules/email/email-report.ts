// GET /api/email-report: the outbox, newest first, filtered by status, kind, dates (of queuing), customer and
// a search over recipient, subject and customer, with the count of each status under the same filters
// (except the status itself). Each e-mail lists its attachments' names and sizes (never their bytes).
import { type SQL, sql } from 'drizzle-orm';
import type { EmailMessage, EmailReport, EmailStatusTotals, emailReportQuery, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

type ReportQuery = z.infer<typeof emailReportQuery>;

interface MessageRow {
  id: string | number;
  kind: EmailMessage['kind'];
  customer_id: number | null;
  customer_no: string | null;
  customer_name: string | null;
  document_id: string | number | null;
  recipient: string;
  subject: string;
  body: string;
  language: EmailMessage['language'];
  attachments: Array<{ filename: string; size: number }> | string | null;
  status: EmailMessage['status'];
  attempts: number;
  last_error: string | null;
  created_by: string | null;
  created_at: Date | string;
  next_attempt_at: Date | string | null;
  sent_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export async function emailReport(opts: { tx: Db; clientId: number; query: ReportQuery }): Promise<EmailReport> {
  const { tx, clientId, query } = opts;
  const filters: SQL[] = [sql`m.client_id = ${clientId}`];
  if (query.kind) filters.push(sql`m.kind = ${query.kind}`);
  if (query.startDate) filters.push(sql`m.created_at >= ${query.startDate}::date`);
  if (query.endDate) filters.push(sql`m.created_at < ${query.endDate}::date + 1`);
  if (query.customerId) filters.push(sql`m.customer_id = ${query.customerId}`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`(m.recipient ilike ${like} or m.subject ilike ${like} or c.name ilike ${like} or c.customer_no ilike ${like})`);
  }
  const base = sql.join(filters, sql` and `);
  const where = query.status ? sql`${base} and m.status = ${query.status}` : base;
  const from = sql`from email_messages m left join customers c on c.client_id = m.client_id and c.id = m.customer_id`;
  const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n ${from} where ${where}`);
  const direction = query._order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<MessageRow>(
    tx,
    sql`
    select m.id, m.kind, m.customer_id, c.customer_no, c.name as customer_name, m.document_id, m.recipient, m.subject, m.body,
           m.language, m.status, m.attempts, m.last_error, u.fullname as created_by, m.created_at, m.next_attempt_at, m.sent_at,
           (select coalesce(json_agg(json_build_object('filename', a.filename, 'size', length(a.content)) order by a.id), '[]'::json)
            from email_attachments a where a.client_id = m.client_id and a.message_id = m.id) as attachments
    ${from}
    left join users u on u.client_id = m.client_id and u.id = m.created_by
    where ${where}
    order by m.created_at ${direction}, m.id ${direction}
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const totalsRows = await queryRows<{ status: keyof EmailStatusTotals; n: number }>(
    tx,
    sql`select m.status, count(*)::int as n ${from} where ${base} group by m.status`,
  );
  const totals: EmailStatusTotals = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of totalsRows) totals[r.status] = r.n;
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      customerId: r.customer_id,
      customerNo: r.customer_no,
      customerName: r.customer_name,
      documentId: r.document_id === null ? null : Number(r.document_id),
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      language: r.language,
      attachments: (typeof r.attachments === 'string' ? JSON.parse(r.attachments) : (r.attachments ?? [])).map((a: { filename: string; size: number }) => ({
        filename: a.filename,
        size: Number(a.size),
      })),
      status: r.status,
      attempts: r.attempts,
      lastError: r.last_error,
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
