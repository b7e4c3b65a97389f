// The schemas of the treasury forms (react-hook-form's zodResolver): the fields as the forms hold them
// (account pickers may be empty, amounts are text), each error a message key of the contracts, in English
// and Somali, the same the server would give. The forms build the request bodies from the parsed values.
import { payeeTypeValues, z } from '@ubo/contracts';
import { amountCheck, amountRule, isBlankChequeLine, isChequeNo, isPayeeId } from './treasury.logic.ts';

/** Always checked, whatever the other fields did: the form shows every error it can at once. */
export const always = { when: () => true };

/** The transfer form: a date, two different accounts, a positive amount, reference and memo within their lengths. */
export const transferForm = z
  .object({
    date: z.string().min(1, 'v.required'),
    fromAccountId: z.number().nullable(),
    toAccountId: z.number().nullable(),
    amount: z.string().superRefine(amountCheck),
    reference: z.string().max(100, 'v.maxLength|100'),
    memo: z.string().max(1000, 'v.maxLength|1000'),
  })
  .refine((v) => v.fromAccountId !== null, { ...always, path: ['fromAccountId'], message: 'treasury.transfer.accountRequired' })
  .refine((v) => v.toAccountId !== null, { ...always, path: ['toAccountId'], message: 'treasury.transfer.accountRequired' })
  .refine((v) => v.fromAccountId === null || v.fromAccountId !== v.toAccountId, { ...always, path: ['fromAccountId'], message: 'treasury.sameAccount' })
  .refine((v) => v.toAccountId === null || v.fromAccountId !== v.toAccountId, { ...always, path: ['toAccountId'], message: 'treasury.sameAccount' });

/**
 * The cheque form: a bank account, a cheque number of the book's form (or blank: the next), a date, the
 * payee (with a valid vendor or employee number, or none), a positive amount, a memo, and the lines. The
 * first line is always checked; a later line left wholly blank is skipped (the body leaves it out).
 */
export const chequeForm = z
  .object({
    bankAccountId: z
      .number()
      .nullable()
      .refine((v) => v !== null, 'treasury.cheque.bankRequired'),
    chequeNo: z.string().refine((v) => v.trim() === '' || isChequeNo(v), 'treasury.cheque.badNumber'),
    date: z.string().min(1, 'v.required'),
    payeeType: z.enum(payeeTypeValues),
    payeeName: z
      .string()
      .max(200, 'v.maxLength|200')
      .refine((v) => v.trim() !== '', 'v.required'),
    payeeId: z.string(),
    amount: z.string().superRefine(amountCheck),
    memo: z.string().max(1000, 'v.maxLength|1000'),
    lines: z.array(z.object({ accountId: z.number().nullable(), amount: z.string(), memo: z.string().max(500, 'v.maxLength|500') })),
  })
  .superRefine((v, ctx) => {
    if (v.payeeType !== 'other' && v.payeeId.trim() !== '' && !isPayeeId(v.payeeId)) {
      ctx.addIssue({ code: 'custom', path: ['payeeId'], message: 'treasury.cheque.badPayeeId' });
    }
    v.lines.forEach((line, row) => {
      if (row > 0 && isBlankChequeLine(line)) return;
      if (line.accountId === null) ctx.addIssue({ code: 'custom', path: ['lines', row, 'accountId'], message: 'treasury.cheque.lineAccountRequired' });
      const amount = amountRule(line.amount);
      if (amount !== true) ctx.addIssue({ code: 'custom', path: ['lines', row, 'amount'], message: amount });
    });
  }, always);
