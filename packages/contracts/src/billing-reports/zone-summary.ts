// GET /api/finance/zones/summery (privilege zone-summary): per zone for one month, the bills (count,
// consumption, amount billed), the money collected (payments of the month: the part allocated to a
// zone's bills counts for that zone, the unallocated rest for the customer's zone) and what is
// outstanding at the month's end (open bill amounts by the bill's zone, the customer's other balance by
// the customer's zone). Totals: billed = the month's bills, collected = the month's payments,
// outstanding = the customers' receivable balance on the last day of the month.
import { isoDate, moneyTotal, z } from '../common/validation.ts';
import { period } from '../billing/fields.ts';
import { unitsText } from './common.ts';

export const zoneSummaryQuery = z.object({
  /** YYYY-MM; default: this month. */
  period: period.optional(),
});
export type ZoneSummaryQuery = z.infer<typeof zoneSummaryQuery>;

const figures = {
  /** Customers whose (first) house is in the zone. */
  customers: z.number().int(),
  bills: z.number().int(),
  consumption: unitsText,
  billed: moneyTotal,
  collected: moneyTotal,
  outstanding: moneyTotal,
};

export const zoneSummaryRow = z.object({
  /** null: customers without a house. */
  zoneId: z.number().int().nullable(),
  name: z.string().nullable(),
  ...figures,
});
export type ZoneSummaryRow = z.infer<typeof zoneSummaryRow>;

export const zoneSummary = z.object({
  period: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  rows: z.array(zoneSummaryRow),
  totals: z.object(figures),
  /** Balance of the receivable account at the month's end, every line counted. */
  receivableBalance: moneyTotal,
});
export type ZoneSummary = z.infer<typeof zoneSummary>;
