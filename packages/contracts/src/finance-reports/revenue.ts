// GET /api/finance/reports/revenue (privilege revenue-report): income accounts by month. groupBy=account
// gives a row per income account and a column per month; groupBy=month the transpose.
import { moneyTotal, z } from '../common/validation.ts';
import { calendarDate } from '../settings/fields.ts';
import { rangeIsOrdered, rangeIsShortEnough, rangeIssue, rangeTooLongIssue, requiredRange } from './common.ts';

export const revenueGroupByValues = ['account', 'month'] as const;
export const revenueGroupBy = z.enum(revenueGroupByValues);
export type RevenueGroupBy = (typeof revenueGroupByValues)[number];

export const revenueReportQuery = z
  .object({ ...requiredRange, groupBy: revenueGroupBy.default('account') })
  .refine(rangeIsOrdered, rangeIssue)
  .refine(rangeIsShortEnough, rangeTooLongIssue);
export type RevenueReportQuery = z.infer<typeof revenueReportQuery>;

/** A column: a month ('2025-01') when grouped by account, an income account when grouped by month. */
export const revenueColumn = z.object({
  key: z.string(),
  label: z.string(),
  accountId: z.number().int().nullable(),
  code: z.string().nullable(),
  month: z.string().nullable(),
});
export type RevenueColumn = z.infer<typeof revenueColumn>;

export const revenueRow = z.object({
  key: z.string(),
  label: z.string(),
  accountId: z.number().int().nullable(),
  code: z.string().nullable(),
  month: z.string().nullable(),
  /** One amount per column, income in its natural (credit) sign; discounts and returns are negative. */
  amounts: z.array(moneyTotal),
  total: moneyTotal,
});
export type RevenueRow = z.infer<typeof revenueRow>;

export const revenueReport = z.object({
  startDate: calendarDate,
  endDate: calendarDate,
  groupBy: revenueGroupBy,
  columns: z.array(revenueColumn),
  rows: z.array(revenueRow),
  totals: z.object({ amounts: z.array(moneyTotal), total: moneyTotal }),
});
export type RevenueReport = z.infer<typeof revenueReport>;
