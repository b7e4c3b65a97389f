// The ledger's self-check (operator command verify-ledger, tests): recomputes every daily and monthly
// balance and each customer's balance (customer_ledger_balances) from the journal lines and compares, and
// re-checks every entry's balance and the gapless numbering.
// Expected result: no differences. Run on the owner connection it checks every organisation; inside a
// tenant transaction row-level security limits it to that organisation.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { money } from './money.ts';

export interface BalanceDifference {
  clientId: number;
  accountId: number;
  date: string;
  /** Recomputed from journal_lines. */
  expectedDebit: string;
  expectedCredit: string;
  expectedLines: number;
  /** Stored in account_daily_balances. */
  storedDebit: string;
  storedCredit: string;
  storedLines: number;
}

export interface UnbalancedEntry {
  clientId: number;
  entryId: number;
  lines: number;
  debit: string;
  credit: string;
  total: string;
}

export interface NumberingGap {
  clientId: number;
  series: string;
  count: number;
  maxNo: number;
  counterNext: number | null;
}

export interface LedgerReport {
  isSound: boolean;
  entries: number;
  lines: number;
  balanceDifferences: BalanceDifference[];
  /** Same shape; `date` is the first day of the month (account_monthly_balances). */
  monthlyDifferences: BalanceDifference[];
  unbalancedEntries: UnbalancedEntry[];
  numberingGaps: NumberingGap[];
  /** customer_ledger_balances (0026) against the customers' lines; `date` is '' and `accountId` the account. */
  customerBalanceDifferences: Array<BalanceDifference & { customerId: number; sourceType: string }>;
}

interface DifferenceRow {
  client_id: number;
  account_id: number;
  date: string;
  expected_debit: string;
  expected_credit: string;
  expected_lines: number;
  stored_debit: string;
  stored_credit: string;
  stored_lines: number;
}

const toDifference = (r: DifferenceRow): BalanceDifference => ({
  clientId: Number(r.client_id),
  accountId: Number(r.account_id),
  date: r.date,
  expectedDebit: money(r.expected_debit),
  expectedCredit: money(r.expected_credit),
  expectedLines: r.expected_lines,
  storedDebit: money(r.stored_debit),
  storedCredit: money(r.stored_credit),
  storedLines: r.stored_lines,
});

export async function verifyLedger(db: Db, opts: { clientId?: number; limit?: number } = {}): Promise<LedgerReport> {
  const limit = opts.limit ?? 1000;
  const only = (column: SQL) => (opts.clientId === undefined ? sql`true` : sql`${column} = ${opts.clientId}`);

  const [counts] = await queryRows<{ entries: number; lines: number }>(
    db,
    sql`
    select (select count(*) from journal_entries e where ${only(sql`e.client_id`)})::int as entries,
           (select count(*) from journal_lines l where ${only(sql`l.client_id`)})::int as lines`,
  );

  const balanceRows = await queryRows<DifferenceRow>(
    db,
    sql`
    with recomputed as (
      select client_id, account_id, date, sum(debit) as debit, sum(credit) as credit, count(*)::int as line_count
      from journal_lines l where ${only(sql`l.client_id`)}
      group by client_id, account_id, date
    ), stored as (
      select client_id, account_id, date, debit, credit, line_count
      from account_daily_balances b where ${only(sql`b.client_id`)}
    )
    select coalesce(r.client_id, s.client_id) as client_id, coalesce(r.account_id, s.account_id) as account_id,
           coalesce(r.date, s.date)::text as date,
           coalesce(r.debit, 0) as expected_debit, coalesce(r.credit, 0) as expected_credit, coalesce(r.line_count, 0) as expected_lines,
           coalesce(s.debit, 0) as stored_debit, coalesce(s.credit, 0) as stored_credit, coalesce(s.line_count, 0) as stored_lines
    from recomputed r full join stored s
      on s.client_id = r.client_id and s.account_id = r.account_id and s.date = r.date
    where r.debit is distinct from s.debit or r.credit is distinct from s.credit or r.line_count is distinct from s.line_count
    order by 1, 2, 3
    limit ${limit}`,
  );

  const monthlyRows = await queryRows<DifferenceRow>(
    db,
    sql`
    with recomputed as (
      select client_id, account_id, date_trunc('month', date)::date as month, sum(debit) as debit, sum(credit) as credit, count(*)::int as line_count
      from journal_lines l where ${only(sql`l.client_id`)}
      group by 1, 2, 3
    ), stored as (
      select client_id, account_id, month, debit, credit, line_count
      from account_monthly_balances m where ${only(sql`m.client_id`)} and (debit <> 0 or credit <> 0 or line_count <> 0)
    )
    select coalesce(r.client_id, s.client_id) as client_id, coalesce(r.account_id, s.account_id) as account_id,
           coalesce(r.month, s.month)::text as date,
           coalesce(r.debit, 0) as expected_debit, coalesce(r.credit, 0) as expected_credit, coalesce(r.line_count, 0) as expected_lines,
           coalesce(s.debit, 0) as stored_debit, coalesce(s.credit, 0) as stored_credit, coalesce(s.line_count, 0) as stored_lines
    from recomputed r full join stored s
      on s.client_id = r.client_id and s.account_id = r.account_id and s.month = r.month
    where r.debit is distinct from s.debit or r.credit is distinct from s.credit or r.line_count is distinct from s.line_count
    order by 1, 2, 3
    limit ${limit}`,
  );

  const unbalancedRows = await queryRows<{ client_id: number; entry_id: string | number; lines: number; debit: string; credit: string; total: string }>(
    db,
    sql`
    select e.client_id, e.id as entry_id, count(l.id)::int as lines,
           coalesce(sum(l.debit), 0) as debit, coalesce(sum(l.credit), 0) as credit, e.total
    from journal_entries e left join journal_lines l on l.entry_id = e.id
    where ${only(sql`e.client_id`)}
    group by e.id
    having count(l.id) < 2 or coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0) or coalesce(sum(l.debit), 0) <> e.total
       or bool_or(l.date <> e.date)
    order by e.id
    limit ${limit}`,
  );

  const gapRows = await queryRows<{ client_id: number; series: string; count: number; max_no: string | number; counter_next: string | number | null }>(
    db,
    sql`
    select e.client_id, e.series, count(*)::int as count, max(e.entry_no) as max_no,
           (select c.next_no from document_counters c where c.client_id = e.client_id and c.series = e.series) as counter_next
    from journal_entries e where ${only(sql`e.client_id`)}
    group by e.client_id, e.series
    having count(*) <> max(e.entry_no)
        or coalesce((select c.next_no from document_counters c where c.client_id = e.client_id and c.series = e.series), 0) <> max(e.entry_no) + 1
    order by 1, 2
    limit ${limit}`,
  );

  const customerRows = await queryRows<DifferenceRow & { customer_id: number; source_type: string }>(
    db,
    sql`
    with recomputed as (
      select l.client_id, l.account_id, l.party_id as customer_id, e.source_type,
             sum(l.debit) as debit, sum(l.credit) as credit, count(*)::int as line_count
      from journal_lines l join journal_entries e on e.id = l.entry_id
      where l.party_type = 'customer' and ${only(sql`l.client_id`)}
      group by 1, 2, 3, 4
    ), stored as (
      select client_id, account_id, customer_id, source_type, debit, credit, line_count
      from customer_ledger_balances b where ${only(sql`b.client_id`)} and (debit <> 0 or credit <> 0 or line_count <> 0)
    )
    select coalesce(r.client_id, s.client_id) as client_id, coalesce(r.account_id, s.account_id) as account_id,
           coalesce(r.customer_id, s.customer_id) as customer_id, coalesce(r.source_type, s.source_type) as source_type, '' as date,
           coalesce(r.debit, 0) as expected_debit, coalesce(r.credit, 0) as expected_credit, coalesce(r.line_count, 0) as expected_lines,
           coalesce(s.debit, 0) as stored_debit, coalesce(s.credit, 0) as stored_credit, coalesce(s.line_count, 0) as stored_lines
    from recomputed r full join stored s
      on s.client_id = r.client_id and s.account_id = r.account_id and s.customer_id = r.customer_id and s.source_type = r.source_type
    where r.debit is distinct from s.debit or r.credit is distinct from s.credit or r.line_count is distinct from s.line_count
    order by 1, 2, 3, 4
    limit ${limit}`,
  );

  const balanceDifferences = balanceRows.map(toDifference);
  const customerBalanceDifferences = customerRows.map((r) => ({ ...toDifference(r), customerId: Number(r.customer_id), sourceType: r.source_type }));
  const monthlyDifferences = monthlyRows.map(toDifference);
  const unbalancedEntries = unbalancedRows.map((r) => ({
    clientId: Number(r.client_id),
    entryId: Number(r.entry_id),
    lines: r.lines,
    debit: money(r.debit),
    credit: money(r.credit),
    total: money(r.total),
  }));
  const numberingGaps = gapRows.map((r) => ({
    clientId: Number(r.client_id),
    series: r.series,
    count: r.count,
    maxNo: Number(r.max_no),
    counterNext: r.counter_next === null ? null : Number(r.counter_next),
  }));
  return {
    isSound:
      balanceDifferences.length === 0 &&
      monthlyDifferences.length === 0 &&
      unbalancedEntries.length === 0 &&
      numberingGaps.length === 0 &&
      customerBalanceDifferences.length === 0,
    entries: counts.entries,
    lines: counts.lines,
    balanceDifferences,
    monthlyDifferences,
    unbalancedEntries,
    numberingGaps,
    customerBalanceDifferences,
  };
}
