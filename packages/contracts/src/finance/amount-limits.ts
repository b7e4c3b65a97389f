// Money limits (issue 12): GET /api/finance/amount-limits (any signed-in user: the forms need them) and
// PUT /api/finance/amount-limits (privilege company-profile). No posted money document may exceed the
// organisation's maximum; the web asks for a confirmation above `confirmAbove` (unusually large).
import Decimal from 'decimal.js';
import { money, moneyTotal, z } from '../common/validation.ts';

/** The input format's ceiling: a maximum above it could never be reached by a typed amount. */
export const MAX_DOCUMENT_AMOUNT_CEILING = '99999999999999.99';

/** The kinds of document whose forms ask before an unusually large amount (journal_entries.source_type). */
export const amountKindValues = ['journal', 'transfer', 'cheque', 'payment'] as const;
export type AmountKind = (typeof amountKindValues)[number];

const usualAmount = z.object({
  /** The median of the organisation's latest documents of the kind; null before the first one. */
  typicalAmount: moneyTotal.nullable(),
  /** Saving an amount above this asks "are you sure?" (ten times the typical amount, at most the maximum). */
  confirmAbove: moneyTotal,
});
export type UsualAmount = z.infer<typeof usualAmount>;

export const amountLimits = z.object({
  /** No single posted document (journal entry, transfer, cheque, receipt, ...) may exceed it. */
  maxDocumentAmount: moneyTotal,
  /** Per kind: a bill run's many small bills say nothing of what a usual bank transfer is. */
  kinds: z.object({ journal: usualAmount, transfer: usualAmount, cheque: usualAmount, payment: usualAmount }),
});
export type AmountLimits = z.infer<typeof amountLimits>;

export const amountLimitsBody = z.object({
  // Positive without decimal.js: the refinement also sees text the format refused.
  maxDocumentAmount: money.refine((v) => !v.startsWith('-') && /[1-9]/.test(v), { message: 'v.positive' }),
});
export type AmountLimitsBody = z.infer<typeof amountLimitsBody>;

/** True when an amount typed in a form is above the threshold (unparsable text is left to validation). */
export function isUnusuallyLarge(amount: string | number | null | undefined, confirmAbove: string | null | undefined): boolean {
  if (amount === null || amount === undefined || amount === '' || !confirmAbove) return false;
  try {
    return new Decimal(String(amount).trim()).gt(confirmAbove);
  } catch {
    return false;
  }
}
