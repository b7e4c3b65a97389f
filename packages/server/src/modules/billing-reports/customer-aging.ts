// GET /api/finance/customer/aging: what each customer owes on a date, by days past due. Each customer's
// total is their ledger balance on the date (customer_ledger_balances less the lines after it); the
// open bills (amount less the allocations of payments dated up to the date) fall in the buckets by days
// past their due date; the rest is `unallocated` (credit from unallocated payments below zero; opening
// balances and transfers above). A customer counts in the zone of their first house, so zone totals
// add up to the grand total. Three ways of reading, the cheapest that answers the request: walking the
// customers for a page by name or number (aging-walk.ts), one zone's customers one by one, or every
// customer at once for a sort by amount, a deep page, the file, the zones' totals and an old date, on
// which few customers had anything (aging-full.ts: the walk would pass most customers to fill a page).
import { sql } from 'drizzle-orm';
import type { AgingQuery, AgingReport } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { money } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { readAgingFull } from './aging-full.ts';
import { AGING_FIGURES, type AgingFigures, type AgingPageRow, type AgingRead, type AgingTotalsRow, type AgingZoneRow } from './aging-parts.ts';
import { readAgingPageByWalking, readAgingTotals, readAgingZone } from './aging-walk.ts';
import { businessDate, hasFewLinesUpTo, receivableAccountBalance, receivableScope } from './receivable-at.ts';
import type { ReportScope } from './report-scope.ts';

/** Beyond this many rows from the start, walking costs more than reading everyone at once. */
const WALK_MAX_ROWS = 2000;

const figures = (r: Record<string, unknown>): AgingFigures => Object.fromEntries(AGING_FIGURES.map((k) => [k, money(r[k] as string)])) as AgingFigures;

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
  const sort = query._sort ?? 'name';
  const isDescending = (query._order ?? (sort === 'total' || sort === 'over90' ? 'desc' : 'asc')) === 'desc';
  const offset = (query._page - 1) * query._limit;
  const read: AgingRead = {
    s: await receivableScope(tx, clientId),
    date,
    zoneId,
    query,
    sort,
    direction: isDescending ? sql`desc` : sql`asc`,
    offset,
  };

  let page: AgingPageRow[];
  let totals: AgingTotalsRow;
  let zones: AgingZoneRow[] = [];
  if (zoneId !== null) {
    ({ page, totals } = await readAgingZone(read, zoneId));
    if (query.withZones) zones = [{ ...totals, zone_id: zoneId, name: zoneName }];
  } else if ((sort === 'name' || sort === 'customerNo') && offset + query._limit <= WALK_MAX_ROWS && !(await hasFewLinesUpTo(read.s, date))) {
    page = await readAgingPageByWalking(read);
    totals = await readAgingTotals(read);
    if (query.withZones) zones = (await readAgingFull({ ...read, query: { ...query, _limit: 1, _page: 1 }, offset: 0 })).zones;
  } else {
    ({ page, totals, zones } = await readAgingFull(read));
  }

  return {
    date,
    zoneId,
    zoneName,
    rows: page.map((r) => ({
      customerId: Number(r.customer_id),
      customerNo: r.customer_no,
      name: r.name,
      zoneId: r.zone_id === null ? null : Number(r.zone_id),
      zoneName: r.zone_name,
      ...figures(r as unknown as Record<string, unknown>),
    })),
    totals: { customers: Number(totals.customers), ...figures(totals) },
    zones: zones.map((z) => ({
      zoneId: z.zone_id === null ? null : Number(z.zone_id),
      name: z.name ?? null,
      customers: Number(z.customers),
      ...figures(z as unknown as Record<string, unknown>),
    })),
    receivableBalance: money(await receivableAccountBalance(read.s, date)),
    total: Number(totals.customers),
    page: query._page,
    limit: query._limit,
  };
}
