// GET /api/billing-reports/unpaid (privilege unpaid-report): the customers' charges not paid in full today
// (open items: bills, opening balances, balance transfers received, invoices), oldest due first, with what
// is left on each and the days past due; filters: zone (a bill's own, else the customer's first house's),
// billing period (bills only), a least amount left, a customer.
import { isoDate, moneyTotal, z } from '../common/validation.ts';
import { amount, optionalId, period } from '../billing/fields.ts';
import { pageFields, reportPaging, sortOrder } from './common.ts';

export const unpaidSortValues = ['dueDate', 'balance', 'name', 'period'] as const;

export const unpaidQuery = z.object({
  zoneId: optionalId,
  period: z
    .union([period, z.literal(''), z.literal('0')])
    .optional()
    .transform((v) => (v === '' || v === '0' ? undefined : v)),
  /** Only bills with at least this much left to pay. */
  minAmount: z
    .union([amount, z.literal('')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  customerId: optionalId,
  ...reportPaging,
  _sort: z.enum(unpaidSortValues).optional(),
  _order: sortOrder,
});
export type UnpaidQuery = z.infer<typeof unpaidQuery>;
export type UnpaidQueryInput = z.input<typeof unpaidQuery>;

export const unpaidRow = z.object({
  /** The charge's open item. */
  openItemId: z.number().int(),
  /** bill, opening, transfer, invoice, ... */
  kind: z.string(),
  /** The bill, when the charge is one. */
  billId: z.number().int().nullable(),
  /** The document's number as printed (B-000042 for a bill, CT-000003 for a transfer, the customer number for an opening balance). */
  billNo: z.string(),
  /** A bill's billing period. */
  period: z.string().nullable(),
  dueDate: isoDate,
  /** Days past the due date today; 0 when not yet due. */
  daysOverdue: z.number().int(),
  customerId: z.number().int(),
  customerNo: z.string(),
  name: z.string(),
  phone: z.string(),
  /** A bill's zone, else the zone of the customer's first house (none without a house). */
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  amount: moneyTotal,
  paid: moneyTotal,
  balance: moneyTotal,
});
export type UnpaidRow = z.infer<typeof unpaidRow>;

export const unpaidReport = z.object({
  date: isoDate,
  rows: z.array(unpaidRow),
  totals: z.object({ bills: z.number().int(), customers: z.number().int(), amount: moneyTotal, paid: moneyTotal, balance: moneyTotal }),
  ...pageFields,
});
export type UnpaidReport = z.infer<typeof unpaidReport>;
