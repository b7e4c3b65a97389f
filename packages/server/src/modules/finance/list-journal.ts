// GET /api/finance/transaction (paged journal), GET /api/finance/transaction/:id (one entry with its
// lines) and GET /api/finance/reports/journal (the journal report: the same page, each entry with lines).
// Each line carries its party's name, so no screen shows a bare party id.
import { type SQL, sql } from 'drizzle-orm';
import type { JournalEntry, JournalEntrySummary, JournalLine, JournalListQuery, Lang, PartyType } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber, money } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';

interface EntryRow {
  id: string | number;
  series: string;
  entry_no: string | number;
  date: string;
  reference: string | null;
  memo: string | null;
  source_type: string;
  source_id: string | number | null;
  branch_id: number | null;
  user_id: number | null;
  user_name: string | null;
  total: string;
  reverses_id: string | number | null;
  reversed_by_id: string | number | null;
  created_at: string;
}

interface LineRow {
  id: string | number;
  entry_id: string | number;
  account_id: number;
  code: string;
  name_en: string;
  name_so: string;
  debit: string;
  credit: string;
  party_type: PartyType | null;
  party_id: number | null;
  party_name: string | null;
  memo: string | null;
}

const optionalNumber = (v: string | number | null) => (v === null ? null : Number(v));

function toSummary(row: EntryRow): JournalEntrySummary {
  return {
    id: Number(row.id),
    series: row.series,
    entryNo: Number(row.entry_no),
    number: documentNumber(row.series, Number(row.entry_no)),
    date: row.date,
    reference: row.reference,
    memo: row.memo,
    sourceType: row.source_type,
    sourceId: optionalNumber(row.source_id),
    branchId: row.branch_id,
    userId: row.user_id,
    userName: row.user_name,
    total: money(row.total),
    reversesId: optionalNumber(row.reverses_id),
    reversedById: optionalNumber(row.reversed_by_id),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function toLine(row: LineRow, lang: Lang): JournalLine {
  return {
    id: Number(row.id),
    accountId: row.account_id,
    accountCode: row.code,
    accountName: lang === 'so' ? row.name_so : row.name_en,
    debit: money(row.debit),
    credit: money(row.credit),
    partyType: row.party_type,
    partyId: row.party_id,
    partyName: row.party_name,
    memo: row.memo,
  };
}

const entryColumns = sql`
  e.id, e.series, e.entry_no, e.date::text as date, e.reference, e.memo, e.source_type, e.source_id, e.branch_id, e.user_id,
  u.fullname as user_name, e.total, e.reverses_id, e.reversed_by_id, e.created_at`;

/**
 * The name of a line's party from its register, read in the statement that reads the lines (one lookup
 * per page, never one per line). Customers are the only register today; vendors and employees get null.
 */
export const partyNameOf = (line: SQL) => sql`(
  select c.name from customers c
  where ${line}.party_type = 'customer' and c.client_id = ${line}.client_id and c.id = ${line}.party_id)`;

/** A set of ids as a bound JSON parameter (one parameter however many ids). */
const idSet = (ids: number[]) => sql`(select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint)`;

async function linesOf(tx: Db, clientId: number, entryIds: number[], lang: Lang): Promise<Map<number, JournalLine[]>> {
  const byEntry = new Map<number, JournalLine[]>(entryIds.map((id) => [id, []]));
  if (entryIds.length === 0) return byEntry;
  const rows = await queryRows<LineRow>(
    tx,
    sql`
    select l.id, l.entry_id, l.account_id, a.code, a.name_en, a.name_so, l.debit, l.credit, l.party_type, l.party_id,
           ${partyNameOf(sql`l`)} as party_name, l.memo
    from journal_lines l join accounts a on a.id = l.account_id
    where l.client_id = ${clientId} and l.entry_id in ${idSet(entryIds)}
    order by l.entry_id, l.id`,
  );
  for (const row of rows) byEntry.get(Number(row.entry_id))?.push(toLine(row, lang));
  return byEntry;
}

export async function getJournalEntry(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<JournalEntry> {
  const { tx, clientId, lang, id } = opts;
  const [row] = await queryRows<EntryRow>(
    tx,
    sql`
    select ${entryColumns} from journal_entries e left join users u on u.id = e.user_id
    where e.client_id = ${clientId} and e.id = ${id}`,
  );
  if (!row) throw notFound();
  const lines = await linesOf(tx, clientId, [id], lang);
  return { ...toSummary(row), lines: lines.get(id) ?? [] };
}

function journalFilter(clientId: number, query: JournalListQuery): SQL {
  const filters: SQL[] = [sql`e.client_id = ${clientId}`];
  if (query.startDate) filters.push(sql`e.date >= ${query.startDate}::date`);
  if (query.endDate) filters.push(sql`e.date <= ${query.endDate}::date`);
  if (query.sourceType) filters.push(sql`e.source_type = ${query.sourceType}`);
  if (query.accountId) {
    // Through the (client, account, date) index of the lines, bounded by the same dates.
    filters.push(sql`e.id in (
      select l.entry_id from journal_lines l where l.client_id = ${clientId} and l.account_id = ${query.accountId}
      ${query.startDate ? sql`and l.date >= ${query.startDate}::date` : sql``}
      ${query.endDate ? sql`and l.date <= ${query.endDate}::date` : sql``})`);
  }
  if (query.q) {
    const q = query.q.toLowerCase();
    filters.push(sql`(strpos(lower(coalesce(e.reference, '')), ${q}) > 0 or strpos(lower(coalesce(e.memo, '')), ${q}) > 0
      ${/^\d{1,15}$/.test(query.q) ? sql`or e.entry_no = ${Number(query.q)}` : sql``})`);
  }
  return sql.join(filters, sql` and `);
}

export async function listJournal(opts: { tx: Db; clientId: number; query: JournalListQuery }) {
  const { tx, clientId, query } = opts;
  const where = journalFilter(clientId, query);
  const direction = query._order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<EntryRow>(
    tx,
    sql`
    select ${entryColumns} from journal_entries e left join users u on u.id = e.user_id
    where ${where}
    order by e.date ${direction}, e.id ${direction}
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from journal_entries e where ${where}`);
  return { data: rows.map(toSummary), total: count.n, page: query._page, limit: query._limit };
}

export async function journalReport(opts: { tx: Db; clientId: number; lang: Lang; query: JournalListQuery }) {
  const page = await listJournal(opts);
  const lines = await linesOf(
    opts.tx,
    opts.clientId,
    page.data.map((e) => e.id),
    opts.lang,
  );
  return { ...page, data: page.data.map((e) => ({ ...e, lines: lines.get(e.id) ?? [] })) };
}
