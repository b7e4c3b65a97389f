// GET /api/billing-reports/dashboard: the month at a glance (default: this month of the business date).
// Billed: the month's live bills (bills are dated on their period's last day, so a month's bills are
// its period's and appear when its bill run is made). Collected: the posted payments dated in the
// month. Collection rate: the month's collections against the previous month's bills, which fall due
// in this month (a rate against the month's own bills would be empty until the month's last day).
// Outstanding: the receivable account's balance today. Consumption and billed per zone for the latest
// billed month, and twelve months of billed (bill runs not cancelled) against collected.
import { sql } from 'drizzle-orm';
import { type BillingDashboard, type BillingDashboardQuery, plainDecimal } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { dec, money } from '../../ledger/index.ts';
import { addMonths, businessDate, monthEnd, receivableAccountBalance, receivableScope } from './receivable-at.ts';
import type { ReportScope } from './report-scope.ts';

export async function billingDashboard(opts: ReportScope & { query: BillingDashboardQuery }): Promise<BillingDashboard> {
  const { tx, clientId } = opts;
  const today = await businessDate(tx);
  const month = opts.query.month ?? today.slice(0, 7);
  const first = addMonths(month, -11);
  const s = await receivableScope(tx, clientId);

  const billedByMonth = await queryRows<{ period: string; billed: string }>(
    tx,
    sql`
    select period, sum(total)::text as billed from bill_runs
    where client_id = ${clientId} and status = 'Posted' and period between ${first} and ${month}
    group by period`,
  );
  const collectedByMonth = await queryRows<{ month: string; collected: string }>(
    tx,
    sql`
    select to_char(date, 'YYYY-MM') as month, sum(amount)::text as collected from payments
    where client_id = ${clientId} and status = 'Posted' and date between ${`${first}-01`}::date and ${monthEnd(month)}::date
    group by 1`,
  );

  const billedOf = new Map(billedByMonth.map((r) => [r.period, r.billed]));
  const rateMonth = addMonths(month, -1);
  const [rateRow] = await queryRows<{ billed: string }>(
    tx,
    sql`
    select coalesce(sum(total), 0)::text as billed from bill_runs where client_id = ${clientId} and status = 'Posted' and period = ${rateMonth}`,
  );
  const rateBilled = dec(rateRow.billed);
  const consumptionMonth =
    [...billedOf.keys()]
      .filter((m) => m <= month && !dec(billedOf.get(m)).isZero())
      .sort()
      .at(-1) ?? null;
  const zones =
    consumptionMonth === null
      ? []
      : await queryRows<{ zone_id: number; name: string; consumption: string; billed: string }>(
          tx,
          sql`
    select b.zone_id, zn.name, sum(b.consumption)::text as consumption, sum(b.amount)::text as billed
    from bills b join zones zn on zn.client_id = ${clientId} and zn.id = b.zone_id
    where b.client_id = ${clientId} and b.period = ${consumptionMonth} and b.status = 'Open'
    group by b.zone_id, zn.name order by zn.name, b.zone_id`,
        );
  const collectedOf = new Map(collectedByMonth.map((r) => [r.month, r.collected]));
  const months = Array.from({ length: 12 }, (_, i) => addMonths(first, i)).map((m) => ({
    month: m,
    billed: money(billedOf.get(m)),
    collected: money(collectedOf.get(m)),
  }));
  const billed = dec(billedOf.get(month));
  const collected = dec(collectedOf.get(month));
  // Outstanding is what customers owe now; for a past month, at that month's end.
  const outstandingOn = monthEnd(month) < today ? monthEnd(month) : today;
  return {
    month,
    billed: money(billed),
    collected: money(collected),
    collectionRate: rateBilled.isZero() ? null : collected.div(rateBilled).times(100).toFixed(1),
    rateMonth,
    rateBilled: money(rateBilled),
    outstanding: money(await receivableAccountBalance(s, outstandingOn)),
    consumptionMonth,
    consumptionByZone: zones.map((z) => ({ zoneId: Number(z.zone_id), name: z.name, consumption: plainDecimal(z.consumption), billed: money(z.billed) })),
    months,
  };
}
