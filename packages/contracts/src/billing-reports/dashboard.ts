// GET /api/billing-reports/dashboard (privilege dashboard): the month's billing at a glance: billed
// (bills dated in the month: a period's bills are dated on its last day), collected (payments dated in
// the month), the collection rate (the month's collections against the previous month's bills, which
// fall due in this month), what customers owe today, consumption per zone for the latest billed month,
// and billed against collected for the last twelve months.
import { moneyTotal, z } from '../common/validation.ts';
import { period } from '../billing/fields.ts';
import { monthText, unitsText } from './common.ts';

export const billingDashboardQuery = z.object({
  /** YYYY-MM; default: this month. */
  month: period.optional(),
});
export type BillingDashboardQuery = z.infer<typeof billingDashboardQuery>;

export const billingDashboard = z.object({
  month: monthText,
  billed: moneyTotal,
  collected: moneyTotal,
  /** collected / the bills of rateMonth x 100, one decimal; null when rateMonth billed nothing. */
  collectionRate: z.string().nullable(),
  /** The month before `month`, whose bills fall due in `month`. */
  rateMonth: monthText,
  rateBilled: moneyTotal,
  /** The receivable account's balance today. */
  outstanding: moneyTotal,
  /** The latest month up to `month` with bills (null: none in the twelve months). */
  consumptionMonth: monthText.nullable(),
  consumptionByZone: z.array(z.object({ zoneId: z.number().int(), name: z.string(), consumption: unitsText, billed: moneyTotal })),
  /** Twelve months, oldest first, ending with `month`. */
  months: z.array(z.object({ month: monthText, billed: moneyTotal, collected: moneyTotal })),
});
export type BillingDashboard = z.infer<typeof billingDashboard>;
