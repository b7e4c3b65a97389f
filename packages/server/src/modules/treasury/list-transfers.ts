// GET /api/finance/transfer (paged, newest first) and GET /api/finance/transfer/:id. A transfer is
// cancelled when its journal entry has been reversed, whichever way that was done.
import { type SQL, sql } from 'drizzle-orm';
import type { Lang, Transfer, TransferListQuery, TransferPage } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber, money } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { TRANSFER_SERIES } from './treasury.posting.ts';
import { optionalNumber } from './treasury-accounts.ts';

interface TransferRow {
  id: number;
  transfer_no: string | number;
  date: string;
  amount: string;
  reference: string | null;
  memo: string | null;
  entry_id: string | number;
  created_at: string;
  from_id: number;
  from_code: string;
  from_name_en: string;
  from_name_so: string;
  to_id: number;
  to_code: string;
  to_name_en: string;
  to_name_so: string;
  series: string;
  entry_no: string | number;
  cancel_id: string | number | null;
  cancel_series: string | null;
  cancel_no: string | number | null;
  cancel_date: string | null;
  created_by: string | null;
}

const select = sql`
  select t.id, t.transfer_no, t.date::text as date, t.amount, t.reference, t.memo, t.entry_id, t.created_at,
         fa.id as from_id, fa.code as from_code, fa.name_en as from_name_en, fa.name_so as from_name_so,
         ta.id as to_id, ta.code as to_code, ta.name_en as to_name_en, ta.name_so as to_name_so,
         e.series, e.entry_no, r.id as cancel_id, r.series as cancel_series, r.entry_no as cancel_no, r.date::text as cancel_date,
         u.fullname as created_by
  from transfers t
  join accounts fa on fa.client_id = t.client_id and fa.id = t.from_account_id
  join accounts ta on ta.client_id = t.client_id and ta.id = t.to_account_id
  join journal_entries e on e.client_id = t.client_id and e.id = t.entry_id
  left join journal_entries r on r.client_id = t.client_id and r.id = e.reversed_by_id
  left join users u on u.client_id = t.client_id and u.id = t.created_by`;

function toTransfer(row: TransferRow, lang: Lang): Transfer {
  const name = (en: string, so: string) => (lang === 'so' ? so : en);
  return {
    id: Number(row.id),
    number: documentNumber(TRANSFER_SERIES, Number(row.transfer_no)),
    date: row.date,
    fromAccount: { id: Number(row.from_id), code: row.from_code, name: name(row.from_name_en, row.from_name_so) },
    toAccount: { id: Number(row.to_id), code: row.to_code, name: name(row.to_name_en, row.to_name_so) },
    amount: money(row.amount),
    reference: row.reference,
    memo: row.memo,
    status: row.cancel_id === null ? 'Posted' : 'Cancelled',
    entryId: Number(row.entry_id),
    entryNumber: documentNumber(row.series, Number(row.entry_no)),
    cancelEntryId: optionalNumber(row.cancel_id),
    cancelEntryNumber: row.cancel_series === null ? null : documentNumber(row.cancel_series, Number(row.cancel_no)),
    cancelDate: row.cancel_date,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function getTransfer(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<Transfer> {
  const [row] = await queryRows<TransferRow>(opts.tx, sql`${select} where t.client_id = ${opts.clientId} and t.id = ${opts.id}`);
  if (!row) throw notFound();
  return toTransfer(row, opts.lang);
}

function filter(clientId: number, query: TransferListQuery): SQL {
  const where: SQL[] = [sql`t.client_id = ${clientId}`];
  if (query.startDate) where.push(sql`t.date >= ${query.startDate}::date`);
  if (query.endDate) where.push(sql`t.date <= ${query.endDate}::date`);
  if (query.accountId) where.push(sql`(t.from_account_id = ${query.accountId} or t.to_account_id = ${query.accountId})`);
  if (query.status === 'Posted') where.push(sql`e.reversed_by_id is null`);
  if (query.status === 'Cancelled') where.push(sql`e.reversed_by_id is not null`);
  if (query.q) {
    const q = query.q.toLowerCase();
    const number = /^(tr-?)?0*(\d{1,15})$/i.exec(query.q);
    where.push(sql`(strpos(lower(coalesce(t.reference, '')), ${q}) > 0 or strpos(lower(coalesce(t.memo, '')), ${q}) > 0
      ${number ? sql`or t.transfer_no = ${Number(number[2])}` : sql``})`);
  }
  return sql.join(where, sql` and `);
}

export async function listTransfers(opts: { tx: Db; clientId: number; lang: Lang; query: TransferListQuery }): Promise<TransferPage> {
  const { tx, clientId, lang, query } = opts;
  const where = filter(clientId, query);
  const rows = await queryRows<TransferRow>(
    tx,
    sql`
    ${select} where ${where}
    order by t.date ${query._order === 'asc' ? sql`asc` : sql`desc`}, t.id ${query._order === 'asc' ? sql`asc` : sql`desc`}
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`
    select count(*)::int as n from transfers t join journal_entries e on e.client_id = t.client_id and e.id = t.entry_id where ${where}`,
  );
  return { data: rows.map((r) => toTransfer(r, lang)), total: count.n, page: query._page, limit: query._limit };
}
