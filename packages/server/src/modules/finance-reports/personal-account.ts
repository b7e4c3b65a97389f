// GET /api/finance/reports/personalaccount: one customer's, vendor's or employee's lines across every
// account (receivables, deposits, payables, advances, ...), with the balance before the range, a running
// balance and the closing balance. Read along the (client, party type, party, date) index of the lines,
// so the cost follows the party's own lines. Customers' balances are on the debit side (what they owe),
// vendors' and employees' on the credit side (what the organisation owes them).
import { sql } from 'drizzle-orm';
import type { AccountType, Lang, PartyType, PersonalAccount, PersonalAccountQuery } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { type Decimal, dec, documentNumber, money } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { nameIn } from './labels.ts';

interface LineRow {
  id: string | number;
  entry_id: string | number;
  date: string;
  debit: string;
  credit: string;
  running: string;
  line_memo: string | null;
  account_id: number;
  code: string;
  name_en: string;
  name_so: string;
  type: AccountType;
  series: string;
  entry_no: string | number;
  reference: string | null;
  memo: string | null;
  source_type: string;
}

export const balanceSideOf = (partyType: PartyType): 'debit' | 'credit' => (partyType === 'customer' ? 'debit' : 'credit');

/** The party's name where the organisation keeps a register of that kind of party (customers today). */
async function partyName(tx: Db, clientId: number, partyType: PartyType, partyId: number): Promise<string | null> {
  if (partyType !== 'customer') return null;
  const [row] = await queryRows<{ name: string }>(tx, sql`select name from customers where client_id = ${clientId} and id = ${partyId}`);
  if (!row) throw notFound();
  return row.name;
}

export async function personalAccount(opts: { tx: Db; clientId: number; lang: Lang; query: PersonalAccountQuery }): Promise<PersonalAccount> {
  const { tx, clientId, lang, query } = opts;
  const name = await partyName(tx, clientId, query.partyType, query.partyId);
  const side = balanceSideOf(query.partyType);
  const signed = (debit: string | Decimal, credit: string | Decimal) => (side === 'debit' ? dec(debit).minus(dec(credit)) : dec(credit).minus(dec(debit)));

  const party = sql`client_id = ${clientId} and party_type = ${query.partyType} and party_id = ${query.partyId}`;
  const before = query.startDate ? sql`date < ${query.startDate}::date` : sql`false`;
  const to = query.endDate ? sql`and date <= ${query.endDate}::date` : sql``;
  const from = query.startDate ? sql`and date >= ${query.startDate}::date` : sql``;
  const [sums] = await queryRows<{ opening_debit: string; opening_credit: string; debit: string; credit: string; lines: number }>(
    tx,
    sql`
    select coalesce(sum(debit) filter (where ${before}), 0) as opening_debit,
           coalesce(sum(credit) filter (where ${before}), 0) as opening_credit,
           coalesce(sum(debit) filter (where not (${before})), 0) as debit,
           coalesce(sum(credit) filter (where not (${before})), 0) as credit,
           (count(*) filter (where not (${before})))::int as lines
    from journal_lines
    where ${party} ${to}`,
  );

  const offset = (query._page - 1) * query._limit;
  const rows = await queryRows<LineRow>(
    tx,
    sql`
    with page as (
      select * from (
        select l.id, l.entry_id, l.date, l.debit, l.credit, l.memo, l.account_id,
               sum(l.debit - l.credit) over (order by l.date, l.entry_id, l.id rows between unbounded preceding and current row) as running
        from journal_lines l
        where ${party} ${from} ${to}
      ) ordered
      order by date, entry_id, id
      limit ${query._limit} offset ${offset}
    )
    select p.id, p.entry_id, p.date::text as date, p.debit, p.credit, p.running, p.memo as line_memo, p.account_id,
           a.code, a.name_en, a.name_so, a.type, e.series, e.entry_no, e.reference, e.memo, e.source_type
    from page p
    join journal_entries e on e.id = p.entry_id
    join accounts a on a.id = p.account_id
    order by p.date, p.entry_id, p.id`,
  );

  const opening = signed(sums.opening_debit, sums.opening_credit);
  return {
    party: { type: query.partyType, id: query.partyId, name },
    balanceSide: side,
    startDate: query.startDate ?? null,
    endDate: query.endDate ?? null,
    openingBalance: money(opening),
    lines: rows.map((r) => ({
      lineId: Number(r.id),
      entryId: Number(r.entry_id),
      number: documentNumber(r.series, Number(r.entry_no)),
      date: r.date,
      reference: r.reference,
      memo: r.line_memo ?? r.memo,
      sourceType: r.source_type,
      accountId: Number(r.account_id),
      accountCode: r.code,
      accountName: nameIn(r, lang),
      accountType: r.type,
      debit: money(r.debit),
      credit: money(r.credit),
      balance: money(opening.plus(side === 'debit' ? dec(r.running) : dec(r.running).negated())),
    })),
    totals: { debit: money(sums.debit), credit: money(sums.credit) },
    closingBalance: money(opening.plus(signed(sums.debit, sums.credit))),
    total: sums.lines,
    page: query._page,
    limit: query._limit,
  };
}
