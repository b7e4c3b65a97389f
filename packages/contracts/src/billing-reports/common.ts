// Shared pieces of the billing report contracts: paging of the long lists, the zone filter ("all" is
// 0 or empty, as the filter dialog sends it), money and units on the wire, and the export limit.
import { z } from '../common/validation.ts';

/** Paging of a report list (rows of one page; totals always cover every row). */
export const reportPaging = {
  _page: z.coerce.number().int().min(1).default(1),
  _limit: z.coerce.number().int().min(1).max(1000).default(100),
};
export const sortOrder = z.enum(['asc', 'desc']).optional();

export const pageFields = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };

/** Consumption in meter units as a plain decimal string ('1250.5'). */
export const unitsText = z.string();

/** A customer-list report exports at most this many rows in one file; beyond it, filter by zone. */
export const BILLING_EXPORT_MAX_ROWS = 100_000;

/** A required id in a query string (customerId of a statement): missing or empty is "required". */
export const queryId = z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), z.number().int().positive().max(2147483647));

/** Payment methods of a receipt (0024_payments.sql). */
export const receiptMethodValues = ['cash', 'bank', 'mobile_money', 'cheque'] as const;
export type ReceiptMethod = (typeof receiptMethodValues)[number];
export const receiptMethod = z.enum(receiptMethodValues);
/** The method filter: one method, or all ('0', '' or missing). */
export const receiptMethodFilter = z
  .union([receiptMethod, z.literal('0'), z.literal('')])
  .optional()
  .transform((v) => (v === '0' || v === '' ? undefined : (v as ReceiptMethod | undefined)));

/** A year and month (YYYY-MM) answered by the server. */
export const monthText = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
