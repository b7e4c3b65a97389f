// The ageing of every customer at once, for a sort by amount, a deep page, the Excel file and the
// totals by zone: the customers' balances (grouped along the key of customer_ledger_balances) and their
// open bills (grouped along the bills_unpaid index) streamed in customer order and merge-joined, then
// the customers and their zones merge-joined by id, materialised once for the page, the totals and the
// zones (see planWithoutHashing).
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { type AgingPageRow, type AgingRead, type AgingTotalsRow, type AgingZoneRow, bucketOf, bucketSums } from './aging-parts.ts';
import { balancesAt, customerZones, openItemsAt } from './receivable-at.ts';
import { planWithoutHashing } from './report-scope.ts';

const ORDER = {
  name: sql`lower(r.name)`,
  customerNo: sql`r.customer_no`,
  total: sql`r.total`,
  over90: sql`r.over90`,
} as const;

export async function readAgingFull(read: AgingRead): Promise<{ page: AgingPageRow[]; totals: AgingTotalsRow; zones: AgingZoneRow[] }> {
  const { s, date, zoneId, query, sort, direction, offset } = read;
  const { tx, clientId } = s;
  const balances = await balancesAt(s, date);
  const openBills = await openItemsAt(s, date);
  await planWithoutHashing(tx);
  const money = (col: string) => sql.raw(`${col}::text as ${col}`);
  const [result] = await queryRows<{ page: AgingPageRow[] | null; totals: AgingTotalsRow; zones: AgingZoneRow[] | null }>(
    tx,
    sql`
    with bal as (${balances}),
    open_bills as (
      select customer_id, ${bucketSums}
      from (select customer_id, open, ${bucketOf(date, sql`due_date`)} as k from (${openBills}) o) o
      group by customer_id
    ),
    -- Every customer with an open bill has a balance row (the bill was posted to the receivable), so
    -- the balances drive a left join that keeps their customer order for the joins below.
    per_customer as (
      select b.customer_id,
             coalesce(o.current, 0) as current, coalesce(o.d1_30, 0) as d1_30, coalesce(o.d31_60, 0) as d31_60,
             coalesce(o.d61_90, 0) as d61_90, coalesce(o.over90, 0) as over90,
             b.balance - coalesce(o.current + o.d1_30 + o.d31_60 + o.d61_90 + o.over90, 0) as unallocated, b.balance as total
      from bal b left join open_bills o on o.customer_id = b.customer_id
      ${query.includeZero ? sql`` : sql`where b.balance <> 0 or o.customer_id is not null`}
    ),
    zone_of as (${customerZones(clientId)}),
    r as materialized (
      select c.id as customer_id, c.customer_no, c.name, z.zone_id,
             coalesce(pc.current, 0) as current, coalesce(pc.d1_30, 0) as d1_30, coalesce(pc.d31_60, 0) as d31_60,
             coalesce(pc.d61_90, 0) as d61_90, coalesce(pc.over90, 0) as over90,
             coalesce(pc.unallocated, 0) as unallocated, coalesce(pc.total, 0) as total
      from ${query.includeZero ? sql`customers c left join per_customer pc on pc.customer_id = c.id` : sql`per_customer pc join customers c on c.id = pc.customer_id`}
      left join zone_of z on z.customer_id = c.id
      where c.client_id = ${clientId} ${zoneId !== null ? sql`and z.zone_id = ${zoneId}` : sql``}
    )
    select
      (select json_agg(p) from (
         select r.customer_id, r.customer_no, r.name, r.zone_id, zn.name as zone_name,
                ${money('current')}, ${money('d1_30')}, ${money('d31_60')}, ${money('d61_90')}, ${money('over90')},
                ${money('unallocated')}, ${money('total')}
         from (select * from r order by ${ORDER[sort]} ${direction}, r.customer_id limit ${query._limit} offset ${offset}) r
         left join zones zn on zn.client_id = ${clientId} and zn.id = r.zone_id
         order by ${ORDER[sort]} ${direction}, r.customer_id) p) as page,
      (select json_build_object(
         'customers', count(*),
         'current', coalesce(sum(current), 0)::text, 'd1_30', coalesce(sum(d1_30), 0)::text,
         'd31_60', coalesce(sum(d31_60), 0)::text, 'd61_90', coalesce(sum(d61_90), 0)::text,
         'over90', coalesce(sum(over90), 0)::text, 'unallocated', coalesce(sum(unallocated), 0)::text,
         'total', coalesce(sum(total), 0)::text) from r) as totals,
      ${
        query.withZones
          ? sql`(select json_agg(z order by z.name nulls last, z.zone_id) from (
         select t.zone_id, zn.name, t.customers, t.current::text as current, t.d1_30::text as d1_30, t.d31_60::text as d31_60,
                t.d61_90::text as d61_90, t.over90::text as over90, t.unallocated::text as unallocated, t.total::text as total
         from (select zone_id, count(*) as customers, sum(current) as current, sum(d1_30) as d1_30, sum(d31_60) as d31_60,
                      sum(d61_90) as d61_90, sum(over90) as over90, sum(unallocated) as unallocated, sum(total) as total
               from r group by zone_id) t
         left join zones zn on zn.client_id = ${clientId} and zn.id = t.zone_id) z)`
          : sql`null`
      } as zones`,
  );
  return { page: result.page ?? [], totals: result.totals, zones: result.zones ?? [] };
}
