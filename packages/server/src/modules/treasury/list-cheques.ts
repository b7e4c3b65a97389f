// GET /api/finance/writecheck (paged, newest first), GET /api/finance/writecheck/:id (the cheque with
// its lines, amount in words and the company block for the printout and payment voucher) and
// GET /api/finance/writecheck/next-number. A cheque is void when its journal entry has been reversed.
import { type SQL, eq, sql } from 'drizzle-orm';
import type { Cheque, ChequeListQuery, ChequePage, ChequeSummary, Lang, NextCheque, PayeeType } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber, money, peekDocumentNumber } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { clients } from '../organisations/index.ts';
import { chequeSeries } from './treasury.posting.ts';
import { optionalNumber } from './treasury-accounts.ts';

interface ChequeRow {
  id: number;
  bank_id: number;
  bank_code: string;
  bank_name_en: string;
  bank_name_so: string;
  cheque_no: string | number;
  date: string;
  payee_type: PayeeType;
  payee_id: number | null;
  payee_name: string;
  amount: string;
  currency: string;
  amount_words_en: string;
  amount_words_so: string;
  memo: string | null;
  entry_id: string | number;
  series: string;
  entry_no: string | number;
  void_id: string | number | null;
  void_series: string | null;
  void_no: string | number | null;
  void_date: string | null;
  created_by: string | null;
  created_at: string;
}

/** As printed on the cheque: at least six digits. */
export const formatChequeNo = (no: number) => String(no).padStart(6, '0');

const select = sql`
  select c.id, b.id as bank_id, b.code as bank_code, b.name_en as bank_name_en, b.name_so as bank_name_so,
         c.cheque_no, c.date::text as date, c.payee_type, c.payee_id, c.payee_name, c.amount, c.currency,
         c.amount_words_en, c.amount_words_so, c.memo, c.entry_id, e.series, e.entry_no,
         r.id as void_id, r.series as void_series, r.entry_no as void_no, r.date::text as void_date,
         u.fullname as created_by, c.created_at
  from cheques c
  join accounts b on b.client_id = c.client_id and b.id = c.bank_account_id
  join journal_entries e on e.client_id = c.client_id and e.id = c.entry_id
  left join journal_entries r on r.client_id = c.client_id and r.id = e.reversed_by_id
  left join users u on u.client_id = c.client_id and u.id = c.created_by`;

function toSummary(row: ChequeRow, lang: Lang): ChequeSummary {
  const chequeNo = Number(row.cheque_no);
  return {
    id: Number(row.id),
    bankAccount: { id: Number(row.bank_id), code: row.bank_code, name: lang === 'so' ? row.bank_name_so : row.bank_name_en },
    chequeNo,
    chequeNumber: formatChequeNo(chequeNo),
    date: row.date,
    payeeType: row.payee_type,
    payeeId: row.payee_id,
    payeeName: row.payee_name,
    amount: money(row.amount),
    currency: row.currency,
    memo: row.memo,
    status: row.void_id === null ? 'Issued' : 'Void',
    entryId: Number(row.entry_id),
    entryNumber: documentNumber(row.series, Number(row.entry_no)),
    voidEntryId: optionalNumber(row.void_id),
    voidEntryNumber: row.void_series === null ? null : documentNumber(row.void_series, Number(row.void_no)),
    voidDate: row.void_date,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function getCheque(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<Cheque> {
  const { tx, clientId, lang, id } = opts;
  const [row] = await queryRows<ChequeRow>(tx, sql`${select} where c.client_id = ${clientId} and c.id = ${id}`);
  if (!row) throw notFound();
  const lines = await queryRows<{ line_no: number; account_id: number; code: string; name_en: string; name_so: string; amount: string; memo: string | null }>(
    tx,
    sql`select l.line_no, a.id as account_id, a.code, a.name_en, a.name_so, l.amount, l.memo
        from cheque_lines l join accounts a on a.client_id = l.client_id and a.id = l.account_id
        where l.client_id = ${clientId} and l.cheque_id = ${id} order by l.line_no`,
  );
  const [company] = await tx
    .select({
      name: clients.name,
      address: clients.address,
      phone: clients.phone,
      email: clients.email,
      logoFileId: clients.logoFileId,
      signatureFileId: clients.signatureFileId,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  const [preparer] = await queryRows<{ signature_file_id: string | null }>(
    tx,
    sql`select u.signature_file_id from cheques c join users u on u.client_id = c.client_id and u.id = c.created_by where c.client_id = ${clientId} and c.id = ${id}`,
  );
  return {
    preparedBySignatureFileId: preparer?.signature_file_id ?? null,
    ...toSummary(row, lang),
    amountInWords: { en: row.amount_words_en, so: row.amount_words_so },
    lines: lines.map((l) => ({
      lineNo: Number(l.line_no),
      account: { id: Number(l.account_id), code: l.code, name: lang === 'so' ? l.name_so : l.name_en },
      amount: money(l.amount),
      memo: l.memo,
    })),
    company: {
      name: company?.name ?? '',
      address: company?.address ?? null,
      phone: company?.phone ?? null,
      email: company?.email ?? null,
      logoFileId: company?.logoFileId ?? null,
      signatureFileId: company?.signatureFileId ?? null,
    },
  };
}

function filter(clientId: number, query: ChequeListQuery): SQL {
  const where: SQL[] = [sql`c.client_id = ${clientId}`];
  if (query.startDate) where.push(sql`c.date >= ${query.startDate}::date`);
  if (query.endDate) where.push(sql`c.date <= ${query.endDate}::date`);
  if (query.bankAccountId) where.push(sql`c.bank_account_id = ${query.bankAccountId}`);
  if (query.payeeType) where.push(sql`c.payee_type = ${query.payeeType}`);
  if (query.status === 'Issued') where.push(sql`e.reversed_by_id is null`);
  if (query.status === 'Void') where.push(sql`e.reversed_by_id is not null`);
  if (query.q) {
    const q = query.q.toLowerCase();
    where.push(sql`(strpos(lower(c.payee_name), ${q}) > 0 or strpos(lower(coalesce(c.memo, '')), ${q}) > 0
      ${/^\d{1,10}$/.test(query.q) ? sql`or c.cheque_no = ${Number(query.q)}` : sql``})`);
  }
  return sql.join(where, sql` and `);
}

export async function listCheques(opts: { tx: Db; clientId: number; lang: Lang; query: ChequeListQuery }): Promise<ChequePage> {
  const { tx, clientId, lang, query } = opts;
  const where = filter(clientId, query);
  const direction = query._order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<ChequeRow>(
    tx,
    sql`
    ${select} where ${where}
    order by c.date ${direction}, c.id ${direction}
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`
    select count(*)::int as n from cheques c join journal_entries e on e.client_id = c.client_id and e.id = c.entry_id where ${where}`,
  );
  return { data: rows.map((r) => toSummary(r, lang)), total: count.n, page: query._page, limit: query._limit };
}

/** The cheque_no column's ceiling (migration 0011: CHECK cheque_no BETWEEN 1 AND 9999999999). */
export const CHEQUE_NO_MAX = 9_999_999_999;

/**
 * The automatic number once the series has run past the column's ceiling (a cheque written by hand as
 * 9999999999 moves the series there): the number after the highest cheque below the ceiling whose next
 * leaf is free, so the book in use continues (1001..1005 and 9999999999 give 1006); 1 on an account with
 * no other cheque. Never a value the column refuses.
 */
export async function chequeNoAfterEnd(tx: Db, clientId: number, bankAccountId: number): Promise<number> {
  const [row] = await queryRows<{ no: string | number }>(
    tx,
    sql`
    select coalesce(max(c.cheque_no) + 1, 1) as no from cheques c
    where c.client_id = ${clientId} and c.bank_account_id = ${bankAccountId} and c.cheque_no < ${CHEQUE_NO_MAX}
      and not exists (select 1 from cheques d where d.client_id = c.client_id and d.bank_account_id = c.bank_account_id and d.cheque_no = c.cheque_no + 1)`,
  );
  return Number(row.no);
}

/** The number an automatic cheque on this bank account would get now (nothing is taken). */
export async function peekNextCheque(opts: { tx: Db; clientId: number; bankAccountId: number }): Promise<NextCheque> {
  const { tx, clientId, bankAccountId } = opts;
  const [account] = await queryRows<{ id: number }>(
    tx,
    sql`select id from accounts where client_id = ${clientId} and id = ${bankAccountId} and subtype = 'bank'`,
  );
  if (!account) throw notFound();
  let next = await peekDocumentNumber(tx, clientId, chequeSeries(bankAccountId));
  // Numbers written by hand above the counter are skipped, as writeCheque does.
  const taken = await queryRows<{ cheque_no: string | number }>(
    tx,
    sql`
    select cheque_no from cheques where client_id = ${clientId} and bank_account_id = ${bankAccountId} and cheque_no >= ${next} order by cheque_no limit 1000`,
  );
  for (const t of taken) {
    if (Number(t.cheque_no) !== next) break;
    next += 1;
  }
  if (next > CHEQUE_NO_MAX) next = await chequeNoAfterEnd(tx, clientId, bankAccountId);
  return { bankAccountId, chequeNo: next, chequeNumber: formatChequeNo(next) };
}
