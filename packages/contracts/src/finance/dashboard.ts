// The finance panels of the dashboard. GET /api/finance/dashboard/cash (privilege balance-sheet): what
// the cash, bank and mobile money accounts hold today. GET /api/finance/dashboard/income-expense
// (privilege income-statement): income and expenses of the last twelve months, month by month, and the
// largest expense accounts of this year. Each panel needs the privilege of the report it summarises, so
// nobody sees on the dashboard what they could not see in the reports.
import { isoDate, moneyTotal, z } from '../common/validation.ts';
import { accountSubtype } from './accounts.ts';

export const cashPositionAccount = z.object({
  accountId: z.number().int(),
  code: z.string(),
  name: z.string(),
  subtype: accountSubtype,
  balance: moneyTotal,
});
export type CashPositionAccount = z.infer<typeof cashPositionAccount>;

export const cashPosition = z.object({
  /** The business date the balances are at (end of day). */
  date: isoDate,
  accounts: z.array(cashPositionAccount),
  /** Per kind (cash, bank, mobile_money) and in all. */
  bySubtype: z.array(z.object({ subtype: accountSubtype, balance: moneyTotal })),
  total: moneyTotal,
});
export type CashPosition = z.infer<typeof cashPosition>;

export const incomeExpenseMonth = z.object({
  /** YYYY-MM */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  income: moneyTotal,
  expenses: moneyTotal,
  net: moneyTotal,
});
export type IncomeExpenseMonth = z.infer<typeof incomeExpenseMonth>;

export const topExpenseAccount = z.object({
  accountId: z.number().int(),
  code: z.string(),
  name: z.string(),
  amount: moneyTotal,
});
export type TopExpenseAccount = z.infer<typeof topExpenseAccount>;

export const incomeExpenseSummary = z.object({
  date: isoDate,
  /** Twelve months, oldest first, ending with the current month (to date). */
  months: z.array(incomeExpenseMonth),
  year: z.object({ year: z.number().int(), startDate: isoDate, income: moneyTotal, expenses: moneyTotal, net: moneyTotal }),
  /** The five largest expense accounts of the year to date, largest first. */
  topExpenses: z.array(topExpenseAccount),
});
export type IncomeExpenseSummary = z.infer<typeof incomeExpenseSummary>;
