// GET /api/finance/payments/batches: the batch receives saved (newest first), with their account,
// method, number of payments and total, and how many of their payments were cancelled since.
import { type SQL, sql } from 'drizzle-orm';
import type { BatchPage, Lang, PaymentBatch, PaymentMethod, batchListQuery, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { money } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';

interface BatchRow {
  id: string | number;
  source: 'grid' | 'csv';
  file_name: string | null;
  method: PaymentMethod;
  payment_count: number;
  total: string;
  cancelled: number;
  created_at: Date | string;
  created_by: string | null;
  account_id: number;
  code: string;
  name_en: string;
  name_so: string;
}

const select = sql`
  select b.id, b.source, b.file_name, b.method, b.payment_count, b.total::text as total, b.created_at, u.fullname as created_by,
         (select count(*)::int from payments p where p.client_id = b.client_id and p.batch_id = b.id and p.status = 'Cancelled') as cancelled,
         a.id as account_id, a.code, a.name_en, a.name_so
  from payment_batches b
  join accounts a on a.client_id = b.client_id and a.id = b.account_id
  left join users u on u.client_id = b.client_id and u.id = b.created_by`;

function toBatch(r: BatchRow, lang: Lang): PaymentBatch {
  return {
    id: Number(r.id),
    source: r.source,
    fileName: r.file_name,
    account: { id: Number(r.account_id), code: r.code, name: lang === 'so' ? r.name_so : r.name_en },
    method: r.method,
    paymentCount: Number(r.payment_count),
    total: money(r.total),
    cancelledCount: Number(r.cancelled),
    createdBy: r.created_by,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function getBatch(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<PaymentBatch> {
  const [row] = await queryRows<BatchRow>(opts.tx, sql`${select} where b.client_id = ${opts.clientId} and b.id = ${opts.id}`);
  if (!row) throw notFound();
  return toBatch(row, opts.lang);
}

export async function listBatches(opts: { tx: Db; clientId: number; lang: Lang; query: z.output<typeof batchListQuery> }): Promise<BatchPage> {
  const { tx, clientId, lang, query } = opts;
  const where: SQL[] = [sql`b.client_id = ${clientId}`];
  if (query.startDate) where.push(sql`b.created_at >= ${query.startDate}::date`);
  if (query.endDate) where.push(sql`b.created_at < ${query.endDate}::date + 1`);
  if (query.q) where.push(sql`strpos(lower(coalesce(b.file_name, '')), ${query.q.toLowerCase()}) > 0`);
  const condition = sql.join(where, sql` and `);
  const rows = await queryRows<BatchRow>(
    tx,
    sql`
    ${select} where ${condition} order by b.id ${query._order === 'asc' ? sql`asc` : sql`desc`}
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from payment_batches b where ${condition}`);
  return { data: rows.map((r) => toBatch(r, lang)), total: count.n, page: query._page, limit: query._limit };
}
