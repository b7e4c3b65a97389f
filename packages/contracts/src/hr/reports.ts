// HR reports (/hr-report): payroll report (a run by employee and by department), loan report, advances report
// (advanced-report), employee loan report (one employee's loans and advances with their repayments and
// schedule) and personal report (an employee's file, pay history, loans and payslips). Each answers JSON, or
// its CSV/XLSX file at <path>/export.
import { id, money, z } from '../common/validation.ts';
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
