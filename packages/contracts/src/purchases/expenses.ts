// GET /Sales-reports/expenses-report (privilege expenses-report, served at /api/elc/purchases/reports/expenses):
// what the posted purchases cost, by account, by vendor or by month: vendor bills and cash purchases
// (each line's amount less discount, before tax) less purchase returns, cancelled documents left out.
import { isoDate, moneyTotal, z } from '../common/validation.ts';
import { optionalId } from '../billing/fields.ts';
import { rangeIsOrdered, rangeIsShortEnough, rangeIssue, rangeTooLongIssue } from '../finance-reports/common.ts';

export const expensesGroupByValues = ['account', 'vendor', 'month'] as const;
export type ExpensesGroupBy = (typeof expensesGroupByValues)[number];
/** expense: lines on expense accounts (services, non-stocked goods, free lines); all: stock bought too. */
export const expensesScopeValues = ['expense', 'all'] as const;

export const expensesReportQuery = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    groupBy: z.enum(expensesGroupByValues).default('account'),
    scope: z.enum(expensesScopeValues).default('expense'),
    vendorId: optionalId,
    accountId: optionalId,
    branchId: optionalId,
  })
  .refine(rangeIsOrdered, rangeIssue)
  .refine(rangeIsShortEnough, rangeTooLongIssue);
export type ExpensesReportQuery = z.input<typeof expensesReportQuery>;

export const expensesRow = z.object({
  key: z.string(),
  label: z.string(),
  code: z.string().nullable(),
  documents: z.number().int(),
  purchased: moneyTotal,
  returned: moneyTotal,
  net: moneyTotal,
});
export type ExpensesRow = z.infer<typeof expensesRow>;

export const expensesReport = z.object({
  startDate: z.string(),
  endDate: z.string(),
  groupBy: z.enum(expensesGroupByValues),
  scope: z.enum(expensesScopeValues),
  rows: z.array(expensesRow),
  totals: z.object({ documents: z.number().int(), purchased: moneyTotal, returned: moneyTotal, net: moneyTotal }),
});
export type ExpensesReport = z.infer<typeof expensesReport>;
