// GET /api/finance/zones/summery: one month per zone. Billed, bills and consumption: the month's live
// bills by their zone. Collected: the month's payments, the allocated part by the zone of the bill it
// paid, the unallocated rest by the customer's zone. Outstanding at the month's end: the open bill
// amounts by the bill's zone, and each customer's other balance (credits, opening balances, transfers)
// by the customer's zone, so the total is the customers' receivable balance. Customers: by the zone of
// their first house. A zone appears when it has any figure or is active.
import { sql } from 'drizzle-orm';
import { type ZoneSummary, type ZoneSummaryQuery, plainDecimal } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec, money } from '../../ledger/index.ts';
import { balancesAt, businessDate, customerZones, monthEnd, openBillsAt, receivableAccountBalance, receivableScope } from './receivable-at.ts';
import { planWithoutHashing, type ReportScope } from './report-scope.ts';

interface ZoneRow {
  zone_id: number | null;
  name: string | null;
  customers: number;
  bills: number;
  consumption: string;
  billed: string;
  collected: string;
  outstanding: string;
}

export async function zoneSummary(opts: ReportScope & { query: ZoneSummaryQuery }): Promise<ZoneSummary> {
  const { tx, clientId } = opts;
  const period = opts.query.period ?? (await businessDate(tx)).slice(0, 7);
  const startDate = `${period}-01`;
  const endDate = monthEnd(period);
  const s = await receivableScope(tx, clientId);
  const balances = await balancesAt(s, endDate);
  const openBills = await openBillsAt(s, endDate);

  await planWithoutHashing(tx);
  const rows = await queryRows<ZoneRow>(
    tx,
    sql`
    with zone_of as materialized (${customerZones(clientId)}),
    billed as (
      select zone_id, count(*) as bills, sum(consumption) as consumption, sum(amount) as billed
      from bills where client_id = ${clientId} and period = ${period} and status = 'Open'
      group by zone_id
    ),
    month_payments as materialized (
      select id, customer_id, amount, allocated from payments
      where client_id = ${clientId} and status = 'Posted' and date between ${startDate}::date and ${endDate}::date
    ),
    -- A payment's allocations to bills count for the zones of the bills they paid; the rest (unallocated,
    -- or on another kind of charge) for the customer's zone.
    to_bills as materialized (
      select p.id as payment_id, b.zone_id, a.amount
      from month_payments p
      join open_items pi on pi.client_id = ${clientId} and pi.source_type = 'payment' and pi.source_id = p.id
      join open_item_allocations a on a.client_id = ${clientId} and a.credit_item_id = pi.id
      join open_items bi on bi.id = a.debit_item_id and bi.source_type = 'bill'
      join bills b on b.client_id = ${clientId} and b.id = bi.source_id
    ),
    collected as (
      select zone_id, sum(amount) as collected from (
        select zone_id, amount from to_bills
        union all
        select z.zone_id, p.amount - coalesce(t.amount, 0)
        from month_payments p
        left join (select payment_id, sum(amount) as amount from to_bills group by payment_id) t on t.payment_id = p.id
        left join zone_of z on z.customer_id = p.customer_id
        where p.amount > coalesce(t.amount, 0)
      ) parts group by zone_id
    ),
    open_bills as materialized (${openBills}),
    open_by_customer as (select customer_id, sum(open) as open from open_bills group by customer_id),
    -- Every customer with an open bill has a balance row, so the balances drive the join.
    outstanding as (
      select zone_id, sum(amount) as outstanding from (
        select zone_id, open as amount from open_bills
        union all
        select z.zone_id, b.balance - coalesce(o.open, 0)
        from (${balances}) b
        left join open_by_customer o on o.customer_id = b.customer_id
        left join zone_of z on z.customer_id = b.customer_id
      ) parts group by zone_id
    ),
    customers_in as (select zone_id, count(*) as customers from zone_of group by zone_id),
    no_house as (
      select null::int as zone_id, count(*) as customers from customers c
      where c.client_id = ${clientId} and not exists (select 1 from zone_of z where z.customer_id = c.id)
    ),
    keys as (
      select id as zone_id from zones where client_id = ${clientId} and status = 'Active'
      union select zone_id from billed union select zone_id from collected
      union select zone_id from outstanding where outstanding <> 0 union select zone_id from customers_in
    )
    select k.zone_id, zn.name,
           coalesce(ci.customers, nh.customers, 0)::int as customers,
           coalesce(bd.bills, 0)::int as bills, coalesce(bd.consumption, 0)::text as consumption,
           coalesce(bd.billed, 0)::text as billed, coalesce(co.collected, 0)::text as collected,
           coalesce(os.outstanding, 0)::text as outstanding
    from keys k
    left join zones zn on zn.client_id = ${clientId} and zn.id = k.zone_id
    left join customers_in ci on ci.zone_id = k.zone_id
    left join no_house nh on k.zone_id is null
    left join billed bd on bd.zone_id is not distinct from k.zone_id
    left join collected co on co.zone_id is not distinct from k.zone_id
    left join outstanding os on os.zone_id is not distinct from k.zone_id
    order by zn.name nulls last, k.zone_id`,
  );

  // The "no zone" row only when it carries something.
  const shown = rows.filter(
    (r) => r.zone_id !== null || Number(r.customers) > 0 || !dec(r.billed).isZero() || !dec(r.collected).isZero() || !dec(r.outstanding).isZero(),
  );
  const sum = (key: 'billed' | 'collected' | 'outstanding' | 'consumption') => shown.reduce((acc, r) => acc.plus(dec(r[key])), new Decimal(0));
  return {
    period,
    startDate,
    endDate,
    rows: shown.map((r) => ({
      zoneId: r.zone_id === null ? null : Number(r.zone_id),
      name: r.name,
      customers: Number(r.customers),
      bills: Number(r.bills),
      consumption: plainDecimal(r.consumption),
      billed: money(r.billed),
      collected: money(r.collected),
      outstanding: money(r.outstanding),
    })),
    totals: {
      customers: shown.reduce((n, r) => n + Number(r.customers), 0),
      bills: shown.reduce((n, r) => n + Number(r.bills), 0),
      consumption: plainDecimal(sum('consumption').toFixed()),
      billed: money(sum('billed')),
      collected: money(sum('collected')),
      outstanding: money(sum('outstanding')),
    },
    receivableBalance: money(await receivableAccountBalance(s, endDate)),
  };
}
