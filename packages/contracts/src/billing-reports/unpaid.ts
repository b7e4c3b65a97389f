// GET /api/billing-reports/unpaid (privilege unpaid-report): the bills not paid in full today, oldest
// due first, with what is left on each and the days past due; filters: zone (the bill's), billing
// period, a least amount left, a customer.
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
  billId: z.number().int(),
  billNo: z.string(),
  period: z.string(),
  dueDate: isoDate,
  /** Days past the due date today; 0 when not yet due. */
  daysOverdue: z.number().int(),
  customerId: z.number().int(),
  customerNo: z.string(),
  name: z.string(),
  phone: z.string(),
  zoneId: z.number().int(),
  zoneName: z.string(),
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
