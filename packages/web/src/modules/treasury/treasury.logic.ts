// The treasury screens' pure rules, kept apart from React so they are unit-tested: which accounts a
// transfer, a cheque or a closing may name, the cheque's live allocation (decimal.js, never number
// arithmetic on money), the request bodies built from the forms, the check of a file before it is
// attached to an entry, and the default dates of the closing screen.
import Decimal from 'decimal.js';
import {
  type Account,
  type ChequeBodyInput,
  type PayeeType,
  TRANSACTION_FILE_MAX_BYTES,
  type TransactionFileMime,
  type TransferBodyInput,
  transactionFileMimes,
  transferSubtypes,
} from '@ubo/contracts';
import { AMOUNT_PATTERN, amountOf } from '../finance/index.ts';
import { isIsoDate } from '../../lib/reportPeriods.ts';

// ---- Amounts -----------------------------------------------------------------------------------

/**
 * The rule of an amount input: a positive amount of at most 14 digits and two decimals. Returns true or
 * the message key (contracts' messages) shown under the field.
 */
export function amountRule(value: unknown): true | string {
  const s = String(value ?? '').trim();
  if (s === '') return 'v.required';
  const d = amountOf(s);
  if (!d) return AMOUNT_PATTERN.test(s.replace(/^-/, '')) ? 'ledger.negative' : 'v.money';
  return d.gt(0) || 'v.positive';
}

/** amountRule as a check of a form schema (zod superRefine): its message key on the field. */
export function amountCheck(value: string, ctx: { addIssue: (issue: { code: 'custom'; message: string }) => void }): void {
  const result = amountRule(value);
  if (result !== true) ctx.addIssue({ code: 'custom', message: result });
}

// ---- Accounts ----------------------------------------------------------------------------------

const cashLike: readonly string[] = transferSubtypes;

/** Cash, bank and mobile money accounts: the only ones a transfer moves money between. */
export const transferAccounts = (accounts: readonly Account[]) => accounts.filter((a) => cashLike.includes(a.subtype));

/** Bank accounts: the ones a cheque is drawn on. */
export const bankAccounts = (accounts: readonly Account[]) => accounts.filter((a) => a.subtype === 'bank');

/** What a cheque may pay: any account but the bank account it is drawn on. */
export const chequeLineAccounts = (accounts: readonly Account[], bankAccountId: number | null) => accounts.filter((a) => a.id !== bankAccountId);

/** Equity accounts: where a closing may move the year's result. */
export const equityAccounts = (accounts: readonly Account[]) => accounts.filter((a) => a.type === 'equity');

/**
 * The part of `amount` the sending account does not hold (its balance is less than the transfer), or
 * null when the balance covers it or the amount is not valid yet. A warning only: the ledger does
 * not refuse an overdrawn account (a bank overdraft is real).
 */
export function shortfall(balance: string | null | undefined, amount: string): Decimal | null {
  const value = amountOf(amount);
  if (!value || value.isZero() || balance === null || balance === undefined || balance === '') return null;
  const held = new Decimal(balance);
  return value.gt(held) ? value.minus(held) : null;
}

// ---- Transfers ---------------------------------------------------------------------------------

export interface TransferFormValues {
  date: string;
  fromAccountId: number | null;
  toAccountId: number | null;
  amount: string;
  reference: string;
  memo: string;
}

export const emptyTransfer = (date: string): TransferFormValues => ({
  date,
  fromAccountId: null,
  toAccountId: null,
  amount: '',
  reference: '',
  memo: '',
});

export function toTransferBody(v: TransferFormValues): TransferBodyInput {
  return {
    date: v.date,
    fromAccountId: v.fromAccountId ?? 0,
    toAccountId: v.toAccountId ?? 0,
    amount: v.amount.trim(),
    reference: v.reference.trim() || undefined,
    memo: v.memo.trim() || undefined,
  };
}

// ---- Cheques -----------------------------------------------------------------------------------

export interface ChequeLineValues {
  accountId: number | null;
  amount: string;
  memo: string;
}

export interface ChequeFormValues {
  bankAccountId: number | null;
  chequeNo: string;
  date: string;
  payeeType: PayeeType;
  payeeName: string;
  payeeId: string;
  amount: string;
  memo: string;
  lines: ChequeLineValues[];
}

export const emptyChequeLine = (): ChequeLineValues => ({ accountId: null, amount: '', memo: '' });

export const emptyCheque = (date: string, bankAccountId: number | null = null): ChequeFormValues => ({
  bankAccountId,
  chequeNo: '',
  date,
  payeeType: 'vendor',
  payeeName: '',
  payeeId: '',
  amount: '',
  memo: '',
  lines: [emptyChequeLine()],
});

export const isBlankChequeLine = (l: ChequeLineValues) => l.accountId === null && !l.amount.trim() && !l.memo.trim();

/** A cheque number as the cheque book prints it: 1 to 9 999 999 999, leading zeros allowed. */
export const CHEQUE_NO_PATTERN = /^0*[1-9]\d{0,9}$/;
export const PAYEE_ID_PATTERN = /^[1-9]\d{0,9}$/;
const MAX_CHEQUE_NO = new Decimal('9999999999');
const MAX_ID = new Decimal('2147483647');

export const isChequeNo = (s: string) => CHEQUE_NO_PATTERN.test(s.trim()) && new Decimal(s.trim()).lte(MAX_CHEQUE_NO);
export const isPayeeId = (s: string) => PAYEE_ID_PATTERN.test(s.trim()) && new Decimal(s.trim()).lte(MAX_ID);

export interface ChequeAllocation {
  /** The cheque amount; null while it is not a valid amount. */
  amount: Decimal | null;
  /** Sum of the lines' valid amounts. */
  allocated: Decimal;
  /** Amount minus allocated (zero when the amount is not valid yet). */
  remaining: Decimal;
  /** Some line amount is not a valid amount (it is left out of the sum). */
  hasInvalidLine: boolean;
  /** Some line is filled in without an account or without an amount above zero. */
  hasIncompleteLine: boolean;
  lineCount: number;
  /** Amount above zero, at least one complete line, every line valid and nothing left to allocate. */
  canSave: boolean;
}

/** The live sums under the cheque's lines grid. */
export function chequeAllocation(amountText: string, lines: readonly ChequeLineValues[]): ChequeAllocation {
  const amount = amountText.trim() === '' ? null : amountOf(amountText);
  let allocated = new Decimal(0);
  let hasInvalidLine = false;
  let hasIncompleteLine = false;
  let lineCount = 0;
  for (const line of lines) {
    if (isBlankChequeLine(line)) continue;
    lineCount += 1;
    const value = amountOf(line.amount);
    if (!value) {
      hasInvalidLine = true;
      continue;
    }
    allocated = allocated.plus(value);
    if (line.accountId === null || value.isZero()) hasIncompleteLine = true;
  }
  const remaining = amount ? amount.minus(allocated) : new Decimal(0);
  const canSave = Boolean(amount?.gt(0)) && lineCount > 0 && !hasInvalidLine && !hasIncompleteLine && remaining.isZero();
  return { amount, allocated, remaining, hasInvalidLine, hasIncompleteLine, lineCount, canSave };
}

/**
 * The POST body from the form. Blank lines are left out; `rowOf[i]` is the form row of body line i,
 * so a server error on `lines.i.accountId` lands on the right row (finance.logic's formFieldOf).
 */
export function toChequeBody(v: ChequeFormValues): { body: ChequeBodyInput; rowOf: number[] } {
  const rowOf: number[] = [];
  const lines: ChequeBodyInput['lines'] = [];
  v.lines.forEach((line, row) => {
    if (isBlankChequeLine(line)) return;
    rowOf.push(row);
    lines.push({ accountId: line.accountId ?? 0, amount: line.amount.trim(), memo: line.memo.trim() || undefined });
  });
  const payeeId = v.payeeType === 'other' ? undefined : v.payeeId.trim() || undefined;
  return {
    body: {
      bankAccountId: v.bankAccountId ?? 0,
      chequeNo: v.chequeNo.trim() || undefined,
      date: v.date,
      payeeType: v.payeeType,
      payeeId,
      payeeName: v.payeeName.trim(),
      amount: v.amount.trim(),
      memo: v.memo.trim() || undefined,
      lines,
    },
    rowOf,
  };
}

/** The printed cheque and voucher of a cheque. */
export const chequePrintLink = (id: number) => `/finance/write-check/${id}/print`;

// ---- Attachments -------------------------------------------------------------------------------

/** The file types an entry takes, by extension, with what browsers report for them. */
const attachmentTypes: Record<string, { mime: TransactionFileMime; aliases: readonly string[] }> = {
  pdf: { mime: 'application/pdf', aliases: [] },
  png: { mime: 'image/png', aliases: [] },
  jpg: { mime: 'image/jpeg', aliases: ['image/pjpeg'] },
  jpeg: { mime: 'image/jpeg', aliases: ['image/pjpeg'] },
  webp: { mime: 'image/webp', aliases: [] },
  // Windows reports CSV as an Excel file; some systems as plain text.
  csv: { mime: 'text/csv', aliases: ['application/vnd.ms-excel', 'text/plain', 'application/csv', 'text/x-csv', 'text/comma-separated-values'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', aliases: [] },
};

/** What the file picker offers (extensions and types). */
export const ATTACHMENT_ACCEPT = [...Object.keys(attachmentTypes).map((e) => `.${e}`), ...transactionFileMimes].join(',');

export type AttachmentProblem = 'wrongType' | 'tooLarge' | 'empty';

/**
 * The client-side check before an upload: a PDF, PNG, JPEG, WEBP, CSV or XLSX file (by its extension
 * and the type the browser reports, which may be empty) of at most 2 MiB. The server checks the bytes
 * again. Null when the file may be sent.
 */
export function checkAttachment(file: { name: string; type: string; size: number }): AttachmentProblem | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const known = attachmentTypes[ext];
  const type = file.type.toLowerCase();
  if (!known || (type !== '' && type !== known.mime && !known.aliases.includes(type))) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > TRANSACTION_FILE_MAX_BYTES) return 'tooLarge';
  return null;
}

// ---- Closing -----------------------------------------------------------------------------------

/** The day before an ISO date. */
export function dayBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The period end the closing form proposes: the last day of the previous year while that year is
 * still open, else yesterday (the usual month-end or year-end is typed by the user).
 */
export function defaultPeriodEnd(today: string, lockDate: string | null): string {
  const lastYearEnd = `${Number(today.slice(0, 4)) - 1}-12-31`;
  if (lockDate === null || lockDate < lastYearEnd) return lastYearEnd;
  const yesterday = dayBefore(today);
  return lockDate < yesterday ? yesterday : today;
}

/** Whether a date may close a period: a real date, after the lock date and not after today. */
export function closableDate(date: string, today: string, lockDate: string | null): 'date' | 'locked' | 'future' | null {
  if (!isIsoDate(date)) return 'date';
  if (lockDate !== null && date <= lockDate) return 'locked';
  if (date > today) return 'future';
  return null;
}
