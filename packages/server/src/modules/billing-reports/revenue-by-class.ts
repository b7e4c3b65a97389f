// GET /api/billing-reports/revenue-by-class: the live bills dated in a period, per customer class of
// their tariff and per tariff: bills, customers, consumption, amount before tax, tax and amount. Read
// from the month index of the bills (migration 0026), the months the period spans.
import { sql } from 'drizzle-orm';
import { type CustomerClass, type RevenueByClass, type RevenueByClassQuery, plainDecimal } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec, money } from '../../ledger/index.ts';
import type { ReportScope } from './report-scope.ts';

interface Row {
  customer_class: CustomerClass;
  tariff_id: number | null;
  name: string | null;
  bills: number;
  customers: number;
  consumption: string;
  subtotal: string;
  tax: string;
  amount: string;
}

const figures = (r: Row) => ({
  bills: Number(r.bills),
  customers: Number(r.customers),
  consumption: plainDecimal(r.consumption),
  subtotal: money(r.subtotal),
  tax: money(r.tax),
  amount: money(r.amount),
});

export async function revenueByClass(opts: ReportScope & { query: RevenueByClassQuery }): Promise<RevenueByClass> {
  const { tx, clientId, query } = opts;
  const zone = query.zoneId ? sql`and b.zone_id = ${query.zoneId}` : sql``;
  // Grouping sets: a row per tariff and a subtotal per class (tariff_id null), distinct customers in each.
  const rows = await queryRows<Row>(
    tx,
    sql`
    select t.customer_class, b.tariff_id, max(t.name) as name, count(*)::int as bills, count(distinct b.customer_id)::int as customers,
           sum(b.consumption)::text as consumption, sum(b.subtotal)::text as subtotal, sum(b.tax)::text as tax, sum(b.amount)::text as amount
    from bills b join tariffs t on t.client_id = ${clientId} and t.id = b.tariff_id
    where b.client_id = ${clientId} and b.status = 'Open'
      and b.period between ${query.startDate.slice(0, 7)} and ${query.endDate.slice(0, 7)}
      and b.bill_date between ${query.startDate}::date and ${query.endDate}::date ${zone}
    group by grouping sets ((t.customer_class, b.tariff_id), (t.customer_class))
    order by t.customer_class, b.tariff_id nulls first`,
  );
  const [all] = await queryRows<{ customers: number }>(
    tx,
    sql`
    select count(distinct b.customer_id)::int as customers from bills b
    where b.client_id = ${clientId} and b.status = 'Open'
      and b.period between ${query.startDate.slice(0, 7)} and ${query.endDate.slice(0, 7)}
      and b.bill_date between ${query.startDate}::date and ${query.endDate}::date ${zone}`,
  );

  const classes = rows.filter((r) => r.tariff_id === null);
  const sum = (key: 'consumption' | 'subtotal' | 'tax' | 'amount') => classes.reduce((acc, r) => acc.plus(dec(r[key])), new Decimal(0));
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    zoneId: query.zoneId ?? null,
    rows: classes.map((c) => ({
      customerClass: c.customer_class,
      ...figures(c),
      tariffs: rows
        .filter((r) => r.tariff_id !== null && r.customer_class === c.customer_class)
        .map((r) => ({ tariffId: Number(r.tariff_id), name: r.name ?? '', ...figures(r) })),
    })),
    totals: {
      bills: classes.reduce((n, r) => n + Number(r.bills), 0),
      customers: Number(all.customers),
      consumption: plainDecimal(sum('consumption').toFixed()),
      subtotal: money(sum('subtotal')),
      tax: money(sum('tax')),
      amount: money(sum('amount')),
    },
  };
}
