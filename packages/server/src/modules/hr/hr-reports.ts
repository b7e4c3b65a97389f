// HR reports (/hr-report): each builds its JSON from the module's services and, for the export, one
// ReportTable (finance-reports' CSV/XLSX writer).
import { sql } from 'drizzle-orm';
import {
  type EmployeeLoanReport,
  type HeadcountReport,
  type HeadcountRow,
  type LeaveBalanceReport,
  type LoanKind,
  type LoanReport,
  type PayrollReport,
  type PersonalReport,
  translate,
} from '@ubo/contracts';
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

const HEADCOUNT_FIGURES = ['active', 'onLeave', 'suspended', 'terminated', 'total', 'hires', 'leavers', 'male', 'female'] as const;
type HeadcountFigures = Record<(typeof HEADCOUNT_FIGURES)[number], number>;
const noFigures = (): HeadcountFigures => ({ active: 0, onLeave: 0, suspended: 0, terminated: 0, total: 0, hires: 0, leavers: 0, male: 0, female: 0 });
const addFigures = (to: HeadcountFigures, row: HeadcountFigures) => {
  for (const k of HEADCOUNT_FIGURES) to[k] += row[k];
};

/** Headcount by department and sub-section: statuses now, hires and leavers in the period, current staff by sex. */
export async function headcountReport(opts: { tx: Db; query: { from: string; to: string; departmentId?: number } }): Promise<HeadcountReport> {
  const { tx, query } = opts;
  const rows = await queryRows<Record<string, string | number | null>>(
    tx,
    sql`select d.id as "departmentId", d.name as department, ss.id as "subSectionId", ss.name as "subSection",
          count(*) filter (where e.status = 'Active') as active,
          count(*) filter (where e.status = 'OnLeave') as "onLeave",
          count(*) filter (where e.status = 'Suspended') as suspended,
          count(*) filter (where e.status = 'Terminated') as terminated,
          count(*) as total,
          count(*) filter (where e.hire_date between ${query.from}::date and ${query.to}::date) as hires,
          count(*) filter (where e.status = 'Terminated' and e.terminated_on between ${query.from}::date and ${query.to}::date) as leavers,
          count(*) filter (where e.status <> 'Terminated' and e.sex = 'male') as male,
          count(*) filter (where e.status <> 'Terminated' and e.sex = 'female') as female
        from employees e join hr_departments d on d.id = e.department_id left join hr_sub_sections ss on ss.id = e.sub_section_id
        ${query.departmentId ? sql`where e.department_id = ${query.departmentId}` : sql``}
        group by d.id, d.name, ss.id, ss.name
        order by lower(d.name), d.id, ss.name nulls first, ss.id`,
  );
  const out: HeadcountRow[] = rows.map((r) => {
    const figures = noFigures();
    for (const k of HEADCOUNT_FIGURES) figures[k] = Number(r[k]);
    return {
      departmentId: Number(r.departmentId),
      department: String(r.department),
      subSectionId: r.subSectionId === null ? null : Number(r.subSectionId),
      subSection: r.subSection === null ? null : String(r.subSection),
      ...figures,
    };
  });
  const departments = new Map<number, { departmentId: number; department: string } & HeadcountFigures>();
  const totals = noFigures();
  for (const r of out) {
    const d = departments.get(r.departmentId) ?? { departmentId: r.departmentId, department: r.department, ...noFigures() };
    addFigures(d, r);
    departments.set(r.departmentId, d);
    addFigures(totals, r);
  }
  return { from: query.from, to: query.to, rows: out, departments: [...departments.values()], totals };
}

/**
 * Leave balances of a year for every employee still employed and every leave type (the accrual is the one the
 * employee's page shows: a full year's days, or the months from the hire month in the hire year).
 */
export async function leaveBalanceReport(opts: { tx: Db; query: { year: number; departmentId?: number; leaveTypeId?: number } }): Promise<LeaveBalanceReport> {
  const { tx, query } = opts;
  const { year } = query;
  const rows = await queryRows<{
    employeeId: number;
    employeeNumber: string;
    employeeName: string;
    department: string;
    leaveTypeId: number;
    leaveType: string;
    accrued: string;
    taken: string;
    pending: string;
  }>(
    tx,
    sql`select e.id as "employeeId", e.number as "employeeNumber", concat_ws(' ', e.first_name, e.middle_name, e.last_name) as "employeeName",
          d.name as department, t.id as "leaveTypeId", t.name as "leaveType",
          (case when extract(year from e.hire_date) > ${year} then 0
                when extract(year from e.hire_date) = ${year} then round(t.days_per_year * (13 - extract(month from e.hire_date)) / 12, 1)
                else t.days_per_year end)::numeric(6,1)::text as accrued,
          coalesce(r.taken, 0)::numeric(6,1)::text as taken,
          coalesce(r.pending, 0)::numeric(6,1)::text as pending
        from employees e
          join hr_departments d on d.id = e.department_id
          cross join hr_leave_types t
          left join (
            select employee_id, leave_type_id, sum(days) filter (where status = 'Approved') as taken, sum(days) filter (where status = 'Pending') as pending
            from leave_requests where extract(year from start_date) = ${year} and status in ('Approved', 'Pending')
            group by employee_id, leave_type_id
          ) r on r.employee_id = e.id and r.leave_type_id = t.id
        where e.status <> 'Terminated' and e.hire_date <= make_date(${year}, 12, 31)
          and (t.status = 'Active' or r.employee_id is not null)
          ${query.departmentId ? sql`and e.department_id = ${query.departmentId}` : sql``}
          ${query.leaveTypeId ? sql`and t.id = ${query.leaveTypeId}` : sql``}
        order by e.number, e.id, lower(t.name), t.id`,
  );
  const totals = { accrued: dec(0), taken: dec(0), pending: dec(0), remaining: dec(0) };
  const out = rows.map((r) => {
    const remaining = dec(r.accrued).minus(r.taken);
    totals.accrued = totals.accrued.plus(r.accrued);
    totals.taken = totals.taken.plus(r.taken);
    totals.pending = totals.pending.plus(r.pending);
    totals.remaining = totals.remaining.plus(remaining);
    return { ...r, employeeId: Number(r.employeeId), leaveTypeId: Number(r.leaveTypeId), remaining: remaining.toFixed(1) };
  });
  return {
    year,
    rows: out,
    totals: {
      accrued: totals.accrued.toFixed(1),
      taken: totals.taken.toFixed(1),
      pending: totals.pending.toFixed(1),
      remaining: totals.remaining.toFixed(1),
    },
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

export async function headcountTable(tx: Db, actor: Actor, report: HeadcountReport): Promise<ReportTable> {
  const t = (k: string) => translate(k, actor.lang);
  const figures = HEADCOUNT_FIGURES.map((k) => col(k, t(`hr.headcount.${k}`), 'integer'));
  return {
    title: t('hr.report.headcount'),
    subtitle: [await orgName(tx, actor.clientId), `${t('hr.report.period')}: ${report.from} – ${report.to}`],
    columns: [col('department', t('hr.slip.department')), col('subSection', t('hr.headcount.subSection')), ...figures],
    rows: [
      ...report.departments.flatMap((d) => [
        { style: 'heading' as const, cells: { ...d, subSection: t('hr.report.total') } as Record<string, string | number | null> },
        ...report.rows
          .filter((r) => r.departmentId === d.departmentId)
          .map((r) => ({ cells: { ...r, subSection: r.subSection ?? t('hr.headcount.noSubSection') } as Record<string, string | number | null> })),
      ]),
      { style: 'total' as const, cells: { department: t('hr.report.total'), ...report.totals } },
    ],
    fileName: `headcount-${report.from}-${report.to}`,
  };
}

export async function leaveBalanceTable(tx: Db, actor: Actor, report: LeaveBalanceReport): Promise<ReportTable> {
  const t = (k: string) => translate(k, actor.lang);
  return {
    title: t('hr.report.leaveBalances'),
    subtitle: [await orgName(tx, actor.clientId), `${t('hr.report.year')}: ${report.year}`],
    columns: [
      col('employeeNumber', t('hr.slip.number')),
      col('employeeName', t('hr.slip.name')),
      col('department', t('hr.slip.department')),
      col('leaveType', t('hr.leaveBalance.type')),
      col('accrued', t('hr.leaveBalance.accrued')),
      col('taken', t('hr.leaveBalance.taken')),
      col('pending', t('hr.leaveBalance.pending')),
      col('remaining', t('hr.leaveBalance.remaining')),
    ],
    rows: [
      ...report.rows.map((r) => ({ cells: { ...r } as Record<string, string | number | null> })),
      { style: 'total' as const, cells: { employeeName: t('hr.report.total'), ...report.totals } },
    ],
    fileName: `leave-balances-${report.year}`,
  };
}
