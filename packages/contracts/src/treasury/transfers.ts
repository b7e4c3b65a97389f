// Money transfers between the organisation's own cash, bank and mobile money accounts:
// POST/GET /api/finance/transfer, GET /api/finance/transfer/:id, POST /api/finance/transfer/:id/cancel.
import { isoDate, listQuery, moneyTotal, optionalText, z, whenValid } from '../common/validation.ts';
import { accountId } from '../finance/accounts.ts';
import { calendarDate } from '../settings/fields.ts';
import { accountRef, positiveAmount } from './fields.ts';

/** Subtypes an account must have to send or receive a transfer. */
export const transferSubtypes = ['cash', 'bank', 'mobile_money'] as const;

export const transferBody = z
  .object({
    date: calendarDate,
    fromAccountId: accountId,
    toAccountId: accountId,
    amount: positiveAmount,
    reference: optionalText(100),
    memo: optionalText(1000),
  })
  .refine((v) => v.fromAccountId !== v.toAccountId, { ...whenValid('fromAccountId', 'toAccountId'), path: ['toAccountId'], message: 'treasury.sameAccount' });
export type TransferBody = z.infer<typeof transferBody>;
export type TransferBodyInput = z.input<typeof transferBody>;

export const transferStatusValues = ['Posted', 'Cancelled'] as const;
export const transferStatus = z.enum(transferStatusValues);
export type TransferStatus = (typeof transferStatusValues)[number];

export const transfer = z.object({
  id: z.number().int(),
  /** TR-000001 */
  number: z.string(),
  date: isoDate,
  fromAccount: accountRef,
  toAccount: accountRef,
  amount: moneyTotal,
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  status: transferStatus,
  entryId: z.number().int(),
  entryNumber: z.string(),
  /** The reversing entry when cancelled. */
  cancelEntryId: z.number().int().nullable(),
  cancelEntryNumber: z.string().nullable(),
  cancelDate: isoDate.nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof transfer>;

export const transferListQuery = listQuery
  .extend({
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    /** Transfers from or to this account. */
    accountId: accountId.optional(),
    status: transferStatus.optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { ...whenValid('startDate', 'endDate'), path: ['endDate'], message: 'v.dateRange' });
export type TransferListQuery = z.infer<typeof transferListQuery>;

export const transferPage = z.object({
  data: z.array(transfer),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type TransferPage = z.infer<typeof transferPage>;

export const transferIdParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
