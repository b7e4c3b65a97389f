// Per-account sums of the journal over a date range, read from the summaries instead of the lines: whole
// months from account_monthly_balances, the days at either edge of the range from account_daily_balances.
// A report over years reads about accounts x months rows, plus at most two partial months of days.
import { type SQL, sql } from 'drizzle-orm';

export interface DateRange {
  /** First day included (YYYY-MM-DD); null or missing: from the first posting. */
  from?: string | null;
  /** Last day included; null or missing: up to the last posting. */
  to?: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** First day of the month after `date`'s month. */
function nextMonth(date: string): string {
  const [y, m] = parts(date);
  return m === 12 ? ymd(y + 1, 1, 1) : ymd(y, m + 1, 1);
}

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** The day before `date`. */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

const isMonthEnd = (date: string) => dayBefore(nextMonth(date)) === date;

export interface RangePlan {
  /** Whole months read from the monthly rows: month >= fromMonth (null: no lower bound) and month < toMonth (null: none). */
  months: { fromMonth: string | null; toMonth: string | null } | null;
  /** Day ranges (inclusive) read from the daily rows. */
  days: { from: string | null; to: string | null }[];
}

/** Splits a range into whole months and edge days (exported for tests). */
export function planRange(range: DateRange): RangePlan {
  const from = range.from ?? null;
  const to = range.to ?? null;
  if (from !== null && to !== null && from > to) return { months: null, days: [] };
  // First whole month and the month after the last whole month.
  const fullFrom = from === null ? null : from.endsWith('-01') ? from : nextMonth(from);
  const fullTo = to === null ? null : isMonthEnd(to) ? nextMonth(to) : monthStart(to);
  if (fullFrom !== null && fullTo !== null && fullFrom >= fullTo) return { months: null, days: [{ from, to }] };
  const days: RangePlan['days'] = [];
  if (from !== null && fullFrom !== null && from < fullFrom) days.push({ from, to: dayBefore(fullFrom) });
  if (to !== null && fullTo !== null && fullTo <= to) days.push({ from: fullTo, to });
  return { months: { fromMonth: fullFrom, toMonth: fullTo }, days };
}

/**
 * A subquery (account_id, debit, credit, line_count) with one row per account that has postings in
 * the range; `accounts` optionally narrows it (an SQL condition on `account_id`).
 */
export function balanceSums(clientId: number, range: DateRange, accounts?: SQL): SQL {
  const plan = planRange(range);
  const only = accounts ? sql`and ${accounts}` : sql``;
  const parts: SQL[] = [];
  if (plan.months) {
    const { fromMonth, toMonth } = plan.months;
    parts.push(sql`
      select account_id, debit, credit, line_count from account_monthly_balances
      where client_id = ${clientId} ${fromMonth ? sql`and month >= ${fromMonth}::date` : sql``} ${toMonth ? sql`and month < ${toMonth}::date` : sql``} ${only}`);
  }
  for (const d of plan.days) {
    parts.push(sql`
      select account_id, debit, credit, line_count from account_daily_balances
      where client_id = ${clientId} ${d.from ? sql`and date >= ${d.from}::date` : sql``} ${d.to ? sql`and date <= ${d.to}::date` : sql``} ${only}`);
  }
  if (parts.length === 0) return sql`(select null::int as account_id, 0::numeric as debit, 0::numeric as credit, 0::bigint as line_count where false)`;
  return sql`(select account_id, sum(debit) as debit, sum(credit) as credit, sum(line_count) as line_count
    from (${sql.join(parts, sql` union all `)}) parts group by account_id)`;
}

/**
 * Like balanceSums, per account and month (`month` as 'YYYY-MM'): whole months from the monthly rows,
 * edge days grouped into their months from the daily rows.
 */
export function monthlySums(clientId: number, range: DateRange, accounts?: SQL): SQL {
  const plan = planRange(range);
  const only = accounts ? sql`and ${accounts}` : sql``;
  const parts: SQL[] = [];
  if (plan.months) {
    const { fromMonth, toMonth } = plan.months;
    parts.push(sql`
      select account_id, to_char(month, 'YYYY-MM') as month, debit, credit, line_count from account_monthly_balances
      where client_id = ${clientId} ${fromMonth ? sql`and month >= ${fromMonth}::date` : sql``} ${toMonth ? sql`and month < ${toMonth}::date` : sql``} ${only}`);
  }
  for (const d of plan.days) {
    parts.push(sql`
      select account_id, to_char(date, 'YYYY-MM') as month, debit, credit, line_count from account_daily_balances
      where client_id = ${clientId} ${d.from ? sql`and date >= ${d.from}::date` : sql``} ${d.to ? sql`and date <= ${d.to}::date` : sql``} ${only}`);
  }
  if (parts.length === 0) {
    return sql`(select null::int as account_id, null::text as month, 0::numeric as debit, 0::numeric as credit, 0::bigint as line_count where false)`;
  }
  return sql`(select account_id, month, sum(debit) as debit, sum(credit) as credit, sum(line_count) as line_count
    from (${sql.join(parts, sql` union all `)}) parts group by account_id, month)`;
}
