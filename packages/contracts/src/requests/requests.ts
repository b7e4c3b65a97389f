// Staff requests (/requests, the spec's `request` calls): a request for money or goods (purchase, expense,
// cash advance, repair, other) by a requester for a branch and department, with lines (description,
// quantity, estimated unit amount) or one amount. Draft -> Submitted (takes its gapless reference
// REQ-<year>-nnnnn) -> FirstApproved (normal-approve, e.g. the department head) -> Approved (approve, e.g.
// finance) -> Fulfilled (turned into a purchase order or a purchase); Rejected at either step with a reason.
import { id, isoDate, listQuery, money, moneyTotal, page, trimmed, whenValid, z } from '../common/validation.ts';
import { optionalId } from '../billing/fields.ts';
import { positiveQuantity } from '../items/items.ts';
import { nullableText } from '../settings/fields.ts';
import { paymentCancelBody } from '../payments/fields.ts';
import { accountRef, positiveAmount } from '../treasury/fields.ts';
import { transactionFileMimes } from '../treasury/attachments.ts';
import { rangeIsOrdered, rangeIsShortEnough, rangeIssue, rangeTooLongIssue } from '../finance-reports/common.ts';

export const requestTypeValues = ['purchase', 'expense', 'cash-advance', 'repair', 'other'] as const;
export type RequestType = (typeof requestTypeValues)[number];
export const requestStatusValues = ['Draft', 'Submitted', 'FirstApproved', 'Approved', 'Rejected', 'Fulfilled'] as const;
export type RequestStatus = (typeof requestStatusValues)[number];
/** What an approved request became (a purchase order, a vendor bill, a cash purchase or a payment). */
export const requestOutcomeKindValues = ['purchase-order', 'bill', 'cash', 'payment'] as const;
export type RequestOutcomeKind = (typeof requestOutcomeKindValues)[number];
export const MAX_REQUEST_LINES = 50;

const blankDate = isoDate.optional().or(z.literal('').transform(() => undefined));
const blankMoney = money.optional().or(z.literal('').transform(() => undefined));

export const requestLineBody = z.object({
  description: trimmed(300),
  quantity: positiveQuantity,
  unitAmount: money.refine((v) => !v.startsWith('-'), 'requests.amountNotNegative'),
});
export type RequestLineBody = z.input<typeof requestLineBody>;

/** POST /api/request and PUT /api/request/:id (a draft): lines, or one amount when there are none. */
export const requestBody = z
  .object({
    type: z.enum(requestTypeValues),
    branchId: id,
    department: nullableText(120),
    purpose: trimmed(1000),
    neededBy: blankDate,
    amount: blankMoney,
    lines: z.array(requestLineBody).max(MAX_REQUEST_LINES).default([]),
  })
  .refine((b) => b.lines.length > 0 || (b.amount !== undefined && Number(b.amount) > 0), {
    ...whenValid('amount', 'lines'),
    path: ['amount'],
    message: 'requests.amountOrLines',
  });
export type RequestBody = z.input<typeof requestBody>;

export const requestRejectBody = z.object({ reason: trimmed(500) });
export type RequestRejectBody = z.input<typeof requestRejectBody>;

export const requestLine = z.object({
  position: z.number().int(),
  description: z.string(),
  quantity: z.string(),
  unitAmount: moneyTotal,
  amount: moneyTotal,
});
export type RequestLine = z.infer<typeof requestLine>;

const step = z.object({ byId: z.number().int().nullable(), byName: z.string().nullable(), at: z.string().nullable() });
export type RequestStep = z.infer<typeof step>;

export const request = z.object({
  id: z.number().int(),
  refNo: z.string().nullable(),
  type: z.enum(requestTypeValues),
  status: z.enum(requestStatusValues),
  requesterId: z.number().int(),
  requesterName: z.string(),
  branchId: z.number().int(),
  branchName: z.string(),
  department: z.string().nullable(),
  purpose: z.string(),
  neededBy: z.string().nullable(),
  amount: moneyTotal,
  createdAt: z.string(),
  submitted: step,
  firstApproved: step,
  approved: step,
  rejected: step.extend({ stage: z.enum(['first', 'final']).nullable(), reason: z.string().nullable() }),
  fulfilled: step.extend({
    kind: z.enum(requestOutcomeKindValues).nullable(),
    documentId: z.number().int().nullable(),
    number: z.string().nullable(),
  }),
});
export type Request = z.infer<typeof request>;

/** Series of request payments (RP-000001): money paid out for an approved request. */
export const REQUEST_PAYMENT_SERIES = 'RP';

/**
 * POST /api/request/:id/pay: the approved amount (or less) paid from a cash, bank or mobile-money account,
 * debited to an expense account (or, for a cash advance, an advance or receivable account).
 */
export const requestPayBody = z.object({
  date: isoDate,
  amount: positiveAmount,
  accountId: id,
  debitAccountId: id,
  memo: nullableText(500),
});
export type RequestPayBody = z.input<typeof requestPayBody>;

/** POST /api/request/payments/:id/cancel: why, and the reversal's date (default: the payment's). */
export const requestPaymentCancelBody = paymentCancelBody;
export type RequestPaymentCancelBody = z.input<typeof requestPaymentCancelBody>;

export const requestPayment = z.object({
  id: z.number().int(),
  number: z.string(),
  date: z.string(),
  amount: moneyTotal,
  account: accountRef,
  debitAccount: accountRef,
  memo: z.string().nullable(),
  status: z.enum(['Posted', 'Cancelled']),
  entryId: z.number().int(),
  entryNumber: z.string(),
  reversalEntryId: z.number().int().nullable(),
  reversalNumber: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  cancelledByName: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type RequestPayment = z.infer<typeof requestPayment>;

/** GET /api/request/pay-choices: the accounts money is paid from, and the accounts a payment may be charged to. */
export const requestPayChoices = z.object({
  payingAccounts: z.array(accountRef),
  /** Expense accounts (any request) and advance or receivable accounts (a cash advance). */
  debitAccounts: z.array(accountRef.extend({ use: z.enum(['expense', 'advance']) })),
  /** The employee advances account, proposed for a cash advance. */
  advanceAccountId: z.number().int().nullable(),
});
export type RequestPayChoices = z.infer<typeof requestPayChoices>;

export const requestDetail = request.extend({ lines: z.array(requestLine), payments: z.array(requestPayment) });
export type RequestDetail = z.infer<typeof requestDetail>;

const yesNo = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const requestListQuery = listQuery.extend({
  status: z
    .enum(requestStatusValues)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  type: z
    .enum(requestTypeValues)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  branchId: optionalId,
  department: z.string().trim().max(120).optional(),
  from: blankDate,
  to: blankDate,
  /** Only the caller's own requests. */
  mine: yesNo,
});
export type RequestListQuery = z.input<typeof requestListQuery>;
export const requestPage = page(request);

/** GET /api/request/choices: the active branches and the departments already named, for the request form and filters. */
export const requestChoices = z.object({
  branches: z.array(z.object({ id: z.number().int(), name: z.string() })),
  departments: z.array(z.string()),
});
export type RequestChoices = z.infer<typeof requestChoices>;

/** GET /api/request/generate-ref-no: the reference the next submission would take (nothing is taken). */
export const requestRefNo = z.object({ refNo: z.string(), year: z.number().int() });

/** A request's reference: REQ-2026-00042 (five digits at least). */
export function formatRequestRef(year: number, no: number): string {
  return `REQ-${year}-${String(no).padStart(5, '0')}`;
}

// GET /api/request/report (request-report): requests dated (created) in a period, grouped by status, type,
// department, branch or month: how many, the amount requested, and the amount approved (requests that
// passed the final approval: Approved or Fulfilled).
export const requestReportGroupByValues = ['status', 'type', 'department', 'branch', 'month'] as const;
export type RequestReportGroupBy = (typeof requestReportGroupByValues)[number];

export const requestReportQuery = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    groupBy: z.enum(requestReportGroupByValues).default('status'),
    status: z
      .enum(requestStatusValues)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    type: z
      .enum(requestTypeValues)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    branchId: optionalId,
    department: z.string().trim().max(120).optional(),
  })
  .refine(rangeIsOrdered, rangeIssue)
  .refine(rangeIsShortEnough, rangeTooLongIssue);
export type RequestReportQuery = z.input<typeof requestReportQuery>;

export const requestReportRow = z.object({
  key: z.string(),
  label: z.string(),
  requests: z.number().int(),
  requested: moneyTotal,
  approved: moneyTotal,
});
export type RequestReportRow = z.infer<typeof requestReportRow>;

export const requestReport = z.object({
  startDate: z.string(),
  endDate: z.string(),
  groupBy: z.enum(requestReportGroupByValues),
  rows: z.array(requestReportRow),
  totals: z.object({ requests: z.number().int(), requested: moneyTotal, approved: moneyTotal }),
});
export type RequestReport = z.infer<typeof requestReport>;

// Attachments: a scan, a photo or a PDF (a quotation, an invoice) on a request, with the rules of journal
// entry attachments: type from the bytes (PDF, PNG, JPEG, WEBP, CSV, XLSX), 2 MiB, a safe file name.
/** Most files one request may carry. */
export const REQUEST_FILES_PER_REQUEST = 20;
export const requestFile = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  filename: z.string(),
  mime: z.enum(transactionFileMimes),
  size: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type RequestFile = z.infer<typeof requestFile>;
export const requestFileList = z.object({ data: z.array(requestFile) });
