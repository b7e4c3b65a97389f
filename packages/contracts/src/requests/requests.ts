// Staff requests (/requests, the spec's `request` calls): a request for money or goods (purchase, expense,
// cash advance, repair, other) by a requester for a branch and department, with lines (description,
// quantity, estimated unit amount) or one amount. Draft -> Submitted (takes its gapless reference
// REQ-<year>-nnnnn) -> FirstApproved (normal-approve, e.g. the department head) -> Approved (approve, e.g.
// finance) -> Fulfilled (turned into a purchase order or a purchase); Rejected at either step with a reason.
import { id, isoDate, listQuery, money, moneyTotal, page, trimmed, whenValid, z } from '../common/validation.ts';
import { optionalId } from '../billing/fields.ts';
import { positiveQuantity } from '../items/items.ts';
import { nullableText } from '../settings/fields.ts';
import { rangeIsOrdered, rangeIsShortEnough, rangeIssue, rangeTooLongIssue } from '../finance-reports/common.ts';

export const requestTypeValues = ['purchase', 'expense', 'cash-advance', 'repair', 'other'] as const;
export type RequestType = (typeof requestTypeValues)[number];
export const requestStatusValues = ['Draft', 'Submitted', 'FirstApproved', 'Approved', 'Rejected', 'Fulfilled'] as const;
export type RequestStatus = (typeof requestStatusValues)[number];
/** What an approved request became (a purchase order, a vendor bill or a cash purchase). */
export const requestOutcomeKindValues = ['purchase-order', 'bill', 'cash'] as const;
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
export const requestDetail = request.extend({ lines: z.array(requestLine) });
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
