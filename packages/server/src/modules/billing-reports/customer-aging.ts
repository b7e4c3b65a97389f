// GET /api/finance/customer/aging: what each customer owes on a date, by days past due. One statement:
// the customers' ledger balances and open bills on the date (receivable-at.ts), bucketed per customer,
// materialised once and read three times (the page, the totals, the zones' totals). Each customer's
// total is their ledger balance; the part not in an open bill is `unallocated` (credit from unallocated
// payments below zero; opening balances and transfers above). A customer counts in the zone of their
// first house, so zone totals add up to the grand total.
import { sql } from 'drizzle-orm';
import type { AgingQuery, AgingReport } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { money } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { balancesAt, businessDate, customerZones, openBillsAt, receivableAccountBalance, receivableScope } from './receivable-at.ts';
import type { ReportScope } from './report-scope.ts';

const FIGURES = ['current', 'd1_30', 'd31_60', 'd61_90', 'over90', 'unallocated', 'total'] as const;
type Figures = Record<(typeof FIGURES)[number], string>;

interface PageRow extends Figures {
  customer_id: number;
  customer_no: string;
  name: string;
  zone_id: number | null;
  zone_name: string | null;
}

const ORDER = {
  name: sql`lower(r.name)`,
  customerNo: sql`r.customer_no`,
  total: sql`r.total`,
  over90: sql`r.over90`,
} as const;

const figures = (r: Record<string, string | number | null>): Figures =>
  Object.fromEntries(FIGURES.map((k) => [k, money(r[k] as string)])) as Figures;

export async function customerAging(opts: ReportScope & { query: AgingQuery }): Promise<AgingReport> {
  const { tx, clientId, query } = opts;
  const date = query.date ?? (await businessDate(tx));
  const zoneId = query.zoneId ?? null;
  let zoneName: string | null = null;
  if (zoneId !== null) {
    const [zone] = await queryRows<{ name: string }>(tx, sql`select name from zones where client_id = ${clientId} and id = ${zoneId}`);
    if (!zone) throw notFound();
    zoneName = zone.name;
  }
  const s = await receivableScope(tx, clientId);
  const balances = await balancesAt(s, date);
  const openBills = await openBillsAt(s, date);
  const sort = query._sort ?? 'name';
  const direction = (query._order ?? (sort === 'total' || sort === 'over90' ? 'desc' : 'asc')) === 'desc' ? sql`desc` : sql`asc`;
  const offset = (query._page - 1) * query._limit;
  const money2 = (col: string) => sql.raw(`${col}::text as ${col}`);

  // On today's date (nothing posted or paid after it) everything streams in customer order: the
  // balances (grouped along the key of customer_ledger_balances) and the open bills (grouped along the
  // bills_unpaid index) merge-joined, then the customers and their zones merge-joined by id, materialised
  // once for three readers. Hash tables of 100,000 numeric sums cost more than sorting (measured on an
  // earlier date too), so this transaction plans without hash aggregation and hash joins.
  await tx.execute(sql`select set_config('enable_hashagg', 'off', true), set_config('enable_hashjoin', 'off', true)`);
  const [result] = await queryRows<{ page: PageRow[] | null; totals: Record<string, string | number>; zones: Array<Record<string, string | number | null>> | null }>(tx, sql`
    with bal as (${balances.sql}),
    open_bills as (
      -- The bucket of each bill once (0 current, 1: 1-30, ... 4: over 90), then integer filters: one
      -- numeric addition per bill (the open total is the buckets' sum, taken per customer below).
      select customer_id,
             coalesce(sum(open) filter (where k = 0), 0) as current, coalesce(sum(open) filter (where k = 1), 0) as d1_30,
             coalesce(sum(open) filter (where k = 2), 0) as d31_60, coalesce(sum(open) filter (where k = 3), 0) as d61_90,
             coalesce(sum(open) filter (where k = 4), 0) as over90
      from (
        select customer_id, open,
               case when due_date >= ${date}::date then 0 else least(4, (${date}::date - due_date - 1) / 30 + 1) end as k
        from (${openBills.sql}) o
      ) o group by customer_id
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
                ${money2('current')}, ${money2('d1_30')}, ${money2('d31_60')}, ${money2('d61_90')}, ${money2('over90')},
                ${money2('unallocated')}, ${money2('total')}
         from (select * from r order by ${ORDER[sort]} ${direction}, r.customer_id limit ${query._limit} offset ${offset}) r
         left join zones zn on zn.client_id = ${clientId} and zn.id = r.zone_id
         order by ${ORDER[sort]} ${direction}, r.customer_id) p) as page,
      (select json_build_object(
         'customers', count(*),
         'current', coalesce(sum(current), 0)::text, 'd1_30', coalesce(sum(d1_30), 0)::text,
         'd31_60', coalesce(sum(d31_60), 0)::text, 'd61_90', coalesce(sum(d61_90), 0)::text,
         'over90', coalesce(sum(over90), 0)::text, 'unallocated', coalesce(sum(unallocated), 0)::text,
         'total', coalesce(sum(total), 0)::text) from r) as totals,
      (select json_agg(z order by z.name nulls last, z.zone_id) from (
         select t.zone_id, zn.name, t.customers, t.current::text as current, t.d1_30::text as d1_30, t.d31_60::text as d31_60,
                t.d61_90::text as d61_90, t.over90::text as over90, t.unallocated::text as unallocated, t.total::text as total
         from (select zone_id, count(*) as customers, sum(current) as current, sum(d1_30) as d1_30, sum(d31_60) as d31_60,
                      sum(d61_90) as d61_90, sum(over90) as over90, sum(unallocated) as unallocated, sum(total) as total
               from r group by zone_id) t
         left join zones zn on zn.client_id = ${clientId} and zn.id = t.zone_id) z) as zones`);

  const totals = result.totals;
  return {
    date,
    zoneId,
    zoneName,
    rows: (result.page ?? []).map((r) => ({
      customerId: Number(r.customer_id),
      customerNo: r.customer_no,
      name: r.name,
      zoneId: r.zone_id === null ? null : Number(r.zone_id),
      zoneName: r.zone_name,
      ...figures(r as unknown as Record<string, string>),
    })),
    totals: { customers: Number(totals.customers), ...figures(totals) },
    zones: (result.zones ?? []).map((z) => ({
      zoneId: z.zone_id === null ? null : Number(z.zone_id),
      name: (z.name as string | null) ?? null,
      customers: Number(z.customers),
      ...figures(z),
    })),
    receivableBalance: money(await receivableAccountBalance(s, date)),
    total: Number(totals.customers),
    page: query._page,
    limit: query._limit,
  };
}
