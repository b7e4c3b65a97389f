// GET /api/finance/reports/cash-flow (privilege cash-flow-statement): the direct-method cash flow
// statement over the cash, bank and mobile money accounts.
import { moneyTotal, z } from '../common/validation.ts';
import { accountSubtype } from '../finance/accounts.ts';
import { calendarDate } from '../settings/fields.ts';
import { rangeIsOrdered, rangeIssue, requiredRange } from './common.ts';

export const cashFlowQuery = z.object(requiredRange).refine(rangeIsOrdered, rangeIssue);
export type CashFlowQuery = z.infer<typeof cashFlowQuery>;

export const cashActivityValues = ['operating', 'investing', 'financing'] as const;
export const cashActivity = z.enum(cashActivityValues);
export type CashActivity = (typeof cashActivityValues)[number];

const flow = { inflow: moneyTotal, outflow: moneyTotal, net: moneyTotal };

export const cashFlowAccount = z.object({ accountId: z.number().int(), code: z.string(), name: z.string(), ...flow });
export type CashFlowAccount = z.infer<typeof cashFlowAccount>;

export const cashFlowGroup = z.object({
  /** The counter-account's type (income, expense, equity) or, for assets and liabilities, its subtype. */
  group: z.string(),
  name: z.string(),
  ...flow,
  accounts: z.array(cashFlowAccount),
});
export type CashFlowGroup = z.infer<typeof cashFlowGroup>;

export const cashFlowActivity = z.object({ activity: cashActivity, name: z.string(), ...flow, groups: z.array(cashFlowGroup) });
export type CashFlowActivity = z.infer<typeof cashFlowActivity>;

export const cashAccountBalance = z.object({
  accountId: z.number().int(),
  code: z.string(),
  name: z.string(),
  subtype: accountSubtype,
  opening: moneyTotal,
  closing: moneyTotal,
});
export type CashAccountBalance = z.infer<typeof cashAccountBalance>;

export const cashFlowStatement = z.object({
  startDate: calendarDate,
  endDate: calendarDate,
  openingCash: moneyTotal,
  /** Always the three activities, in the order operating, investing, financing. */
  activities: z.array(cashFlowActivity),
  totals: z.object(flow),
  closingCash: moneyTotal,
  cashAccounts: z.array(cashAccountBalance),
  /** openingCash + totals.net = closingCash (both sides read independently from the ledger). */
  isBalanced: z.boolean(),
});
export type CashFlowStatement = z.infer<typeof cashFlowStatement>;
