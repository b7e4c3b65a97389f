// The ageing without adding up every customer one by one, for the screen's usual requests:
// - a page sorted by name or customer number: the customers are walked in that order along their index
//   and each one's balance and open charges are looked up (customer_ledger_balances, open_items_unsettled
//   by customer) until the page is full, so the first page costs a few hundred lookups;
// - the totals of everyone: bucket sums over the open charges and the sum of the balances, neither
//   grouped by customer; only the number of customers listed groups the balances;
// - one zone: its customers (those whose first house is there) are few enough to look up one by one.
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { type AgingPageRow, type AgingRead, type AgingTotalsRow, bucketOf, bucketSums, figureColumns } from './aging-parts.ts';
import { balancesAt, customerBalanceAt, customerOpenItemsAt, hasAllocationsAfterDate, hasLinesAfter, openItemsAt, totalBalanceAt } from './receivable-at.ts';
import { planWithoutHashing } from './report-scope.ts';

/** LATERAL (...) f: the figures of the customer c on the date, and `bills`, the number of bills open. */
async function customerFigures(read: AgingRead): Promise<SQL> {
  const { s, date } = read;
  const balance = customerBalanceAt(s, date, sql`c.id`, await hasLinesAfter(s, date));
  const open = customerOpenItemsAt(s, date, sql`c.id`, await hasAllocationsAfterDate(s, date));
  return sql`lateral (
    select o.current, o.d1_30, o.d31_60, o.d61_90, o.over90,
           b.balance - (o.current + o.d1_30 + o.d31_60 + o.d61_90 + o.over90) as unallocated, b.balance as total, o.bills
    from (select ${balance} as balance) b,
         (select count(*) as bills, ${bucketSums} from (select open, ${bucketOf(date, sql`due_date`)} as k from (${open}) x) y) o
  ) f`;
}

const listed = (read: AgingRead) => (read.query.includeZero ? sql`true` : sql`(f.total <> 0 or f.bills > 0)`);

/** A page sorted by name or customer number, walking the customers along that index. */
export async function readAgingPageByWalking(read: AgingRead): Promise<AgingPageRow[]> {
  const { s, query, direction, offset } = read;
  const { tx, clientId } = s;
  const order = read.sort === 'customerNo' ? sql`c.customer_no ${direction}` : sql`lower(c.name) ${direction}, c.id ${direction}`;
  return queryRows<AgingPageRow>(
    tx,
    sql`
    select c.id as customer_id, c.customer_no, c.name, z.zone_id, zn.name as zone_name, ${figureColumns('f.')}
    from customers c
    cross join ${await customerFigures(read)}
    left join lateral (select h.zone_id from houses h where h.client_id = ${clientId} and h.customer_id = c.id order by h.id limit 1) z on true
    left join zones zn on zn.client_id = ${clientId} and zn.id = z.zone_id
    where c.client_id = ${clientId} and ${listed(read)}
    order by ${order}
    limit ${query._limit} offset ${offset}`,
  );
}

/**
 * The totals of every customer on the date: the open bills summed by bucket and the balances summed,
 * neither grouped by customer; the customers listed are those whose balance is not zero (the balances
 * grouped along their key) or, with a zero balance, still have an open bill (one probe each).
 */
export async function readAgingTotals(read: AgingRead): Promise<AgingTotalsRow> {
  const { s, date, query } = read;
  const { tx, clientId } = s;
  const hasOpenBill = customerOpenItemsAt(s, date, sql`b.customer_id`, await hasAllocationsAfterDate(s, date));
  const count = query.includeZero
    ? sql`(select count(*) from customers where client_id = ${clientId})`
    : sql`(select count(*) from (${await balancesAt(s, date)}) b where b.balance <> 0 or exists (${hasOpenBill}))`;
  await planWithoutHashing(tx);
  const [row] = await queryRows<AgingTotalsRow>(
    tx,
    sql`
    select ${count} as customers, current::text, d1_30::text, d31_60::text, d61_90::text, over90::text,
           (total - (current + d1_30 + d31_60 + d61_90 + over90))::text as unallocated, total::text
    from (
      select ${bucketSums}, ${await totalBalanceAt(s, date)} as total
      from (select open, ${bucketOf(date, sql`due_date`)} as k from (${await openItemsAt(s, date)}) o) o
    ) sums`,
  );
  return row;
}

/** One zone: every customer whose first house is in it, looked up one by one, for the page and its totals. */
export async function readAgingZone(read: AgingRead, zoneId: number): Promise<{ page: AgingPageRow[]; totals: AgingTotalsRow }> {
  const { s, query, direction, offset } = read;
  const { tx, clientId } = s;
  const order = {
    name: sql`lower(r.name) ${direction}, r.customer_id ${direction}`,
    customerNo: sql`r.customer_no ${direction}`,
    total: sql`r.total ${direction}, r.customer_id`,
    over90: sql`r.over90 ${direction}, r.customer_id`,
  }[read.sort];
  const [result] = await queryRows<{ page: AgingPageRow[] | null; totals: AgingTotalsRow }>(
    tx,
    sql`
    with r as materialized (
      select c.id as customer_id, c.customer_no, c.name, ${zoneId}::int as zone_id, f.*
      from houses h
      join customers c on c.client_id = ${clientId} and c.id = h.customer_id
      cross join ${await customerFigures(read)}
      where h.client_id = ${clientId} and h.zone_id = ${zoneId}
        and not exists (select 1 from houses first where first.client_id = ${clientId} and first.customer_id = h.customer_id and first.id < h.id)
        and ${listed(read)}
    )
    select
      (select json_agg(p) from (
         select r.customer_id, r.customer_no, r.name, r.zone_id, zn.name as zone_name, ${figureColumns('r.')}
         from r left join zones zn on zn.client_id = ${clientId} and zn.id = r.zone_id
         order by ${order} limit ${query._limit} offset ${offset}) p) as page,
      (select json_build_object(
         'customers', count(*),
         'current', coalesce(sum(current), 0)::text, 'd1_30', coalesce(sum(d1_30), 0)::text,
         'd31_60', coalesce(sum(d31_60), 0)::text, 'd61_90', coalesce(sum(d61_90), 0)::text,
         'over90', coalesce(sum(over90), 0)::text, 'unallocated', coalesce(sum(unallocated), 0)::text,
         'total', coalesce(sum(total), 0)::text) from r) as totals`,
  );
  return { page: result.page ?? [], totals: result.totals };
}
