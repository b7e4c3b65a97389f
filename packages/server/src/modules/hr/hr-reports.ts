// HR reports (/hr-report): each builds its JSON from the module's services and, for the export, one
// ReportTable (finance-reports' CSV/XLSX writer).
import { sql } from 'drizzle-orm';
import { type EmployeeLoanReport, type LoanKind, type LoanReport, type PayrollReport, type PersonalReport, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { dec } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../plugins/errors.ts';
import type { ReportColumn, ReportTable } from '../finance-reports/index.ts';
import { getEmployee } from './employees.ts';
import { getLoan, listLoans } from './loans.ts';
import { getPayrollRun, runPayslips } from './payroll-run.ts';

const ALL = 1_000_000;

export async function payrollReport(opts: { tx: Db; actor: Actor; runId: number }): Promise<PayrollReport> {
  const run = await getPayrollRun({ tx: opts.tx, actor: opts.actor, id: opts.runId });
  const byDept = new Map<string, { department: string; employees: number; gross: string; tax: string; deductions: string; net: string }>();
  for (const r of run.rows) {
    const d = byDept.get(r.department) ?? { department: r.department, employees: 0, gross: '0.00', tax: '0.00', deductions: '0.00', net: '0.00' };
    d.employees += 1;
    d.gross = dec(d.gross).plus(r.gross).toFixed(2);
    d.tax = dec(d.tax).plus(r.tax).toFixed(2);
    d.deductions = dec(d.deductions).plus(r.deductions).plus(r.loanRecovery).plus(r.advanceRecovery).toFixed(2);
    d.net = dec(d.net).plus(r.net).toFixed(2);
    byDept.set(r.department, d);
  }
  const { rows, totals, exceptions: _e, departmentId: _d, generatedById: _g, approveEntry: _a, payEntry: _p, payAccount: _pa, cancelReason: _c, ...head } = run;
  return { run: head, rows, departments: [...byDept.values()].sort((a, b) => a.department.localeCompare(b.department)), totals };
}

export async function loanReport(opts: { tx: Db; kind: LoanKind; status?: 'Open' | 'Repaid' | 'Cancelled' }): Promise<LoanReport> {
  const page = await listLoans({ tx: opts.tx, kind: opts.kind, query: { _page: 1, _limit: ALL, status: opts.status } });
  return { rows: page.data, totals: page.totals };
}

export async function employeeLoanReport(opts: { tx: Db; actor: Actor; employeeId: number }): Promise<EmployeeLoanReport> {
  const { tx, actor, employeeId } = opts;
  const [e] = await queryRows<{ id: number; number: string; name: string }>(
    tx,
    sql`select id, number, concat_ws(' ', first_name, middle_name, last_name) as name from employees where id = ${employeeId}`,
  );
  if (!e) throw notFound();
  const ids = await queryRows<{ id: number; kind: LoanKind }>(tx, sql`select id, kind from hr_loans where employee_id = ${employeeId} order by date, id`);
  const loans = [];
  for (const l of ids) loans.push(await getLoan({ tx, actor, id: Number(l.id), kind: l.kind }));
  return { employee: { id: Number(e.id), number: e.number, name: e.name }, loans };
}

export async function personalReport(opts: { tx: Db; actor: Actor; employeeId: number }): Promise<PersonalReport> {
  const { tx, employeeId } = opts;
  const e = await getEmployee({ tx, id: employeeId });
  const loans = [
    ...(await listLoans({ tx, kind: 'loan', query: { _page: 1, _limit: ALL, employeeId } })).data,
    ...(await listLoans({ tx, kind: 'advance', query: { _page: 1, _limit: ALL, employeeId } })).data,
  ];
  const runs = await queryRows<{ id: number; number: string; period: string; status: string }>(
    tx,
    sql`select distinct r.id, r.number, r.period, r.status from hr_payslips s join hr_payroll_runs r on r.id = s.run_id
        where s.employee_id = ${employeeId} order by r.period desc, r.id desc`,
  );
  const payslips = [];
  for (const r of runs) {
    const [slip] = await runPayslips(tx, Number(r.id), employeeId);
    if (slip) payslips.push({ ...slip, runId: Number(r.id), runNumber: r.number, period: r.period, status: r.status });
  }
  return {
    employee: {
      id: e.id,
      number: e.number,
      name: e.name,
      department: e.department?.name ?? null,
      jobTitle: e.jobTitle?.name ?? null,
      hireDate: e.hireDate,
      status: e.status,
      phone: e.phone,
      paymentMethod: e.paymentMethod,
    },
    salaries: e.salaries,
    allowances: e.allowances,
    loans,
    payslips,
  };
}

// ---- export tables -----------------------------------------------------------------------------------

const col = (key: string, header: string, kind: ReportColumn['kind'] = 'text'): ReportColumn => ({ key, header, kind });

async function orgName(tx: Db, clientId: number) {
  const [r] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${clientId}`);
  return r?.name ?? '';
}

export async function payrollReportTable(tx: Db, actor: Actor, report: PayrollReport): Promise<ReportTable> {
  const t = (k: string) => translate(k, actor.lang);
  return {
    title: `${t('hr.report.payroll')} ${report.run.number}`,
    subtitle: [await orgName(tx, actor.clientId), `${t('hr.slip.period')}: ${report.run.period}`],
    columns: [
      col('employeeNumber', t('hr.slip.number')),
      col('employeeName', t('hr.slip.name')),
      col('department', t('hr.slip.department')),
      col('basic', t('hr.slip.basic'), 'money'),
      col('allowances', t('hr.slip.allowances'), 'money'),
      col('bonuses', t('hr.slip.bonuses'), 'money'),
      col('gross', t('hr.slip.gross'), 'money'),
      col('tax', t('hr.slip.tax'), 'money'),
      col('deductions', t('hr.slip.otherDeductions'), 'money'),
      col('loanRecovery', t('hr.slip.loan'), 'money'),
      col('advanceRecovery', t('hr.slip.advance'), 'money'),
      col('net', t('hr.slip.net'), 'money'),
    ],
    rows: [
      ...report.rows.map((r) => ({ cells: { ...r } as Record<string, string | number | null> })),
      { style: 'total' as const, cells: { employeeName: t('hr.report.total'), ...report.totals, employees: null } },
    ],
    fileName: `payroll-report-${report.run.number}`,
  };
}

export async function loanReportTable(tx: Db, actor: Actor, kind: LoanKind, report: LoanReport): Promise<ReportTable> {
  const t = (k: string) => translate(k, actor.lang);
  return {
    title: t(kind === 'loan' ? 'hr.report.loans' : 'hr.report.advances'),
    subtitle: [await orgName(tx, actor.clientId)],
    columns: [
      col('number', t('hr.slip.number')),
      col('employeeNumber', t('hr.slip.employee')),
      col('employeeName', t('hr.slip.name')),
      col('date', t('hr.report.date'), 'date'),
      col('amount', t('hr.report.amount'), 'money'),
      col('instalment', t('hr.slip.loan'), 'money'),
      col('repaid', t('hr.report.repaid'), 'money'),
      col('balance', t('hr.report.balance'), 'money'),
      col('status', t('hr.slip.status')),
    ],
    rows: [
      ...report.rows.map((r) => ({ cells: { ...r, status: t(`hr.loanStatus.${r.status}`) } as Record<string, string | number | null> })),
      { style: 'total' as const, cells: { employeeName: t('hr.report.total'), ...report.totals } },
    ],
    fileName: kind === 'loan' ? 'loan-report' : 'advances-report',
  };
}

export async function employeeLoanTable(tx: Db, actor: Actor, report: EmployeeLoanReport): Promise<ReportTable> {
  const t = (k: string) => translate(k, actor.lang);
  const rows = report.loans.flatMap((l) => [
    { style: 'heading' as const, cells: { loan: l.number, period: l.date, amount: l.amount, balanceAfter: l.balance } },
    ...l.schedule.map((s) => ({
      cells: {
        loan: l.number,
        period: s.period,
        amount: s.amount,
        balanceAfter: s.balanceAfter,
        state: t(s.recovered ? 'hr.report.recovered' : 'hr.report.due'),
      },
    })),
  ]);
  return {
    title: t('hr.report.employeeLoans'),
    subtitle: [await orgName(tx, actor.clientId), `${report.employee.number} ${report.employee.name}`],
    columns: [
      col('loan', t('hr.slip.number')),
      col('period', t('hr.slip.period')),
      col('amount', t('hr.report.amount'), 'money'),
      col('balanceAfter', t('hr.report.balance'), 'money'),
      col('state', t('hr.slip.status')),
    ],
    rows,
    fileName: `employee-loans-${report.employee.number}`,
  };
}

export async function personalTable(tx: Db, actor: Actor, report: PersonalReport): Promise<ReportTable> {
  const t = (k: string) => translate(k, actor.lang);
  return {
    title: t('hr.report.personal'),
    subtitle: [await orgName(tx, actor.clientId), `${report.employee.number} ${report.employee.name}`, report.employee.department ?? ''],
    columns: [
      col('period', t('hr.slip.period')),
      col('runNumber', t('hr.slip.run')),
      col('gross', t('hr.slip.gross'), 'money'),
      col('tax', t('hr.slip.tax'), 'money'),
      col('net', t('hr.slip.net'), 'money'),
      col('status', t('hr.slip.status')),
    ],
    rows: report.payslips.map((p) => ({
      cells: { period: p.period, runNumber: p.runNumber, gross: p.gross, tax: p.tax, net: p.net, status: t(`hr.run.${p.status}`) },
    })),
    fileName: `personal-report-${report.employee.number}`,
  };
}
