// Batch receive (privilege batch-bill): rows typed in a grid or read from a mobile-money statement (CSV:
// reference, phone or customer number, amount, date) are matched to customers, then saved together as
// payments in one transaction; any refused row refuses the whole batch, naming the row.
import { isoDate, listQuery, moneyTotal, optionalText, page, trimmed, z } from '../common/validation.ts';
import { choice, optionalId } from '../billing/fields.ts';
import { calendarDate } from '../settings/fields.ts';
import { accountRef, positiveAmount } from '../treasury/fields.ts';
import { longId, payerRef, paymentMethod } from './fields.ts';
import { manualReceiptNumber } from '../receipt-books/receipt-books.ts';

export const MAX_BATCH_ROWS = 5000;

/** A row as typed or read: plain texts, checked by the match (an unusable row is "invalid", not a 400). */
export const batchMatchRow = z.object({
  reference: z.string().max(200).optional().default(''),
  customer: z.string().max(200).optional().default(''),
  amount: z.string().max(40).optional().default(''),
  date: z.string().max(40).optional().default(''),
});
export type BatchMatchRow = z.input<typeof batchMatchRow>;

export const batchMatchBody = z.object({
  /** Duplicates are references already posted on this account; without it, on any account. */
  accountId: optionalId,
  rows: z.array(batchMatchRow).min(1).max(MAX_BATCH_ROWS),
});
export type BatchMatchBody = z.input<typeof batchMatchBody>;
export const batchMatchQuery = z.object({ accountId: optionalId });

export const batchRowStatusValues = ['matched', 'unmatched', 'duplicate', 'invalid'] as const;
export type BatchRowStatus = (typeof batchRowStatusValues)[number];

export const batchMatchedRow = z.object({
  /** 0-based position in the rows sent (or data rows of the file). */
  row: z.number().int(),
  /** The file's line number (CSV), else null. */
  line: z.number().int().nullable(),
  reference: z.string(),
  customerText: z.string(),
  amount: z.string(),
  date: z.string(),
  status: z.enum(batchRowStatusValues),
  matchedBy: z.enum(['customerNo', 'phone']).nullable(),
  customer: payerRef.nullable(),
  /** Customers sharing the phone, when it names more than one. */
  candidates: z.array(payerRef),
  /** The posted payment with this reference, or the earlier row of the batch. */
  duplicateOf: z.object({ paymentId: z.number().int().nullable(), number: z.string().nullable(), row: z.number().int().nullable() }).nullable(),
  /** Field errors in the caller's language (field: reference, customer, amount or date). */
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type BatchMatchedRow = z.infer<typeof batchMatchedRow>;

export const batchMatchResult = z.object({
  rows: z.array(batchMatchedRow),
  totals: z.object({
    rows: z.number().int(),
    matched: z.number().int(),
    unmatched: z.number().int(),
    duplicate: z.number().int(),
    invalid: z.number().int(),
    /** Sum of the matched rows' amounts. */
    matchedAmount: moneyTotal,
  }),
});
export type BatchMatchResult = z.infer<typeof batchMatchResult>;

export const batchSourceValues = ['grid', 'csv'] as const;

export const batchSaveRow = z.object({
  customerId: z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), z.number().int().positive().max(2147483647)),
  amount: positiveAmount,
  date: calendarDate,
  reference: trimmed(100),
  /** The number the collector wrote on a leaf of their receipt book (receipt books module), if any. */
  manualReceiptNumber: manualReceiptNumber.optional(),
});
export const batchSaveBody = z.object({
  accountId: z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), z.number().int().positive().max(2147483647)),
  method: paymentMethod,
  source: choice(batchSourceValues),
  fileName: optionalText(200),
  rows: z.array(batchSaveRow).min(1).max(MAX_BATCH_ROWS),
});
export type BatchSaveBody = z.input<typeof batchSaveBody>;
export type BatchSaveInput = z.output<typeof batchSaveBody>;

export const paymentBatch = z.object({
  id: z.number().int(),
  source: z.enum(batchSourceValues),
  fileName: z.string().nullable(),
  account: accountRef,
  method: paymentMethod,
  paymentCount: z.number().int(),
  total: moneyTotal,
  /** Payments of the batch cancelled since. */
  cancelledCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentBatch = z.infer<typeof paymentBatch>;

export const batchSaved = paymentBatch.extend({
  payments: z.array(z.object({ id: z.number().int(), number: z.string(), customerId: z.number().int(), amount: moneyTotal, allocated: moneyTotal })),
});
export type BatchSaved = z.infer<typeof batchSaved>;

export const batchListQuery = listQuery.extend({
  startDate: isoDate.optional().or(z.literal('').transform(() => undefined)),
  endDate: isoDate.optional().or(z.literal('').transform(() => undefined)),
});
export const batchPage = page(paymentBatch);
export type BatchPage = z.infer<typeof batchPage>;
export const batchIdParams = z.object({ id: longId });
