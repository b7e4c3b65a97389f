// Customer balance transfer (finance/c2c, privilege receive-payment): one entry moves an amount of
// receivable from one customer to another (credit the first, debit the second; the receivable account
// does not change). Gapless numbers CT-000001; cancelled by reversal.
import { id, isoDate, listQuery, moneyTotal, optionalText, page, z, whenValid } from '../common/validation.ts';
import { optionalId } from '../billing/fields.ts';
import { calendarDate } from '../settings/fields.ts';
import { positiveAmount } from '../treasury/fields.ts';
import { payerRef, paymentStatus } from './fields.ts';

export const CUSTOMER_TRANSFER_SERIES = 'CT';

export const customerTransferBody = z
  .object({
    fromCustomerId: id,
    toCustomerId: id,
    amount: positiveAmount,
    date: calendarDate,
    memo: optionalText(1000),
  })
  .refine((v) => v.fromCustomerId !== v.toCustomerId, { ...whenValid('fromCustomerId', 'toCustomerId'), path: ['toCustomerId'], message: 'c2c.sameCustomer' });
export type CustomerTransferBody = z.input<typeof customerTransferBody>;
export type CustomerTransferInput = z.output<typeof customerTransferBody>;

export const customerTransfer = z.object({
  id: z.number().int(),
  transferNo: z.number().int(),
  /** CT-000001 */
  number: z.string(),
  date: isoDate,
  from: payerRef,
  to: payerRef,
  amount: moneyTotal,
  memo: z.string().nullable(),
  status: paymentStatus,
  entryId: z.number().int(),
  entryNumber: z.string(),
  cancelEntryId: z.number().int().nullable(),
  cancelEntryNumber: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerTransfer = z.infer<typeof customerTransfer>;

export const customerTransferListQuery = listQuery
  .extend({
    /** Transfers from or to this customer. */
    customerId: optionalId,
    startDate: isoDate.optional().or(z.literal('').transform(() => undefined)),
    endDate: isoDate.optional().or(z.literal('').transform(() => undefined)),
    status: z
      .union([paymentStatus, z.literal('0'), z.literal('')])
      .optional()
      .transform((v) => (v === '0' || v === '' ? undefined : v)),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { ...whenValid('startDate', 'endDate'), path: ['endDate'], message: 'v.dateRange' });
export const customerTransferPage = page(customerTransfer);
export type CustomerTransferPage = z.infer<typeof customerTransferPage>;
