// Year-end closing and the lock date: GET/POST /api/finance/closing, POST /api/finance/closing/reopen.
import { isoDate, moneyTotal, optionalText, z } from '../common/validation.ts';
import { accountId } from '../finance/accounts.ts';
import { calendarDate } from '../settings/fields.ts';
import { accountRef } from './fields.ts';

export const closingBody = z.object({
  /** Last day of the closed period (usually 31 December); becomes the lock date. */
  periodEnd: calendarDate,
  /** Default: the system retained earnings account (3100). */
  retainedEarningsAccountId: accountId.optional(),
  memo: optionalText(1000),
});
export type ClosingBody = z.infer<typeof closingBody>;

export const reopenBody = z.object({
  /** The new, earlier lock date; null opens every period. */
  lockDate: calendarDate.nullable(),
  reason: z.string().trim().min(3).max(500),
});
export type ReopenBody = z.infer<typeof reopenBody>;

export const closingQuery = z.object({
  /** When given, the answer includes what closing up to this day would post. */
  periodEnd: calendarDate.optional(),
});
export type ClosingQuery = z.infer<typeof closingQuery>;

export const closingLine = z.object({
  account: accountRef.extend({ type: z.enum(['income', 'expense']) }),
  /** Balance in the account's natural sign, moved to retained earnings. */
  amount: moneyTotal,
});
export type ClosingLine = z.infer<typeof closingLine>;

export const closingPreview = z.object({
  periodStart: isoDate.nullable(),
  periodEnd: isoDate,
  lines: z.array(closingLine),
  totals: z.object({ income: moneyTotal, expenses: moneyTotal }),
  netIncome: moneyTotal,
});
export type ClosingPreview = z.infer<typeof closingPreview>;

export const periodClosing = z.object({
  id: z.number().int(),
  /** Day after the lock date the closing started from; null: from the first posting. */
  periodStart: isoDate.nullable(),
  periodEnd: isoDate,
  retainedEarningsAccount: accountRef,
  /** Null when there was nothing to close (no income or expense balances). */
  entryId: z.number().int().nullable(),
  entryNumber: z.string().nullable(),
  /** Whether the closing entry has since been reversed. */
  isEntryReversed: z.boolean(),
  totals: z.object({ income: moneyTotal, expenses: moneyTotal }),
  netIncome: moneyTotal,
  memo: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  reopenedAt: z.string().nullable(),
  reopenedBy: z.string().nullable(),
  reopenReason: z.string().nullable(),
});
export type PeriodClosing = z.infer<typeof periodClosing>;

export const closingState = z.object({
  lockDate: isoDate.nullable(),
  /** The system retained earnings account (the default of a closing); null if the chart lacks it. */
  retainedEarningsAccountId: z.number().int().nullable(),
  closings: z.array(periodClosing),
  preview: closingPreview.nullable(),
});
export type ClosingState = z.infer<typeof closingState>;

export const reopenResult = z.object({
  previousLockDate: isoDate.nullable(),
  lockDate: isoDate.nullable(),
  /** Closings whose period is open again. */
  reopened: z.array(z.number().int()),
});
export type ReopenResult = z.infer<typeof reopenResult>;
