// GET /api/finance/reports/account-summary (per account: opening, debit, credit, closing) and
// GET /api/finance/reports/account-types (the same per account type and subtype), privilege account-summary.
import { moneyTotal, z } from '../common/validation.ts';
import { accountSubtype, accountType } from '../finance/accounts.ts';
import { calendarDate } from '../settings/fields.ts';
import { queryFlag, rangeIsOrdered, rangeIssue, requiredRange } from './common.ts';

export const accountSummaryQuery = z.object({ ...requiredRange, type: accountType.optional(), includeZero: queryFlag }).refine(rangeIsOrdered, rangeIssue);
export type AccountSummaryQuery = z.infer<typeof accountSummaryQuery>;

/** Balances in the account's natural sign (assets and expenses: debit minus credit; others: credit minus debit). */
export const accountSummaryRow = z.object({
  accountId: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: accountType,
  subtype: accountSubtype,
  parentId: z.number().int().nullable(),
  opening: moneyTotal,
  debit: moneyTotal,
  credit: moneyTotal,
  closing: moneyTotal,
});
export type AccountSummaryRow = z.infer<typeof accountSummaryRow>;

export const accountSummary = z.object({
  startDate: calendarDate,
  endDate: calendarDate,
  type: accountType.nullable(),
  rows: z.array(accountSummaryRow),
  totals: z.object({
    debit: moneyTotal,
    credit: moneyTotal,
    /** Only when the report is for one type: balances of different types do not add up. */
    opening: moneyTotal.nullable(),
    closing: moneyTotal.nullable(),
  }),
});
export type AccountSummary = z.infer<typeof accountSummary>;

export const accountTypesQuery = z.object(requiredRange).refine(rangeIsOrdered, rangeIssue);
export type AccountTypesQuery = z.infer<typeof accountTypesQuery>;

const typeFigures = { opening: moneyTotal, debit: moneyTotal, credit: moneyTotal, closing: moneyTotal };

export const accountSubtypeTotal = z.object({
  subtype: accountSubtype,
  name: z.string(),
  /** Accounts of the subtype in the report (with a balance or a movement). */
  accounts: z.number().int(),
  ...typeFigures,
});
export type AccountSubtypeTotal = z.infer<typeof accountSubtypeTotal>;

export const accountTypeTotal = z.object({
  type: accountType,
  name: z.string(),
  ...typeFigures,
  subtypes: z.array(accountSubtypeTotal),
});
export type AccountTypeTotal = z.infer<typeof accountTypeTotal>;

export const accountTypeSummary = z.object({
  startDate: calendarDate,
  endDate: calendarDate,
  /** Always the five types, in the order asset, liability, equity, income, expense. */
  types: z.array(accountTypeTotal),
  totals: z.object({ debit: moneyTotal, credit: moneyTotal }),
  /** Debits equal credits, and assets = liabilities + equity + income - expenses at opening and closing. */
  isBalanced: z.boolean(),
});
export type AccountTypeSummary = z.infer<typeof accountTypeSummary>;
