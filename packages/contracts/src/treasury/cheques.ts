// Cheques written on the organisation's bank accounts: POST/GET /api/finance/writecheck,
// GET /api/finance/writecheck/:id (everything the printed cheque and its voucher show),
// POST /api/finance/writecheck/:id/void, GET /api/finance/writecheck/next-number.
import Decimal from 'decimal.js';
import { isoDate, listQuery, moneyTotal, optionalText, trimmed, z, whenValid } from '../common/validation.ts';
import { accountId } from '../finance/accounts.ts';
import { calendarDate } from '../settings/fields.ts';
import { accountRef, emptyToUndefined, positiveAmount } from './fields.ts';

export const payeeTypeValues = ['vendor', 'employee', 'other'] as const;
export const payeeType = z.enum(payeeTypeValues);
export type PayeeType = (typeof payeeTypeValues)[number];

/** A cheque number as printed on the cheque book (1 to 9 999 999 999). */
export const chequeNumber = z.coerce.number().int().min(1).max(9_999_999_999);

export const chequeLineInput = z.object({
  accountId,
  amount: positiveAmount,
  memo: optionalText(500),
});
export type ChequeLineInput = z.infer<typeof chequeLineInput>;

export const chequeBody = z
  .object({
    bankAccountId: accountId,
    /** Omitted: the next number of this bank account's cheque series. */
    chequeNo: z.preprocess(emptyToUndefined, chequeNumber.optional()),
    date: calendarDate,
    payeeType,
    payeeId: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(2147483647).optional()),
    payeeName: trimmed(200),
    amount: positiveAmount,
    memo: optionalText(1000),
    lines: z.array(chequeLineInput).min(1).max(100),
  })
  .superRefine(
    (v, ctx) => {
      if (v.payeeType === 'other' && v.payeeId !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['payeeId'], message: 'treasury.payeeIdOther' });
      }
      const total = v.lines.reduce((sum, line) => sum.plus(line.amount), new Decimal(0));
      if (!total.eq(v.amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: `treasury.linesTotal|${total.toFixed(2)}` });
    },
    whenValid('payeeType', 'payeeId', 'amount', 'lines'),
  );
export type ChequeBody = z.infer<typeof chequeBody>;
export type ChequeBodyInput = z.input<typeof chequeBody>;

export const chequeStatusValues = ['Issued', 'Void'] as const;
export const chequeStatus = z.enum(chequeStatusValues);
export type ChequeStatus = (typeof chequeStatusValues)[number];

export const chequeSummary = z.object({
  id: z.number().int(),
  bankAccount: accountRef,
  chequeNo: z.number().int(),
  /** As printed: at least six digits, 000123. */
  chequeNumber: z.string(),
  date: isoDate,
  payeeType,
  payeeId: z.number().int().nullable(),
  payeeName: z.string(),
  amount: moneyTotal,
  currency: z.string(),
  memo: z.string().nullable(),
  status: chequeStatus,
  entryId: z.number().int(),
  entryNumber: z.string(),
  voidEntryId: z.number().int().nullable(),
  voidEntryNumber: z.string().nullable(),
  voidDate: isoDate.nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ChequeSummary = z.infer<typeof chequeSummary>;

export const chequeLine = z.object({
  lineNo: z.number().int(),
  account: accountRef,
  amount: moneyTotal,
  memo: z.string().nullable(),
});
export type ChequeLine = z.infer<typeof chequeLine>;

/** The cheque with what its printout and payment voucher need. */
export const cheque = chequeSummary.extend({
  amountInWords: z.object({ en: z.string(), so: z.string() }),
  lines: z.array(chequeLine),
  company: z.object({
    name: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    logoFileId: z.string().nullable(),
    signatureFileId: z.string().nullable(),
  }),
  /** The signature image of the user who wrote the cheque (their profile), printed on "Prepared by". */
  preparedBySignatureFileId: z.string().nullable(),
});
export type Cheque = z.infer<typeof cheque>;

export const chequeListQuery = listQuery
  .extend({
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    bankAccountId: accountId.optional(),
    payeeType: payeeType.optional(),
    status: chequeStatus.optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { ...whenValid('startDate', 'endDate'), path: ['endDate'], message: 'v.dateRange' });
export type ChequeListQuery = z.infer<typeof chequeListQuery>;

export const chequePage = z.object({
  data: z.array(chequeSummary),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ChequePage = z.infer<typeof chequePage>;

export const chequeIdParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

export const nextChequeQuery = z.object({ bankAccountId: accountId });
export const nextCheque = z.object({ bankAccountId: z.number().int(), chequeNo: z.number().int(), chequeNumber: z.string() });
export type NextCheque = z.infer<typeof nextCheque>;
