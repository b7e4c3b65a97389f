// GET /api/finance/reports/account-transaction: one account's statement. Opening balance, range totals,
// line count and closing balance come from the daily balances, and so does the day a page starts on
// (running line counts per day) with the balance before it; the page of lines is then read in ledger
// order along the (client, account, date, entry, line) index from that day, with a running sum. A page
// costs the account's days plus at most one day of lines before it, wherever it is in the range.
import { sql } from 'drizzle-orm';
import type { AccountStatement, AccountStatementQuery, AccountType, Lang } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { dec, documentNumber, money, naturalBalance } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { accountName } from './list-accounts.ts';
import { partyNameOf } from './list-journal.ts';

interface LineRow {
  id: string | number;
  entry_id: string | number;
  date: string;
  debit: string;
  credit: string;
  running: string;
  party_type: string | null;
  party_id: number | null;
  party_name: string | null;
  line_memo: string | null;
  series: string;
  entry_no: string | number;
  reference: string | null;
  memo: string | null;
  source_type: string;
  reverses_id: string | number | null;
  reversed_by_id: string | number | null;
}

export async function accountStatement(opts: { tx: Db; clientId: number; lang: Lang; query: AccountStatementQuery }): Promise<AccountStatement> {
  const { tx, clientId, lang, query } = opts;
  const [account] = await queryRows<{ id: number; code: string; name_en: string; name_so: string; type: AccountType }>(
    tx,
    sql`
    select id, code, name_en, name_so, type from accounts where client_id = ${clientId} and id = ${query.accountId}`,
  );
  if (!account) throw notFound();

  const to = query.endDate ? sql`and date <= ${query.endDate}::date` : sql``;
  const before = query.startDate ? sql`date < ${query.startDate}::date` : sql`false`;
  const offset = (query._page - 1) * query._limit;
  // The day the page starts on, from the daily line counts: the lines of the range before that day
  // (fewer than or equal to the offset) and their net; the page is then read from that day on. The first
  // page starts at the start of the range.
  const startDay =
    offset === 0
      ? sql`select (select min(date) from days where not (${before})) as date, 0 as lines_before, 0::numeric as net_before`
      : sql`select date, lines_before, net_before from (
          select date, sum(line_count) over w - line_count as lines_before, sum(debit - credit) over w - (debit - credit) as net_before
          from days where not (${before})
          window w as (order by date rows between unbounded preceding and current row)
        ) in_range where lines_before <= ${offset} order by date desc limit 1`;
  const [sums] = await queryRows<{
    opening_debit: string;
    opening_credit: string;
    debit: string;
    credit: string;
    lines: number;
    start_date: string | null;
    lines_before: number | null;
    net_before: string | null;
  }>(
    tx,
    sql`
    with days as (
      select date, debit, credit, line_count from account_daily_balances
      where client_id = ${clientId} and account_id = ${account.id} ${to}
    ), start_day as (${startDay})
    select coalesce(sum(debit) filter (where ${before}), 0) as opening_debit,
           coalesce(sum(credit) filter (where ${before}), 0) as opening_credit,
           coalesce(sum(debit) filter (where not (${before})), 0) as debit,
           coalesce(sum(credit) filter (where not (${before})), 0) as credit,
           coalesce(sum(line_count) filter (where not (${before})), 0)::int as lines,
           (select date::text from start_day) as start_date,
           (select lines_before::int from start_day) as lines_before,
           (select net_before from start_day) as net_before
    from days`,
  );

  const skip = offset - (sums.lines_before ?? 0);
  const rows =
    sums.start_date === null || offset >= sums.lines
      ? []
      : await queryRows<LineRow>(
          tx,
          sql`
    with page as (
      select id, client_id, entry_id, date, debit, credit, party_type, party_id, memo, running from (
        select l.id, l.client_id, l.entry_id, l.date, l.debit, l.credit, l.party_type, l.party_id, l.memo,
               sum(l.debit - l.credit) over (order by l.date, l.entry_id, l.id rows between unbounded preceding and current row) as running
        from journal_lines l
        where l.client_id = ${clientId} and l.account_id = ${account.id} and l.date >= ${sums.start_date}::date ${to}
        order by l.date, l.entry_id, l.id
        limit ${skip + query._limit}
      ) ordered
      order by date, entry_id, id
      offset ${skip}
    )
    select p.id, p.entry_id, p.date::text as date, p.debit, p.credit, p.running, p.party_type, p.party_id,
           ${partyNameOf(sql`p`)} as party_name, p.memo as line_memo,
           e.series, e.entry_no, e.reference, e.memo, e.source_type, e.reverses_id, e.reversed_by_id
    from page p join journal_entries e on e.id = p.entry_id
    order by p.date, p.entry_id, p.id`,
        );

  const opening = naturalBalance(account.type, sums.opening_debit, sums.opening_credit);
  return {
    account: { id: account.id, code: account.code, name: accountName(account, lang), type: account.type },
    startDate: query.startDate ?? null,
    endDate: query.endDate ?? null,
    openingBalance: money(opening),
    lines: rows.map((r) => ({
      lineId: Number(r.id),
      entryId: Number(r.entry_id),
      entryNo: Number(r.entry_no),
      number: documentNumber(r.series, Number(r.entry_no)),
      date: r.date,
      reference: r.reference,
      memo: r.line_memo ?? r.memo,
      sourceType: r.source_type,
      partyType: r.party_type,
      partyId: r.party_id,
      partyName: r.party_name,
      isReversal: r.reverses_id !== null,
      isReversed: r.reversed_by_id !== null,
      debit: money(r.debit),
      credit: money(r.credit),
      balance: money(opening.plus(naturalBalance(account.type, dec(sums.net_before).plus(r.running), dec(0)))),
    })),
    totals: { debit: money(sums.debit), credit: money(sums.credit) },
    closingBalance: money(opening.plus(naturalBalance(account.type, sums.debit, sums.credit))),
    total: sums.lines,
    page: query._page,
    limit: query._limit,
  };
}
