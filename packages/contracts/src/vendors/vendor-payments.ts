// Vendor payments (Pay bill, /vendors/pay-bill, privilege pay-bill): money out of a cash, bank or
// mobile-money account to a vendor, allocated to its open bills oldest first or by hand; more than the
// open bills only with an explicit confirmation (the rest stays as the vendor's debit balance, credit
// that its later bills take). Numbered in their own series (PV), cancelled by reversal.
import Decimal from 'decimal.js';
import { id, isoDate, listQuery, moneyTotal, optionalText, page, whenValid, z } from '../common/validation.ts';
import { optionalId } from '../billing/fields.ts';
import { accountRef, positiveAmount } from '../treasury/fields.ts';
import { calendarDate } from '../settings/fields.ts';
import { longId, paymentCancelBody, paymentMethod, paymentStatus } from '../payments/fields.ts';

export const VENDOR_PAYMENT_SERIES = 'PV';

export const vendorAllocationInput = z.object({ openItemId: longId, amount: positiveAmount });
export type VendorAllocationInput = z.infer<typeof vendorAllocationInput>;

export const vendorPaymentBody = z
  .object({
    vendorId: id,
    amount: positiveAmount,
    date: calendarDate,
    accountId: id,
    method: paymentMethod,
    /** The transfer id, cheque number or slip; required unless cash. */
    reference: optionalText(100),
    memo: optionalText(1000),
    /** By hand: exactly these open bills, the rest waits as the vendor's credit. Without it: oldest first. */
    allocations: z.array(vendorAllocationInput).max(500).optional(),
    /** Paying more than the vendor's open bills must be confirmed (the rest stays as the vendor's debit balance). */
    confirmOverpayment: z.boolean().optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (v.method !== 'cash' && !v.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: 'payments.referenceRequired' });
    },
    whenValid('method', 'reference'),
  )
  .superRefine(
    (v, ctx) => {
      if (!v.allocations) return;
      const seen = new Set<number>();
      let total = new Decimal(0);
      v.allocations.forEach((a, i) => {
        if (seen.has(a.openItemId)) ctx.addIssue({ code: 'custom', path: ['allocations', i, 'openItemId'], message: 'vendors.allocationRepeated' });
        seen.add(a.openItemId);
        total = total.plus(a.amount);
      });
      if (total.gt(v.amount)) ctx.addIssue({ code: 'custom', path: ['allocations'], message: 'vendors.allocationExceeds' });
    },
    whenValid('allocations', 'amount'),
  );
export type VendorPaymentBody = z.input<typeof vendorPaymentBody>;
export type VendorPaymentInput = z.output<typeof vendorPaymentBody>;

export const vendorPaymentAllocation = z.object({ openItemId: z.number().int(), number: z.string(), kind: z.string(), date: isoDate, amount: moneyTotal });

export const vendorPayment = z.object({
  id: z.number().int(),
  number: z.string(),
  vendor: z.object({ id: z.number().int(), number: z.string(), name: z.string() }),
  date: isoDate,
  amount: moneyTotal,
  /** What went to bills; the rest is the vendor's credit. */
  allocated: moneyTotal,
  unallocated: moneyTotal,
  method: paymentMethod,
  account: accountRef,
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  status: paymentStatus,
  entryId: z.number().int(),
  entryNumber: z.string(),
  reversalEntryNumber: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type VendorPayment = z.infer<typeof vendorPayment>;
export const vendorPaymentDetail = vendorPayment.extend({ allocations: z.array(vendorPaymentAllocation) });
export type VendorPaymentDetail = z.infer<typeof vendorPaymentDetail>;

export const vendorPaymentListQuery = listQuery.extend({
  vendorId: optionalId,
  accountId: optionalId,
  status: z
    .union([paymentStatus, z.literal('0'), z.literal('')])
    .optional()
    .transform((v) => (v === '0' || v === '' ? undefined : v)),
  startDate: calendarDate.optional().or(z.literal('').transform(() => undefined)),
  endDate: calendarDate.optional().or(z.literal('').transform(() => undefined)),
  _sort: z.enum(['number', 'date', 'amount']).optional(),
});
export type VendorPaymentListQuery = z.input<typeof vendorPaymentListQuery>;
export const vendorPaymentPage = page(vendorPayment).extend({ totalAmount: moneyTotal });

export const vendorPaymentCancelBody = paymentCancelBody;
export type VendorPaymentCancelBody = z.infer<typeof vendorPaymentCancelBody>;

const payingAccount = accountRef.extend({ subtype: z.enum(['cash', 'bank', 'mobile_money']), currency: z.string() });
/** GET /api/elc/vendor-payments/choices: the accounts a vendor is paid from. */
export const vendorPaymentChoices = z.object({ accounts: z.array(payingAccount) });
export type VendorPaymentChoices = z.infer<typeof vendorPaymentChoices>;
