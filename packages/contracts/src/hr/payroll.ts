// Payroll (issue 16 part 2): employee loans and salary advances (paid out from a money account, posted as the
// employee's open item, recovered by payroll or repaid early), payroll adjustments (one-off bonuses and
// deductions per employee and period), payroll runs (preview, draft, approve, pay, cancel) and payslips.
import Decimal from 'decimal.js';
import { id, isoDate, MONTH_PATTERN, money, page, trimmed, whenValid, z } from '../common/validation.ts';
import { nullableText } from '../settings/fields.ts';

export const LOAN_SERIES = 'LN';
export const ADVANCE_SERIES = 'ADV';
export const PAYROLL_SERIES = 'PR';

export const payPeriod = z.string().trim().regex(MONTH_PATTERN, 'v.period');
const positive = money.refine((v) => !v.startsWith('-') && /[1-9]/.test(v), 'v.positive');
const optionalPeriod = z.preprocess((v) => (v === '' || v === undefined ? null : v), payPeriod.nullable());
const optionalId = z.preprocess((v) => (v === '' || v === '0' || v === undefined ? undefined : v), id.optional());

export const loanKindValues = ['loan', 'advance'] as const;
export type LoanKind = (typeof loanKindValues)[number];
export const loanStatusValues = ['Open', 'Repaid', 'Cancelled'] as const;

/** A loan: paid out on a date from a money account, recovered by a monthly instalment from its first period (default: the month after). */
export const loanBody = z
  .object({
    employeeId: id,
    date: isoDate,
    amount: positive,
    instalment: positive,
    firstPeriod: optionalPeriod,
    accountId: id,
    memo: nullableText(500),
  })
  .superRefine(
    (v, ctx) => {
      if (new Decimal(v.instalment).gt(v.amount)) ctx.addIssue({ code: 'custom', message: 'hr.instalmentOverAmount', path: ['instalment'] });
    },
    whenValid('amount', 'instalment'),
  )
  .superRefine(
    (v, ctx) => {
      if (v.firstPeriod && v.firstPeriod < v.date.slice(0, 7)) ctx.addIssue({ code: 'custom', message: 'hr.firstPeriodBeforeLoan', path: ['firstPeriod'] });
    },
    whenValid('date', 'firstPeriod'),
  );
export type LoanBody = z.input<typeof loanBody>;

/** A salary advance: paid out on a date, recovered in full by the next payroll (the advance's month or later). */
export const advanceBody = z.object({ employeeId: id, date: isoDate, amount: positive, accountId: id, memo: nullableText(500) });
export type AdvanceBody = z.input<typeof advanceBody>;

/** Early repayment: the employee pays back (part of) the balance into a money account. */
export const repaymentBody = z.object({ date: isoDate, amount: positive, accountId: id });
export type RepaymentBody = z.input<typeof repaymentBody>;

export const loanListQuery = z.object({
  _page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  _limit: z.coerce.number().int().min(1).max(1000).default(100),
  employeeId: optionalId,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(loanStatusValues).optional()),
});
export type LoanListQuery = z.input<typeof loanListQuery>;

export const loanRow = z.object({
  id: z.number().int(),
  kind: z.enum(loanKindValues),
  number: z.string(),
  employeeId: z.number().int(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  date: z.string(),
  amount: money,
  instalment: money,
  firstPeriod: z.string(),
  repaid: money,
  balance: money,
  status: z.enum(loanStatusValues),
  memo: z.string().nullable(),
});
export type LoanRow = z.infer<typeof loanRow>;
export const loanPage = page(loanRow).extend({ totals: z.object({ amount: money, repaid: money, balance: money }) });

export const repaymentRow = z.object({
  id: z.number().int(),
  kind: z.enum(['early', 'payroll']),
  date: z.string(),
  amount: money,
  account: z.string().nullable(),
  runNumber: z.string().nullable(),
  status: z.enum(['Posted', 'Cancelled']),
});
/** One instalment of the plan: its period, the amount due and the balance after it. */
export const scheduleRow = z.object({ period: z.string(), amount: money, balanceAfter: money, recovered: z.boolean() });
export const loanDetail = loanRow.extend({
  account: z.string(),
  entryNumber: z.string().nullable(),
  repayments: z.array(repaymentRow),
  schedule: z.array(scheduleRow),
});
export type LoanDetail = z.infer<typeof loanDetail>;

/** The monthly plan of what remains: the instalment each period from max(first period, next unrecovered) until repaid. */
export function loanSchedule(balance: string, instalment: string, fromPeriod: string): { period: string; amount: string; balanceAfter: string }[] {
  const out: { period: string; amount: string; balanceAfter: string }[] = [];
  let left = new Decimal(balance);
  let [y, m] = fromPeriod.split('-').map(Number);
  while (left.gt(0) && out.length < 600) {
    const amount = Decimal.min(left, instalment);
    left = left.minus(amount);
    out.push({ period: `${y}-${String(m).padStart(2, '0')}`, amount: amount.toFixed(2), balanceAfter: left.toFixed(2) });
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

// ---- payroll adjustments ---------------------------------------------------------------------------

export const adjustmentKindValues = ['bonus', 'deduction'] as const;
export type AdjustmentKind = (typeof adjustmentKindValues)[number];

export const adjustmentBody = z.object({
  employeeId: id,
  period: payPeriod,
  kind: z.enum(adjustmentKindValues, 'v.required'),
  typeId: id,
  amount: positive,
  note: nullableText(500),
});
export type AdjustmentBody = z.input<typeof adjustmentBody>;

/** The grid for a department: one type and period, an amount per employee (blank rows are skipped by the page). */
export const adjustmentBatchBody = z.object({
  period: payPeriod,
  kind: z.enum(adjustmentKindValues, 'v.required'),
  typeId: id,
  rows: z
    .array(z.object({ employeeId: id, amount: positive, note: nullableText(500) }))
    .min(1, 'hr.noRows')
    .max(2000),
});
export type AdjustmentBatchBody = z.input<typeof adjustmentBatchBody>;

export const adjustmentListQuery = z.object({
  _page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  _limit: z.coerce.number().int().min(1).max(2000).default(100),
  period: z.preprocess((v) => (v === '' ? undefined : v), payPeriod.optional()),
  employeeId: optionalId,
  departmentId: optionalId,
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(adjustmentKindValues).optional()),
});
export type AdjustmentListQuery = z.input<typeof adjustmentListQuery>;

export const adjustmentRow = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  department: z.string(),
  period: z.string(),
  kind: z.enum(adjustmentKindValues),
  typeId: z.number().int(),
  type: z.string(),
  amount: money,
  note: z.string().nullable(),
  status: z.enum(['Active', 'Cancelled']),
  /** The run that took it (a live one), or null. */
  runNumber: z.string().nullable(),
});
export type AdjustmentRow = z.infer<typeof adjustmentRow>;
export const adjustmentPage = page(adjustmentRow);
export const adjustmentBatchResult = z.object({ created: z.number().int(), rows: z.array(adjustmentRow) });

/** What the payroll screens pick from: the money accounts, the bonus and deduction types, employees and departments. */
export const payrollChoices = z.object({
  payingAccounts: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  bonusTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  deductionTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
  employees: z.array(z.object({ id: z.number().int(), number: z.string(), name: z.string(), departmentId: z.number().int() })),
});
export type PayrollChoices = z.infer<typeof payrollChoices>;

// ---- payroll runs ------------------------------------------------------------------------------------

export const payrollRunStatusValues = ['Generating', 'Draft', 'Approved', 'Paid', 'Cancelled'] as const;
export type PayrollRunStatus = (typeof payrollRunStatusValues)[number];
export const payrollExceptionValues = ['noSalary', 'negativeNet', 'noPaymentDetails', 'currency'] as const;

export const payrollScope = z.object({
  period: payPeriod,
  departmentId: z.preprocess((v) => (v === '' || v === '0' || v === undefined ? null : v), id.nullable()),
});
export type PayrollScope = z.input<typeof payrollScope>;

export const payslipRow = z.object({
  employeeId: z.number().int(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  department: z.string(),
  paymentMethod: z.string(),
  daysPaid: z.number().int(),
  daysInPeriod: z.number().int(),
  basic: money,
  allowances: money,
  bonuses: money,
  gross: money,
  taxable: money,
  tax: money,
  deductions: money,
  loanRecovery: money,
  advanceRecovery: money,
  /** What rounding net pay to the HR settings' unit added (negative: took off). */
  rounding: money,
  net: money,
});
export type PayslipRow = z.infer<typeof payslipRow>;
export const payrollException = z.object({
  employeeId: z.number().int(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  reason: z.enum(payrollExceptionValues),
  message: z.string(),
});
export const payrollTotals = z.object({
  employees: z.number().int(),
  basic: money,
  allowances: money,
  bonuses: money,
  gross: money,
  tax: money,
  deductions: money,
  loanRecovery: money,
  advanceRecovery: money,
  rounding: money,
  net: money,
});
export const payrollPreview = z.object({
  period: z.string(),
  departmentId: z.number().int().nullable(),
  rows: z.array(payslipRow),
  exceptions: z.array(payrollException),
  totals: payrollTotals,
});
export type PayrollPreview = z.infer<typeof payrollPreview>;

export const payrollRunRow = z.object({
  id: z.number().int(),
  number: z.string(),
  period: z.string(),
  department: z.string().nullable(),
  status: z.enum(payrollRunStatusValues),
  employees: z.number().int(),
  gross: money,
  tax: money,
  deductions: money,
  net: money,
  generatedBy: z.string().nullable(),
  generatedAt: z.string(),
  approvedBy: z.string().nullable(),
  paidBy: z.string().nullable(),
  payDate: z.string().nullable(),
});
export type PayrollRunRow = z.infer<typeof payrollRunRow>;
export const payrollRunPage = page(payrollRunRow);
export const payrollRunListQuery = z.object({
  _page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  _limit: z.coerce.number().int().min(1).max(1000).default(100),
  period: z.preprocess((v) => (v === '' ? undefined : v), payPeriod.optional()),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(payrollRunStatusValues).optional()),
});
export const payrollRunDetail = payrollRunRow.extend({
  departmentId: z.number().int().nullable(),
  generatedById: z.number().int(),
  approveEntry: z.string().nullable(),
  payEntry: z.string().nullable(),
  payAccount: z.string().nullable(),
  cancelReason: z.string().nullable(),
  rows: z.array(payslipRow),
  exceptions: z.array(payrollException),
  totals: payrollTotals,
});
export type PayrollRunDetail = z.infer<typeof payrollRunDetail>;
export const payrollJobAccepted = z.object({ jobId: z.number().int() });
export const payrollJob = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  processed: z.number().int(),
  total: z.number().int(),
  runId: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type PayrollJob = z.infer<typeof payrollJob>;
export const payrollPayBody = z.object({ date: isoDate, accountId: id });
export type PayrollPayBody = z.input<typeof payrollPayBody>;
export const payrollCancelBody = z.object({ reason: trimmed(500) });
export type PayrollCancelBody = z.input<typeof payrollCancelBody>;

// Sending a run's payslips (an approved or paid run): by e-mail (the payslip PDF attached) or by SMS (the
// net pay in one line), in the language chosen (else the caller's), to each employee with an address.
export const payslipChannelValues = ['email', 'sms'] as const;
export type PayslipChannel = (typeof payslipChannelValues)[number];
export const payslipSkipReasonValues = ['no_email', 'invalid_email', 'no_phone', 'invalid_phone', 'already_sent'] as const;
export const sendPayslipsBody = z.object({
  channel: z.enum(payslipChannelValues, 'v.required'),
  language: z.enum(['en', 'so'], 'v.required').optional(),
});
export const sendPayslipsResult = z.object({
  channel: z.enum(payslipChannelValues),
  sent: z.number().int(),
  skipped: z.array(
    z.object({
      employeeId: z.number().int(),
      employeeNumber: z.string(),
      employeeName: z.string(),
      reason: z.enum(payslipSkipReasonValues),
    }),
  ),
});
export type SendPayslipsResult = z.infer<typeof sendPayslipsResult>;
