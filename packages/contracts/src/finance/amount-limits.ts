// Money limits (issue 12): GET /api/finance/amount-limits (any signed-in user: the forms need them) and
// PUT /api/finance/amount-limits (privilege company-profile). No posted money document may exceed the
// organisation's maximum; the web asks for a confirmation above `confirmAbove` (unusually large).
import Decimal from 'decimal.js';
import { money, moneyTotal, z } from '../common/validation.ts';

/** The input format's ceiling: a maximum above it could never be reached by a typed amount. */
export const MAX_DOCUMENT_AMOUNT_CEILING = '99999999999999.99';

export const amountLimits = z.object({
  /** No single posted document (journal entry, transfer, cheque, receipt, ...) may exceed it. */
  maxDocumentAmount: moneyTotal,
  /** The median of the organisation's recent documents; null before the first one. */
  typicalAmount: moneyTotal.nullable(),
  /** Saving an amount above this asks "are you sure?" (ten times the typical amount, at most the maximum). */
  confirmAbove: moneyTotal,
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
