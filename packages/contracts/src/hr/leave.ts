// Leave (/hr-settings/leaves): requests with dates and a type, approval (privilege leaves), and balances per
// type and year (accrued, taken, pending, remaining). Days are the working days in the range.
import { id, isoDate, listQuery, page, whenValid, z } from '../common/validation.ts';
import { nullableText } from '../settings/fields.ts';

export const leaveStatusValues = ['Pending', 'Approved', 'Rejected', 'Cancelled'] as const;
export type LeaveStatus = (typeof leaveStatusValues)[number];

export const leaveRequestBody = z.object({ employeeId: id, leaveTypeId: id, startDate: isoDate, endDate: isoDate, reason: nullableText(1000) }).superRefine(
  (v, ctx) => {
    if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', message: 'hr.endBeforeStart', path: ['endDate'] });
    else if (v.endDate.slice(0, 4) !== v.startDate.slice(0, 4)) ctx.addIssue({ code: 'custom', message: 'hr.leaveOneYear', path: ['endDate'] });
  },
  whenValid('startDate', 'endDate'),
);
export type LeaveRequestBody = z.input<typeof leaveRequestBody>;

export const leaveDecisionBody = z.object({ decision: z.enum(['Approved', 'Rejected', 'Cancelled'], 'v.required'), note: nullableText(500) }).superRefine(
  (v, ctx) => {
    if (v.decision === 'Rejected' && !v.note) ctx.addIssue({ code: 'custom', message: 'hr.reasonRequired', path: ['note'] });
  },
  whenValid('decision', 'note'),
);
export type LeaveDecisionBody = z.input<typeof leaveDecisionBody>;

export const leaveRequestRow = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  leaveTypeId: z.number().int(),
  leaveType: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  days: z.string(),
  isPaid: z.boolean(),
  reason: z.string().nullable(),
  status: z.enum(leaveStatusValues),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type LeaveRequestRow = z.infer<typeof leaveRequestRow>;
export const leaveRequestPage = page(leaveRequestRow);

export const leaveListQuery = listQuery.extend({
  status: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), z.enum(leaveStatusValues).optional()),
  employeeId: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), id.optional()),
  leaveTypeId: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), id.optional()),
  year: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), z.coerce.number().int().min(1900).max(2999).optional()),
});

export const leaveBalanceRow = z.object({
  leaveTypeId: z.number().int(),
  leaveType: z.string(),
  isPaid: z.boolean(),
  /** Days earned in the year (the type's days a year, pro rata by month in the year of hire). */
  accrued: z.string(),
  taken: z.string(),
  pending: z.string(),
  /** accrued - taken (unpaid types: no limit, shown as accrued - taken all the same). */
  remaining: z.string(),
});
export type LeaveBalanceRow = z.infer<typeof leaveBalanceRow>;
export const leaveBalances = z.object({ employeeId: z.number().int(), year: z.number().int(), rows: z.array(leaveBalanceRow) });
export const leaveBalanceQuery = z.object({ year: z.coerce.number().int().min(1900).max(2999).optional() });
