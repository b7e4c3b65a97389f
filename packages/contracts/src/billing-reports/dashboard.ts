// GET /api/billing-reports/dashboard (privilege dashboard): the month's billing at a glance: billed
// (bills dated in the month), collected (payments dated in the month), the collection rate, what
// customers owe today, consumption per zone, and billed against collected for the last twelve months.
import { money, z } from '../common/validation.ts';
import { period } from '../billing/fields.ts';
import { monthText, unitsText } from './common.ts';

export const billingDashboardQuery = z.object({
  /** YYYY-MM; default: this month. */
  month: period.optional(),
});
export type BillingDashboardQuery = z.infer<typeof billingDashboardQuery>;

export const billingDashboard = z.object({
  month: monthText,
  billed: money,
  collected: money,
  /** collected / billed x 100 with one decimal; null when nothing was billed. */
  collectionRate: z.string().nullable(),
  /** The receivable account's balance today. */
  outstanding: money,
  consumptionByZone: z.array(z.object({ zoneId: z.number().int(), name: z.string(), consumption: unitsText, billed: money })),
  /** Twelve months, oldest first, ending with `month`. */
  months: z.array(z.object({ month: monthText, billed: money, collected: money })),
});
export type BillingDashboard = z.infer<typeof billingDashboard>;
