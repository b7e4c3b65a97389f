// Field rules and small pure helpers shared by the payments contracts, the server and the web: payment
// methods, the accounts money can be received into, a customer as shown on a document, Somali phone
// numbers in one form, and the oldest-first allocation of an amount over open bills.
import Decimal from 'decimal.js';
import { z } from '../common/validation.ts';
import { choice } from '../billing/fields.ts';
import { calendarDate } from '../settings/fields.ts';

export const paymentMethodValues = ['cash', 'bank', 'mobile_money', 'cheque'] as const;
export const paymentMethod = choice(paymentMethodValues);
export type PaymentMethod = (typeof paymentMethodValues)[number];

/** Subtypes of the asset accounts a payment can be received into. */
export const receivingSubtypes = ['cash', 'bank', 'mobile_money'] as const;
export type ReceivingSubtype = (typeof receivingSubtypes)[number];

/** The method a receiving account suggests (a cheque is banked, so it is chosen by hand). */
export const methodOfSubtype = (subtype: ReceivingSubtype): PaymentMethod => subtype;

export const paymentStatusValues = ['Posted', 'Cancelled'] as const;
export const paymentStatus = z.enum(paymentStatusValues);
export type PaymentStatus = (typeof paymentStatusValues)[number];

/** A customer as a payment, receipt or transfer names them. */
export const payerRef = z.object({
  id: z.number().int(),
  customerNo: z.string(),
  name: z.string(),
  phone: z.string(),
});
export type PayerRef = z.infer<typeof payerRef>;

/** A database id that may exceed 32 bits (bills, payments, batches). */
export const longId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
);
export const longIdParams = z.object({ id: longId });

/** Cancelling a payment or a transfer: why (required), and the reversal's date (default: the document's). */
export const paymentCancelBody = z.object({
  reason: z.string().trim().min(1).max(500),
  date: calendarDate.optional().or(z.literal('').transform(() => undefined)),
});
export type PaymentCancelBody = z.infer<typeof paymentCancelBody>;

/**
 * A Somali phone number in its national form (634411223): 0634411223, +252634411223, 252634411223,
 * 00252 634 411 223 and 634411223 are the same number. null when the text is not a phone number.
 */
export function nationalPhone(text: string | null | undefined): string | null {
  if (!text || !/^[\d\s+\-().]+$/.test(text.trim())) return null;
  const national = text.replace(/\D/g, '').replace(/^(00252|252|0)/, '');
  return /^[1-9]\d{6,9}$/.test(national) ? national : null;
}

/**
 * A customer number as the organisation writes it (C-000042) from C-000042, c000042, C-42 or c 42;
 * null when the text is not one.
 */
export function customerNumberOf(text: string | null | undefined): string | null {
  const m = /^\s*c\s*[-_/.]?\s*(\d{1,9})\s*$/i.exec(text ?? '');
  return m ? `C-${String(Number(m[1])).padStart(6, '0')}` : null;
}

/**
 * Spreads `amount` over bills in the order given (oldest first): each takes what is left, up to its
 * open amount. Answers the amount per bill (two-decimal strings) and the rest (the customer's credit).
 */
export function proposeAllocation(open: readonly string[], amount: string): { amounts: string[]; rest: string } {
  let left = safe(amount);
  if (left.isNegative()) left = new Decimal(0);
  const amounts = open.map((o) => {
    const take = Decimal.max(0, Decimal.min(left, safe(o)));
    left = left.minus(take);
    return take.toFixed(2);
  });
  return { amounts, rest: left.toFixed(2) };
}

function safe(value: string): Decimal {
  try {
    const d = new Decimal(value || 0);
    return d.isFinite() ? d : new Decimal(0);
  } catch {
    return new Decimal(0);
  }
}
