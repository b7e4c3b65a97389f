// Monthly reconciliation of a bank or mobile money account against its statement (privilege
// monthly-reconciliation): GET/PUT /api/finance/reconciliation, POST /api/finance/reconciliation/complete.
import { money, moneyTotal, MONTH_PATTERN, z } from '../common/validation.ts';
import { accountId, accountSubtype } from '../finance/accounts.ts';
import { entryId } from '../finance/journal.ts';
import { calendarDate } from '../settings/fields.ts';

/** The month reconciled, YYYY-MM. */
export const reconciliationPeriod = z.string().trim().regex(MONTH_PATTERN, 'v.period');

export const reconciliationQuery = z.object({ accountId, period: reconciliationPeriod });
export type ReconciliationQuery = z.infer<typeof reconciliationQuery>;

export const reconciliationBody = z.object({
  accountId,
  period: reconciliationPeriod,
  /** The closing balance on the bank's (or mobile money operator's) statement for the month. */
  statementBalance: money,
  /** Every ledger line ticked as on the statement; the ones not listed are uncleared. */
  clearedLineIds: z.array(entryId).max(20000),
});
export type ReconciliationBody = z.infer<typeof reconciliationBody>;
export type ReconciliationBodyInput = z.input<typeof reconciliationBody>;

export const reconciliationCompleteBody = z.object({ accountId, period: reconciliationPeriod });
export type ReconciliationCompleteBody = z.infer<typeof reconciliationCompleteBody>;

export const reconciliationStatusValues = ['draft', 'completed'] as const;
export const reconciliationStatus = z.enum(reconciliationStatusValues);
export type ReconciliationStatus = (typeof reconciliationStatusValues)[number];

export const reconciliationLine = z.object({
  lineId: z.number().int(),
  entryId: z.number().int(),
  number: z.string(),
  date: calendarDate,
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  debit: moneyTotal,
  credit: moneyTotal,
  isCleared: z.boolean(),
  /** Dated before the month and not cleared by an earlier reconciliation (outstanding item). */
  isPriorPeriod: z.boolean(),
});
export type ReconciliationLine = z.infer<typeof reconciliationLine>;

export const reconciliation = z.object({
  /** Null until the reconciliation is first saved. */
  id: z.number().int().nullable(),
  account: z.object({ id: z.number().int(), code: z.string(), name: z.string(), subtype: accountSubtype }),
  period: reconciliationPeriod,
  startDate: calendarDate,
  endDate: calendarDate,
  status: reconciliationStatus,
  /** Null until saved. */
  statementBalance: moneyTotal.nullable(),
  /** Balance agreed with the bank before this month: the books before the account's first reconciliation plus every line cleared earlier. */
  openingClearedBalance: moneyTotal,
  /** The account's ledger balance at the end of the month. */
  ledgerBalance: moneyTotal,
  /** openingClearedBalance plus the lines cleared in this reconciliation. */
  clearedBalance: moneyTotal,
  /** statementBalance - clearedBalance; null until saved. Completing needs zero. */
  difference: moneyTotal.nullable(),
  /** Listed lines not cleared: ledgerBalance - clearedBalance = outstanding.debit - outstanding.credit. */
  outstanding: z.object({ debit: moneyTotal, credit: moneyTotal, count: z.number().int() }),
  lines: z.array(reconciliationLine),
  isEditable: z.boolean(),
  completedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type Reconciliation = z.infer<typeof reconciliation>;
