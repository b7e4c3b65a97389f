// Budgets (privilege budget-registration): GET/PUT /api/finance/budgets (a year's monthly amounts per income
// or expense account) and GET /api/finance/reports/budget-vs-actual.
import { money, moneyTotal, z } from '../common/validation.ts';
import { accountId, accountSubtype, accountType } from '../finance/accounts.ts';
import { calendarDate } from '../settings/fields.ts';

export const budgetYear = z.coerce.number().int().min(2000).max(2100);
export const budgetMonth = z.coerce.number().int().min(1).max(12);

/** A budget amount: not negative (income and expenses are both budgeted in their natural sign). */
export const budgetAmount = money.refine((v) => !v.startsWith('-'), { message: 'ledger.negative' });

export const budgetsQuery = z.object({ year: budgetYear });
export type BudgetsQuery = z.infer<typeof budgetsQuery>;

export const budgetLineInput = z.object({ accountId, month: budgetMonth, amount: budgetAmount });
export type BudgetLineInput = z.input<typeof budgetLineInput>;

/** Upsert: each (account, month) given is set; cells not given keep their amount. */
export const budgetsBody = z.object({ year: budgetYear, lines: z.array(budgetLineInput).min(1).max(2400) });
export type BudgetsBody = z.infer<typeof budgetsBody>;
export type BudgetsBodyInput = z.input<typeof budgetsBody>;

export const budgetRow = z.object({
  accountId: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: accountType,
  subtype: accountSubtype,
  /** Twelve amounts, January first; '0.00' where nothing is budgeted. */
  months: z.array(moneyTotal),
  total: moneyTotal,
});
export type BudgetRow = z.infer<typeof budgetRow>;

const monthTotals = z.object({ months: z.array(moneyTotal), total: moneyTotal });

export const budgetSheet = z.object({
  year: z.number().int(),
  rows: z.array(budgetRow),
  totals: z.object({ income: monthTotals, expense: monthTotals }),
});
export type BudgetSheet = z.infer<typeof budgetSheet>;

export const budgetVsActualQuery = z.object({ year: budgetYear, month: budgetMonth.optional() });
export type BudgetVsActualQuery = z.infer<typeof budgetVsActualQuery>;

const comparison = {
  budget: moneyTotal,
  actual: moneyTotal,
  /** actual - budget. */
  variance: moneyTotal,
  /** variance / budget x 100, two decimals; null when nothing is budgeted. */
  variancePercent: moneyTotal.nullable(),
};

export const budgetVsActualRow = z.object({
  accountId: z.number().int(),
  code: z.string(),
  name: z.string(),
  subtype: accountSubtype,
  ...comparison,
  /** Income above budget or expenses below budget (or on budget). */
  isFavourable: z.boolean(),
});
export type BudgetVsActualRow = z.infer<typeof budgetVsActualRow>;

export const budgetComparison = z.object(comparison);
export type BudgetComparison = z.infer<typeof budgetComparison>;

export const budgetVsActual = z.object({
  year: z.number().int(),
  month: z.number().int().nullable(),
  startDate: calendarDate,
  endDate: calendarDate,
  income: z.array(budgetVsActualRow),
  expenses: z.array(budgetVsActualRow),
  /** Income, expenses and the net result (income - expenses). */
  totals: z.object({ income: budgetComparison, expenses: budgetComparison, net: budgetComparison }),
});
export type BudgetVsActual = z.infer<typeof budgetVsActual>;
