// Numbered receipt books (/books): printed books of receipts a field collector writes by hand. A book is a
// series and a range of numbers issued to one collector; each number is used once by a payment or voided
// with a reason. Schemas of the list, the book page, issuing, status changes, voiding and the gaps report.
import { id, int, isoDate, listQuery, optionalText, page, trimmed, whenValid, z } from '../common/validation.ts';
import { choice, optionalId } from '../billing/fields.ts';
import { calendarDate } from '../settings/fields.ts';

export const receiptBookStatusValues = ['Active', 'Closed', 'Lost', 'Cancelled'] as const;
export const receiptBookStatus = choice(receiptBookStatusValues);
export type ReceiptBookStatus = (typeof receiptBookStatusValues)[number];

/** The moves a book's status may make: Lost and Cancelled are final; a closed book may be reopened. */
export const receiptBookTransitions: Record<ReceiptBookStatus, readonly ReceiptBookStatus[]> = {
  Active: ['Closed', 'Lost', 'Cancelled'],
  Closed: ['Active'],
  Lost: [],
  Cancelled: [],
};

/** A book holds at most this many leaves (a printed book holds 50 or 100; a box of loose receipts a few thousand). */
export const MAX_BOOK_SIZE = 10_000;
/** Receipt numbers as printed: positive, at most nine digits. */
export const MAX_RECEIPT_NUMBER = 999_999_999;

/** A series as printed on the leaves: letters, digits and dashes; compared without regard to case. */
export const bookSeries = trimmed(20)
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'books.seriesFormat')
  .transform((v) => v.toUpperCase());
const receiptNumber = int(1, MAX_RECEIPT_NUMBER);

export const receiptBookBody = z
  .object({
    series: bookSeries,
    firstNumber: receiptNumber,
    lastNumber: receiptNumber,
    collectorId: id,
    issueDate: calendarDate,
    notes: optionalText(500),
  })
  .superRefine(
    (v, ctx) => {
      if (v.lastNumber < v.firstNumber) ctx.addIssue({ code: 'custom', path: ['lastNumber'], message: 'books.lastBeforeFirst' });
      else if (v.lastNumber - v.firstNumber + 1 > MAX_BOOK_SIZE)
        ctx.addIssue({ code: 'custom', path: ['lastNumber'], message: `books.tooLarge|${MAX_BOOK_SIZE}` });
    },
    whenValid('firstNumber', 'lastNumber'),
  );
export type ReceiptBookBody = z.input<typeof receiptBookBody>;
export type ReceiptBookInput = z.output<typeof receiptBookBody>;

export const receiptBookStatusBody = z.object({ status: receiptBookStatus, reason: optionalText(500) }).superRefine(
  (v, ctx) => {
    if ((v.status === 'Lost' || v.status === 'Cancelled') && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'books.reasonRequired' });
  },
  whenValid('status', 'reason'),
);
export type ReceiptBookStatusBody = z.input<typeof receiptBookStatusBody>;

export const voidReceiptNumberBody = z.object({ number: receiptNumber, reason: trimmed(500) });
export type VoidReceiptNumberBody = z.input<typeof voidReceiptNumberBody>;

/** What a payment carries when the collector wrote a receipt from a book. */
export const manualReceiptNumber = z.object({ series: bookSeries, number: receiptNumber });
export type ManualReceiptNumber = z.output<typeof manualReceiptNumber>;
/** The manual receipt number as a payment answers it (no input transform: responses are encoded). */
export const manualReceiptRef = z.object({ series: z.string(), number: z.number().int(), bookId: z.number().int() });

export const collectorRef = z.object({ id: z.number().int(), username: z.string(), fullname: z.string() });
export type CollectorRef = z.infer<typeof collectorRef>;

export const receiptBook = z.object({
  id: z.number().int(),
  series: z.string(),
  firstNumber: z.number().int(),
  lastNumber: z.number().int(),
  size: z.number().int(),
  collector: collectorRef,
  issueDate: isoDate,
  status: receiptBookStatus,
  statusReason: z.string().nullable(),
  statusChangedBy: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  notes: z.string().nullable(),
  usedCount: z.number().int(),
  voidedCount: z.number().int(),
  unusedCount: z.number().int(),
  /** The lowest number after the last one written, or null when the book is written to its end. */
  nextNumber: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ReceiptBook = z.infer<typeof receiptBook>;
export const receiptBookPage = page(receiptBook);

export const receiptBookListQuery = listQuery.extend({
  status: z
    .union([receiptBookStatus, z.literal('0'), z.literal('')])
    .optional()
    .transform((v) => (v === '0' || v === '' ? undefined : v)),
  collectorId: optionalId,
  series: z.string().trim().max(20).optional(),
});

export const receiptNumberState = z.enum(['Used', 'Voided']);
export const receiptBookNumber = z.object({
  number: z.number().int(),
  state: receiptNumberState,
  payment: z.object({ id: z.number().int(), number: z.string(), date: isoDate, amount: z.string(), customer: z.string(), status: z.string() }).nullable(),
  reason: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type ReceiptBookNumber = z.infer<typeof receiptBookNumber>;

/** Consecutive numbers nobody wrote: from..to. */
export const numberRange = z.object({ from: z.number().int(), to: z.number().int() });
export type NumberRange = z.infer<typeof numberRange>;

export const receiptBookDetail = receiptBook.extend({
  numbers: z.array(receiptBookNumber),
  unused: z.array(numberRange),
  /** The status moves open to this book now. */
  allowedStatuses: z.array(receiptBookStatus),
});
export type ReceiptBookDetail = z.infer<typeof receiptBookDetail>;

export const refNumberAnswer = z.object({
  book: z.object({ id: z.number().int(), series: z.string(), firstNumber: z.number().int(), lastNumber: z.number().int() }).nullable(),
  series: z.string().nullable(),
  number: z.number().int().nullable(),
});
export type RefNumberAnswer = z.infer<typeof refNumberAnswer>;

export const collectorList = z.object({ data: z.array(collectorRef) });

/** The closing report: books and their gaps (unused numbers below the last one written, or all unused of a closed or lost book). */
export const receiptBookGapsQuery = z.object({
  status: receiptBookListQuery.shape.status,
  collectorId: optionalId,
  series: z.string().trim().max(20).optional(),
  startDate: isoDate.optional().or(z.literal('').transform(() => undefined)),
  endDate: isoDate.optional().or(z.literal('').transform(() => undefined)),
});
export const receiptBookGapRow = z.object({
  bookId: z.number().int(),
  series: z.string(),
  firstNumber: z.number().int(),
  lastNumber: z.number().int(),
  collector: z.string(),
  issueDate: isoDate,
  status: receiptBookStatus,
  usedCount: z.number().int(),
  voidedCount: z.number().int(),
  unusedCount: z.number().int(),
  gaps: z.array(numberRange),
  gapCount: z.number().int(),
});
export type ReceiptBookGapRow = z.infer<typeof receiptBookGapRow>;
export const receiptBookGaps = z.object({ rows: z.array(receiptBookGapRow), totalGaps: z.number().int() });
export type ReceiptBookGaps = z.infer<typeof receiptBookGaps>;
