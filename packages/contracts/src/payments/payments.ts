// Customer payments (finance/payments, privilege receive-payment): receive a payment (POST), the paged
// list, one payment with everything its printed receipt needs, cancelling by reversal, and the
// allocation preview the Receive payment screen shows while the cashier types.
import Decimal from 'decimal.js';
import { id, isoDate, listQuery, moneyTotal, optionalText, page, whenValid, z } from '../common/validation.ts';
import { optionalId } from '../billing/fields.ts';
import { calendarDate } from '../settings/fields.ts';
import { accountRef, positiveAmount } from '../treasury/fields.ts';
import { transactionFile } from '../treasury/attachments.ts';
import { longId, payerRef, paymentStatus, paymentMethod } from './fields.ts';
import { manualReceiptNumber, manualReceiptRef } from '../receipt-books/receipt-books.ts';

export const RECEIPT_SERIES = 'RC';

/**
 * One line of a payment put by hand: a bill (billId, as the Receive payment screen sends it) or any open
 * charge of the customer (openItemId: a bill's, an opening balance's, a transfer's, an invoice's item).
 */
export const allocationInput = z.object({ billId: longId.optional(), openItemId: longId.optional(), amount: positiveAmount }).superRefine(
  (v, ctx) => {
    if ((v.billId === undefined) === (v.openItemId === undefined))
      ctx.addIssue({ code: 'custom', path: [v.billId === undefined ? 'openItemId' : 'billId'], message: 'payments.allocationTarget' });
  },
  whenValid('billId', 'openItemId'),
);
export type AllocationInput = z.infer<typeof allocationInput>;

export const paymentBody = z
  .object({
    customerId: id,
    amount: positiveAmount,
    date: calendarDate,
    accountId: id,
    /** The transaction id, bank slip or cheque number; required unless cash. */
    reference: optionalText(100),
    method: paymentMethod,
    memo: optionalText(1000),
    /**
     * Put by hand. Lines naming bills only (the Receive payment screen): exactly these bills, the rest
     * waits as credit. Lines naming open items: these first, the rest to the oldest open charges, then
     * credit. Without it the amount goes to the oldest open charges first.
     */
    allocations: z.array(allocationInput).max(500).optional(),
    /** The number a collector wrote on a leaf of their receipt book (receipt books module), if any. */
    manualReceiptNumber: manualReceiptNumber.optional(),
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
      const seen = new Set<string>();
      let total = new Decimal(0);
      v.allocations.forEach((a, i) => {
        const key = a.billId !== undefined ? `bill:${a.billId}` : `item:${a.openItemId}`;
        if (seen.has(key))
          ctx.addIssue(
            a.billId !== undefined
              ? { code: 'custom', path: ['allocations', i, 'billId'], message: 'payments.allocationRepeated' }
              : { code: 'custom', path: ['allocations', i, 'openItemId'], message: 'payments.itemRepeated' },
          );
        seen.add(key);
        total = total.plus(a.amount);
      });
      if (total.gt(v.amount)) ctx.addIssue({ code: 'custom', path: ['allocations'], message: 'payments.allocationExceeds' });
    },
    whenValid('amount', 'allocations'),
  );
export type PaymentBody = z.input<typeof paymentBody>;
export type PaymentInput = z.output<typeof paymentBody>;

export const paymentAllocation = z.object({
  billId: z.number().int(),
  /** B-000042 */
  billNumber: z.string(),
  period: z.string(),
  billDate: isoDate,
  dueDate: isoDate,
  billAmount: moneyTotal,
  /** What this payment put on the bill. */
  amount: moneyTotal,
  /** The bill now: paid by every payment, and what is still open. */
  billPaid: moneyTotal,
  billOpen: moneyTotal,
});
export type PaymentAllocation = z.infer<typeof paymentAllocation>;

export const payment = z.object({
  id: z.number().int(),
  receiptNo: z.number().int(),
  /** RC-000001 */
  number: z.string(),
  date: isoDate,
  customer: payerRef,
  amount: moneyTotal,
  allocated: moneyTotal,
  /** amount - allocated: what stays with the customer as credit. */
  credit: moneyTotal,
  method: paymentMethod,
  account: accountRef,
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  status: paymentStatus,
  batchId: z.number().int().nullable(),
  entryId: z.number().int(),
  entryNumber: z.string(),
  cancelEntryId: z.number().int().nullable(),
  cancelEntryNumber: z.string().nullable(),
  cancelDate: isoDate.nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof payment>;

export const receiptCompany = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  logoFileId: z.string().nullable(),
});
export type ReceiptCompany = z.infer<typeof receiptCompany>;

/** A payment with what its receipt prints. */
export const paymentDetail = payment.extend({
  allocations: z.array(paymentAllocation),
  /** The customer's receivable just before and just after this payment was posted, and today. */
  balanceBefore: moneyTotal,
  balanceAfter: moneyTotal,
  balanceNow: moneyTotal,
  currency: z.string(),
  amountInWords: z.object({ en: z.string(), so: z.string() }),
  company: receiptCompany,
  /** The receipt-book number the collector wrote (Voided once the payment is cancelled), or null. */
  manualReceipt: manualReceiptRef.nullable(),
  /** Scans of the manual receipt or bank slip (finance/attache-file-offilne-payment). */
  attachments: z.array(transactionFile),
});
export type PaymentDetail = z.infer<typeof paymentDetail>;

export const paymentSortable = ['date', 'receiptNo', 'amount'] as const;
export const paymentListQuery = listQuery
  .extend({
    customerId: optionalId,
    accountId: optionalId,
    batchId: optionalId,
    startDate: isoDate.optional().or(z.literal('').transform(() => undefined)),
    endDate: isoDate.optional().or(z.literal('').transform(() => undefined)),
    status: z
      .union([paymentStatus, z.literal('0'), z.literal('')])
      .optional()
      .transform((v) => (v === '0' || v === '' ? undefined : v)),
    method: z
      .union([paymentMethod, z.literal('0'), z.literal('')])
      .optional()
      .transform((v) => (v === '0' || v === '' ? undefined : v)),
    _sort: z.enum(paymentSortable).optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { ...whenValid('startDate', 'endDate'), path: ['endDate'], message: 'v.dateRange' });
export type PaymentListQuery = z.input<typeof paymentListQuery>;
export const paymentPage = page(payment);
export type PaymentPage = z.infer<typeof paymentPage>;

/** An open bill of a customer, with what an amount would put on it. */
export const customerOpenBill = z.object({
  billId: z.number().int(),
  number: z.string(),
  period: z.string(),
  billDate: isoDate,
  dueDate: isoDate,
  amount: moneyTotal,
  paidAmount: moneyTotal,
  open: moneyTotal,
});
export type CustomerOpenBill = z.infer<typeof customerOpenBill>;

/** Any open charge of a customer (a bill, an invoice, a debit note, ...): an open item of the receivable. */
export const customerOpenItem = z.object({
  openItemId: z.number().int(),
  /** bill, invoice, debit-note, ... */
  kind: z.string(),
  number: z.string(),
  date: isoDate,
  dueDate: isoDate,
  amount: moneyTotal,
  settled: moneyTotal,
  open: moneyTotal,
});
export type CustomerOpenItem = z.infer<typeof customerOpenItem>;

export const allocationPreviewQuery = z.object({
  customerId: id,
  amount: moneyTotal.optional().or(z.literal('').transform(() => undefined)),
});
export type AllocationPreviewQuery = z.input<typeof allocationPreviewQuery>;

export const allocationPreview = z.object({
  customer: payerRef.extend({ status: z.string() }),
  /** The customer's receivable in the ledger (negative: in credit). */
  balance: moneyTotal,
  /** Every open charge's open amount (bills and other documents). */
  openTotal: moneyTotal,
  /** Oldest first, each with the proposed allocation of `amount`. */
  openBills: z.array(customerOpenBill.extend({ allocate: moneyTotal })),
  /** Every open charge (bills among them), oldest first, with the proposed allocation: what a payment pays. */
  openItems: z.array(customerOpenItem.extend({ allocate: moneyTotal })),
  amount: moneyTotal,
  allocated: moneyTotal,
  /** What the amount leaves as credit after the proposed allocation. */
  creditLeft: moneyTotal,
  balanceAfter: moneyTotal,
});
export type AllocationPreview = z.infer<typeof allocationPreview>;

/** Customers to pick from on the payment screens (search by name, number, phone or meter). */
export const customerLookupQuery = z.object({
  q: z.string().trim().max(200).optional(),
  _limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const customerLookup = payerRef.extend({ status: z.string(), meterNumbers: z.array(z.string()), balance: moneyTotal });
export type CustomerLookup = z.infer<typeof customerLookup>;
export const customerLookupList = z.object({ data: z.array(customerLookup) });

/** Accounts money can be received into: active cash, bank and mobile money accounts. */
export const receivingAccount = accountRef.extend({
  subtype: z.enum(['cash', 'bank', 'mobile_money']),
  currency: z.string(),
  method: paymentMethod,
});
export type ReceivingAccount = z.infer<typeof receivingAccount>;
export const receivingAccountList = z.object({ data: z.array(receivingAccount) });
