// The building blocks every customer report shares, as SQL to embed in one statement: each customer's
// receivable balance in the ledger on a date, the open items (bills and any other charge) still open on
// that date (and by how much), the bills among them with their zones, and each customer's zone. Read
// set-based, so 100,000 customers cost a few index scans.
//
// Balance on a date: customer_ledger_balances (kept by a trigger on journal_lines, migration 0026) holds
// every line so far; the lines dated after the date are taken off. When most lines are after the date
// (an old date), the lines up to the date are added up instead. The daily balances of the receivable
// account tell which side is shorter, at the cost of one row per day.
//
// Open on a date: a charge (open item, migration 0036) dated on or before it, not cancelled (a bill run's
// cancellation reverses on the bill's own date), less the allocations that count from that day or before
// (an allocation counts from its later item's date: a receipt dated after the day had not paid the bill
// on it). Charges settled in full today are read only when an allocation counts from after the date.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { systemAccountId } from '../../ledger/index.ts';
import { type ChargesScope, hasAllocationsAfter, openChargesAt } from '../open-items/index.ts';

export interface ReceivableScope {
  tx: Db;
  clientId: number;
  /** The system receivable account (1100). */
  receivableId: number;
}

export async function receivableScope(tx: Db, clientId: number): Promise<ReceivableScope> {
  return { tx, clientId, receivableId: await systemAccountId(tx, clientId, 'receivable') };
}

/** The database's date (the business date), YYYY-MM-DD. */
export async function businessDate(tx: Db): Promise<string> {
  const [row] = await queryRows<{ today: string }>(tx, sql`select to_char(current_date, 'YYYY-MM-DD') as today`);
  return row.today;
}

type BalanceStrategy = 'all' | 'lessLater' | 'upTo';

/** How many receivable lines are dated up to `date` and after it (from the daily balances). */
async function lineCounts(s: ReceivableScope, date: string): Promise<{ before: number; after: number }> {
  const [row] = await queryRows<{ before: string | number; after: string | number }>(
    s.tx,
    sql`
    select coalesce(sum(line_count) filter (where date <= ${date}::date), 0) as before,
           coalesce(sum(line_count) filter (where date > ${date}::date), 0) as after
    from account_daily_balances where client_id = ${s.clientId} and account_id = ${s.receivableId}`,
  );
  return { before: Number(row.before), after: Number(row.after) };
}

/** Which way of reading the balances on `date` touches fewer lines. */
async function balanceStrategy(s: ReceivableScope, date: string): Promise<BalanceStrategy> {
  const { before, after } = await lineCounts(s, date);
  if (after === 0) return 'all';
  return after <= before ? 'lessLater' : 'upTo';
}

/** Up to this many lines dated up to an old date are added up at once rather than walking the customers. */
const FEW_LINES = 50_000;

/**
 * Whether `date` is an old date with few receivable lines up to it (fewer than after it, and few): then
 * few customers had a balance or a charge on it (each of them has a line up to it), and adding up those
 * lines at once beats walking the customers, most of whom would be passed over to fill a page.
 */
export async function hasFewLinesUpTo(s: ReceivableScope, date: string): Promise<boolean> {
  const { before, after } = await lineCounts(s, date);
  return before < after && before <= FEW_LINES;
}

/** Whether any receivable line naming a customer is dated after `date` (read from the daily balances). */
export async function hasLinesAfter(s: ReceivableScope, date: string): Promise<boolean> {
  return (await balanceStrategy(s, date)) !== 'all';
}

/** Whether an allocation counts from a day after `date` (a payment dated after it paid a charge). */
export async function hasAllocationsAfterDate(s: ReceivableScope, date: string): Promise<boolean> {
  return hasAllocationsAfter(s.tx, s.clientId, date);
}

/** The customers' charges: items on the debit side of the receivable. */
const customerCharges = (s: ReceivableScope): ChargesScope => ({ clientId: s.clientId, accountId: s.receivableId, partyType: 'customer', side: 'debit' });

/** The receivable balance of every customer together on `date`, without grouping by customer. */
export async function totalBalanceAt(s: ReceivableScope, date: string): Promise<SQL> {
  const strategy = await balanceStrategy(s, date);
  const sums = sql`(select coalesce(sum(debit - credit), 0) from customer_ledger_balances where client_id = ${s.clientId} and account_id = ${s.receivableId})`;
  const lines = (range: SQL) => sql`(select coalesce(sum(debit - credit), 0) from journal_lines
    where client_id = ${s.clientId} and account_id = ${s.receivableId} and ${range} and party_type = 'customer')`;
  if (strategy === 'all') return sums;
  if (strategy === 'upTo') return lines(sql`date <= ${date}::date`);
  return sql`(${sums} - ${lines(sql`date > ${date}::date`)})`;
}

/**
 * One customer's balance on `date` as a scalar subquery (`customer` names the customer id column of
 * the outer query): the customer's sums less their lines after the date (the party index of the lines).
 */
export function customerBalanceAt(s: ReceivableScope, date: string, customer: SQL, linesAfter: boolean): SQL {
  const sums = sql`(select coalesce(sum(debit - credit), 0) from customer_ledger_balances
    where client_id = ${s.clientId} and account_id = ${s.receivableId} and customer_id = ${customer})`;
  if (!linesAfter) return sums;
  return sql`(${sums} - (select coalesce(sum(debit - credit), 0) from journal_lines
    where client_id = ${s.clientId} and party_type = 'customer' and party_id = ${customer} and date > ${date}::date
      and account_id = ${s.receivableId}))`;
}

/** SELECT due_date, open: one customer's charges open on `date` (as openItemsAt, for the customer `customer`). */
export function customerOpenItemsAt(s: ReceivableScope, date: string, customer: SQL, allocationsAfter: boolean): SQL {
  return sql`select due_date, open from (${openChargesAt(customerCharges(s), date, allocationsAfter, customer)}) charges`;
}

/** SELECT customer_id, balance: every customer with receivable lines, their balance on `date` (debit - credit). */
export async function balancesAt(s: ReceivableScope, date: string): Promise<SQL> {
  const strategy = await balanceStrategy(s, date);
  const sums = sql`
    select customer_id, sum(debit - credit) as balance from customer_ledger_balances
    where client_id = ${s.clientId} and account_id = ${s.receivableId} group by customer_id`;
  const lines = (range: SQL) => sql`
    select party_id as customer_id, sum(debit - credit) as balance from journal_lines
    where client_id = ${s.clientId} and account_id = ${s.receivableId} and ${range} and party_type = 'customer'
    group by party_id`;
  if (strategy === 'all') return sums;
  if (strategy === 'upTo') return lines(sql`date <= ${date}::date`);
  return sql`
    select customer_id, sum(balance) as balance from (
      ${sums}
      union all
      select customer_id, -balance from (${lines(sql`date > ${date}::date`)}) later
    ) parts group by customer_id`;
}

/**
 * SELECT customer_id, due_date, open: every customer's charges (bills, invoices, ...) open on `date`, each
 * with what was left to pay on it, in customer order when no allocation counts from after `date` (the
 * usual case: today).
 */
export async function openItemsAt(s: ReceivableScope, date: string): Promise<SQL> {
  const later = await hasAllocationsAfterDate(s, date);
  return sql`select party_id as customer_id, due_date, open from (${openChargesAt(customerCharges(s), date, later)}) charges
    ${later ? sql`` : sql`order by party_id`}`;
}

/**
 * SELECT customer_id, zone_id, due_date, open: the bills open on `date` (the bills' own open items), each
 * with its zone and what was left to pay on it, in customer order when no allocation counts from after
 * `date`.
 */
export async function openBillsAt(s: ReceivableScope, date: string): Promise<SQL> {
  const open = sql`
    select b.customer_id, b.zone_id, b.due_date, b.amount - b.paid_amount as open
    from bills b
    where b.client_id = ${s.clientId} and b.status = 'Open' and b.paid_amount < b.amount and b.bill_date <= ${date}::date`;
  if (!(await hasAllocationsAfterDate(s, date))) return sql`${open} order by b.customer_id`;
  // Allocations counting from after `date` paid part of these bills after it: that part was still open on `date`.
  const allocated = sql`
    select o.source_id as bill_id, sum(a.amount) as amount
    from open_item_allocations a join open_items o on o.id = a.debit_item_id
    where a.client_id = ${s.clientId} and a.date > ${date}::date and o.client_id = ${s.clientId} and o.source_type = 'bill'
    group by o.source_id`;
  // The allocations are read once (a CTE inside the subquery) for both halves.
  return sql`
    select * from (
      with l as materialized (${allocated})
      select b.customer_id, b.zone_id, b.due_date, b.amount - b.paid_amount + coalesce(l.amount, 0) as open
      from bills b left join l on l.bill_id = b.id
      where b.client_id = ${s.clientId} and b.status = 'Open' and b.paid_amount < b.amount and b.bill_date <= ${date}::date
      union all
      select b.customer_id, b.zone_id, b.due_date, l.amount as open
      from l join bills b on b.client_id = ${s.clientId} and b.id = l.bill_id
      where b.status = 'Open' and b.paid_amount >= b.amount and b.bill_date <= ${date}::date
    ) open_on_date`;
}

/** SELECT customer_id, zone_id: the zone of each customer's first house (customers without a house have none). */
export function customerZones(clientId: number): SQL {
  return sql`
    select distinct on (customer_id) customer_id, zone_id from houses
    where client_id = ${clientId} order by customer_id, id`;
}

/** The receivable account's balance on `date` (every line, with or without a customer), from the daily balances. */
export async function receivableAccountBalance(s: ReceivableScope, date: string): Promise<string> {
  const [row] = await queryRows<{ balance: string }>(
    s.tx,
    sql`
    select coalesce(sum(debit - credit), 0)::text as balance from account_daily_balances
    where client_id = ${s.clientId} and account_id = ${s.receivableId} and date <= ${date}::date`,
  );
  return row.balance;
}

/** Last day of a YYYY-MM month. */
export function monthEnd(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The month `n` months after a YYYY-MM month (n may be negative). */
export function addMonths(period: string, n: number): string {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
}

/** The day before a YYYY-MM-DD date. */
export function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

const pad = (no: number) => String(no).padStart(6, '0');
/** Bill numbers as printed: B-000042. */
export const billNo = (no: number) => `B-${pad(no)}`;
/** Receipt numbers as printed: RC-000007. */
export const receiptNo = (no: number) => `RC-${pad(no)}`;
/** Balance transfer numbers as printed: CT-000003. */
export const transferNo = (no: number) => `CT-${pad(no)}`;
