// Financial reports read from the ledger: trial balance, income statement, balance sheet and the
// account statement (account transaction).
import { isoDate, moneyTotal, z, whenValid } from '../common/validation.ts';
import { accountId, accountSubtype, accountType } from './accounts.ts';

const dateRange = {
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
};

const rangeIsOrdered = (v: { startDate?: string; endDate?: string }) => !v.startDate || !v.endDate || v.startDate <= v.endDate;
const rangeIssue = { ...whenValid('startDate', 'endDate'), path: ['endDate'], message: 'v.dateRange' };

export const trialBalanceQuery = z
  .object({
    ...dateRange,
    includeZero: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  })
  .refine(rangeIsOrdered, rangeIssue);
export type TrialBalanceQuery = z.infer<typeof trialBalanceQuery>;

export const trialBalanceRow = z.object({
  accountId: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: accountType,
  subtype: accountSubtype,
  parentId: z.number().int().nullable(),
  /** Net balance before startDate, in one column. */
  openingDebit: moneyTotal,
  openingCredit: moneyTotal,
  /** Everything posted from startDate to endDate. */
  movementDebit: moneyTotal,
  movementCredit: moneyTotal,
  /** Net balance at the end of endDate, in one column. */
  debit: moneyTotal,
  credit: moneyTotal,
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRow>;

const pair = z.object({ debit: moneyTotal, credit: moneyTotal });

export const trialBalance = z.object({
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  rows: z.array(trialBalanceRow),
  totals: z.object({ debit: moneyTotal, credit: moneyTotal, opening: pair, movement: pair }),
});
export type TrialBalance = z.infer<typeof trialBalance>;

export const statementRow = z.object({
  /** Null for computed rows (current-year earnings on the balance sheet). */
  accountId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  subtype: accountSubtype.nullable(),
  parentId: z.number().int().nullable(),
  /** Natural sign for the section (income and liabilities positive when credit). */
  amount: moneyTotal,
});
export type StatementRow = z.infer<typeof statementRow>;

export const incomeStatementQuery = z.object(dateRange).refine(rangeIsOrdered, rangeIssue);
export type IncomeStatementQuery = z.infer<typeof incomeStatementQuery>;

export const incomeStatement = z.object({
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  income: z.array(statementRow),
  expenses: z.array(statementRow),
  totals: z.object({ income: moneyTotal, expenses: moneyTotal }),
  netIncome: moneyTotal,
});
export type IncomeStatement = z.infer<typeof incomeStatement>;

export const balanceSheetQuery = z.object({ date: isoDate.optional() });
export type BalanceSheetQuery = z.infer<typeof balanceSheetQuery>;

export const balanceSheet = z.object({
  date: isoDate,
  assets: z.array(statementRow),
  liabilities: z.array(statementRow),
  /** Includes the computed current-year earnings row (income less expenses not yet closed). */
  equity: z.array(statementRow),
  totals: z.object({ assets: moneyTotal, liabilities: moneyTotal, equity: moneyTotal, liabilitiesAndEquity: moneyTotal }),
  /** Always true for a sound ledger: assets = liabilities + equity. */
  isBalanced: z.boolean(),
});
export type BalanceSheet = z.infer<typeof balanceSheet>;

export const accountStatementQuery = z
  .object({
    accountId,
    ...dateRange,
    _page: z.coerce.number().int().min(1).default(1),
    _limit: z.coerce.number().int().min(1).max(1000).default(100),
  })
  .refine(rangeIsOrdered, rangeIssue);
export type AccountStatementQuery = z.infer<typeof accountStatementQuery>;

export const accountStatementLine = z.object({
  lineId: z.number().int(),
  entryId: z.number().int(),
  entryNo: z.number().int(),
  number: z.string(),
  date: isoDate,
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  sourceType: z.string(),
  partyType: z.string().nullable(),
  partyId: z.number().int().nullable(),
  /** The party's name from its register (customers); null without a party or a register. */
  partyName: z.string().nullable(),
  isReversal: z.boolean(),
  isReversed: z.boolean(),
  debit: moneyTotal,
  credit: moneyTotal,
  /** Running balance after this line, natural sign of the account. */
  balance: moneyTotal,
});
export type AccountStatementLine = z.infer<typeof accountStatementLine>;

export const accountStatement = z.object({
  account: z.object({ id: z.number().int(), code: z.string(), name: z.string(), type: accountType }),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  openingBalance: moneyTotal,
  lines: z.array(accountStatementLine),
  /** Totals of every line in the range (all pages). */
  totals: z.object({ debit: moneyTotal, credit: moneyTotal }),
  closingBalance: moneyTotal,
  /** Number of lines in the range (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AccountStatement = z.infer<typeof accountStatement>;
