// GET /api/billing-reports/customer-summary: per customer over a period, from the ledger: the balance
// the day before it, the period's bill lines (bills less their cancellations), payment lines (receipts
// less their cancellations, as money received), every other movement (opening balances, transfers,
// journals) and the balance at its end. opening + billed - paid + adjustments = closing. Filters: the
// customer's zone (of their first house) and status. Without includeZero, customers with nothing to
// show are left out.
import { sql } from 'drizzle-orm';
import type { CustomerStatus, CustomerSummary, CustomerSummaryQuery } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { money } from '../../ledger/index.ts';
import { balancesAt, customerZones, dayBefore, receivableScope } from './receivable-at.ts';
import { planWithoutHashing, type ReportScope } from './report-scope.ts';

const FIGURES = ['opening', 'billed', 'paid', 'adjustments', 'closing'] as const;
type Figures = Record<(typeof FIGURES)[number], string>;
const figures = (r: Record<string, unknown>): Figures => Object.fromEntries(FIGURES.map((k) => [k, money(r[k] as string)])) as Figures;

const ORDER = { name: sql`lower(r.name)`, customerNo: sql`r.customer_no`, closing: sql`r.closing` } as const;

interface PageRow extends Figures {
  customer_id: number;
  customer_no: string;
  name: string;
  status: CustomerStatus;
  zone_name: string | null;
}

export async function customerSummary(opts: ReportScope & { query: CustomerSummaryQuery }): Promise<CustomerSummary> {
  const { tx, clientId, query } = opts;
  const s = await receivableScope(tx, clientId);
  const openingAt = await balancesAt(s, dayBefore(query.startDate));
  const closingAt = await balancesAt(s, query.endDate);
  const sort = query._sort ?? 'name';
  const direction = (query._order ?? (sort === 'closing' ? 'desc' : 'asc')) === 'desc' ? sql`desc` : sql`asc`;
  const offset = (query._page - 1) * query._limit;
  const filters = [
    query.zoneId ? sql`and z.zone_id = ${query.zoneId}` : sql``,
    query.status ? sql`and c.status = ${query.status}` : sql``,
    query.includeZero ? sql`` : sql`and (coalesce(o.balance, 0) <> 0 or coalesce(cl.balance, 0) <> 0 or m.customer_id is not null)`,
  ];

  await planWithoutHashing(tx);
  const [result] = await queryRows<{ page: PageRow[] | null; totals: Record<string, unknown> }>(
    tx,
    sql`
    with opening as materialized (${openingAt}),
    closing as materialized (${closingAt}),
    moves as (
      select l.party_id as customer_id,
             sum(l.debit - l.credit) filter (where e.source_type = 'bill') as billed,
             sum(l.credit - l.debit) filter (where e.source_type = 'payment') as paid,
             sum(l.debit - l.credit) filter (where e.source_type not in ('bill', 'payment')) as other
      from journal_lines l join journal_entries e on e.client_id = ${clientId} and e.id = l.entry_id
      where l.client_id = ${clientId} and l.account_id = ${s.receivableId} and l.party_type = 'customer'
        and l.date between ${query.startDate}::date and ${query.endDate}::date
      group by l.party_id
    ),
    zone_of as (${customerZones(clientId)}),
    r as materialized (
      select c.id as customer_id, c.customer_no, c.name, c.status, z.zone_id,
             coalesce(o.balance, 0) as opening, coalesce(m.billed, 0) as billed, coalesce(m.paid, 0) as paid,
             coalesce(m.other, 0) as adjustments, coalesce(cl.balance, 0) as closing
      from customers c
      left join opening o on o.customer_id = c.id
      left join closing cl on cl.customer_id = c.id
      left join moves m on m.customer_id = c.id
      left join zone_of z on z.customer_id = c.id
      where c.client_id = ${clientId} ${filters[0]} ${filters[1]} ${filters[2]}
    )
    select
      (select json_agg(p) from (
         select r.customer_id, r.customer_no, r.name, r.status, zn.name as zone_name,
                r.opening::text as opening, r.billed::text as billed, r.paid::text as paid,
                r.adjustments::text as adjustments, r.closing::text as closing
         from r left join zones zn on zn.client_id = ${clientId} and zn.id = r.zone_id
         order by ${ORDER[sort]} ${direction}, r.customer_id
         limit ${query._limit} offset ${offset}) p) as page,
      (select json_build_object('customers', count(*),
         'opening', coalesce(sum(opening), 0)::text, 'billed', coalesce(sum(billed), 0)::text, 'paid', coalesce(sum(paid), 0)::text,
         'adjustments', coalesce(sum(adjustments), 0)::text, 'closing', coalesce(sum(closing), 0)::text) from r) as totals`,
  );

  const totals = result.totals;
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    rows: (result.page ?? []).map((r) => ({
      customerId: Number(r.customer_id),
      customerNo: r.customer_no,
      name: r.name,
      status: r.status,
      zoneName: r.zone_name,
      ...figures(r as unknown as Record<string, unknown>),
    })),
    totals: { customers: Number(totals.customers), ...figures(totals) },
    total: Number(totals.customers),
    page: query._page,
    limit: query._limit,
  };
}
