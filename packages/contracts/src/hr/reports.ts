// HR reports (/hr-report): payroll report (a run by employee and by department), loan report, advances report
// (advanced-report), employee loan report (one employee's loans and advances with their repayments and
// schedule) and personal report (an employee's file, pay history, loans and payslips). Each answers JSON, or
// its CSV/XLSX file at <path>/export.
import { id, int, isoDate, money, whenValid, z } from '../common/validation.ts';
import { loanDetail, loanRow, loanStatusValues, payrollRunRow, payslipRow, payrollTotals } from './payroll.ts';
import { allowanceRow, salaryRow } from './employees.ts';

export const payrollReportQuery = z.object({ runId: id });
export const payrollReport = z.object({
  run: payrollRunRow,
  rows: z.array(payslipRow),
  departments: z.array(z.object({ department: z.string(), employees: z.number().int(), gross: money, tax: money, deductions: money, net: money })),
  totals: payrollTotals,
});
export type PayrollReport = z.infer<typeof payrollReport>;

export const loanReportQuery = z.object({ status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(loanStatusValues).optional()) });
export const loanReport = z.object({ rows: z.array(loanRow), totals: z.object({ amount: money, repaid: money, balance: money }) });
export type LoanReport = z.infer<typeof loanReport>;

export const employeeReportQuery = z.object({ employeeId: id });
export const employeeLoanReport = z.object({ employee: z.object({ id: z.number().int(), number: z.string(), name: z.string() }), loans: z.array(loanDetail) });
export type EmployeeLoanReport = z.infer<typeof employeeLoanReport>;

export const personalReport = z.object({
  employee: z.object({
    id: z.number().int(),
    number: z.string(),
    name: z.string(),
    department: z.string().nullable(),
    jobTitle: z.string().nullable(),
    hireDate: z.string(),
    status: z.string(),
    phone: z.string().nullable(),
    paymentMethod: z.string(),
  }),
  salaries: z.array(salaryRow),
  allowances: z.array(allowanceRow),
  loans: z.array(loanRow),
  payslips: z.array(payslipRow.extend({ runId: z.number().int(), runNumber: z.string(), period: z.string(), status: z.string() })),
});
export type PersonalReport = z.infer<typeof personalReport>;

// Headcount by department (and sub-section): who is Active, On leave, Suspended and Terminated today, who
// was hired and who left between `from` and `to`, and the current staff (not terminated) by sex.
const optionalId = z.preprocess((v) => (v === '' || v === '0' ? undefined : v), id.optional());
export const headcountReportQuery = z
  .object({ from: isoDate, to: isoDate, departmentId: optionalId })
  .refine((q) => q.to >= q.from, { ...whenValid('from', 'to'), path: ['to'], message: 'v.dateRange' });
const headcountFigures = {
  active: z.number().int(),
  onLeave: z.number().int(),
  suspended: z.number().int(),
  terminated: z.number().int(),
  total: z.number().int(),
  hires: z.number().int(),
  leavers: z.number().int(),
  male: z.number().int(),
  female: z.number().int(),
};
export const headcountRow = z.object({
  departmentId: z.number().int(),
  department: z.string(),
  subSectionId: z.number().int().nullable(),
  subSection: z.string().nullable(),
  ...headcountFigures,
});
export type HeadcountRow = z.infer<typeof headcountRow>;
export const headcountReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(headcountRow),
  departments: z.array(z.object({ departmentId: z.number().int(), department: z.string(), ...headcountFigures })),
  totals: z.object(headcountFigures),
});
export type HeadcountReport = z.infer<typeof headcountReport>;

// Leave balances of a year: per employee (not terminated) and leave type, accrued (by the hire date, as the
// employee's page counts it), taken (approved), pending and remaining.
export const leaveBalanceReportQuery = z.object({
  year: int(1900, 2999),
  departmentId: optionalId,
  leaveTypeId: optionalId,
});
export const leaveBalanceReportRow = z.object({
  employeeId: z.number().int(),
  employeeNumber: z.string(),
  employeeName: z.string(),
  department: z.string(),
  leaveTypeId: z.number().int(),
  leaveType: z.string(),
  accrued: z.string(),
  taken: z.string(),
  pending: z.string(),
  remaining: z.string(),
});
export type LeaveBalanceReportRow = z.infer<typeof leaveBalanceReportRow>;
export const leaveBalanceReport = z.object({
  year: z.number().int(),
  rows: z.array(leaveBalanceReportRow),
  totals: z.object({ accrued: z.string(), taken: z.string(), pending: z.string(), remaining: z.string() }),
});
export type LeaveBalanceReport = z.infer<typeof leaveBalanceReport>;
