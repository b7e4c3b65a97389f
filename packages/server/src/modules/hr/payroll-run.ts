// Payroll runs (/hr-settings/payroll). computePayroll reads a period (and optionally a department) in two
// set-based statements: per employee the basic salary in force at the period's end pro rata to the working
// days employed and not on unpaid leave, the allowances (same proportion), the period's bonuses and
// deductions, and the open loans and advances due; tax is the progressive rule in force at the period's end
// on basic + taxable allowances + taxable bonuses. The preview answers it; the generate job writes it as a
// Draft (payslips, planned recoveries, exceptions) in one transaction. Employees already on a live payslip of
// the period are left out, and the partial unique index hr_payslips_once refuses a second one anyway.
// Approval (approve-payroll, a user other than the generator) posts the run: salaries and allowances
// expense against tax payable, net pay payable and the loan and advance recoveries (party employee, settling
// their open items); paying (pay-payroll) posts net pay payable against a money account. An approved run
// not yet paid is cancelled by reversing its entry.
import { sql } from 'drizzle-orm';
import {
  type Lang,
  PAYROLL_SERIES,
  type PayrollPreview,
  type PayrollRunDetail,
  type PayrollRunRow,
  type PayslipRow,
  type payrollCancelBody,
  type payrollPayBody,
  type payrollRunListQuery,
  progressiveTax,
  translate,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec, documentNumber, nextDocumentNumber, postJournal, reverseJournal } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';
import { addOpenItems, allocatePairs, cancelOpenItems } from '../open-items/index.ts';
import { readHrSettings, taxBracketsOn } from './hr-settings.ts';
import { payrollPayPosting, payrollPayPostingOneLine, payrollPosting } from './payroll.posting.ts';
import { checkPayingAccount, LOAN_SOURCE_TYPE, settleLoanStatus } from './loans.ts';

export const PAYROLL_SOURCE_TYPE = 'hr-payroll';
export const PAYROLL_PAY_SOURCE_TYPE = 'hr-payroll-pay';
export const PAYROLL_RECOVERY_SOURCE_TYPE = 'hr-payroll-recovery';
/** The open item kinds of net pay: owed by the approval (credit), paid by the payment (debit). */
export const NET_PAY_KIND = 'net-pay';
export const NET_PAY_PAYMENT_KIND = 'net-pay-payment';

type Exception = 'noSalary' | 'negativeNet' | 'noPaymentDetails' | 'currency';
export interface ComputedSlip extends PayslipRow {
  departmentId: number;
  recoveries: { loanId: number; amount: string }[];
}
export interface ComputedPayroll {
  rows: ComputedSlip[];
  exceptions: { employeeId: number; employeeNumber: string; employeeName: string; reason: Exception }[];
}

export function periodBounds(period: string): { d0: string; d1: string } {
  const [y, m] = period.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { d0: `${period}-01`, d1: `${period}-${String(last).padStart(2, '0')}` };
}

interface BaseRow {
  id: number;
  number: string;
  name: string;
  department_id: number;
  department: string;
  payment_method: string;
  details_ok: boolean;
  basic_full: string | null;
  currency: string | null;
  period_days: number;
  employed_days: number;
  unpaid_days: number;
  allowances_full: string;
  taxable_allowances_full: string;
  bonuses: string;
  taxable_bonuses: string;
  deductions: string;
}

const r2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
/** An amount to the nearest multiple of a unit (0.01, 0.05, ..., 10), half up. */
export const roundTo = (d: Decimal, unit: Decimal) => r2(d.div(unit).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(unit));

/** What a run of the period (and department) would pay: nothing written. */
export async function computePayroll(tx: Db, clientId: number, period: string, departmentId: number | null): Promise<ComputedPayroll> {
  const { d0, d1 } = periodBounds(period);
  const settings = await readHrSettings(tx, clientId);
  const days = `{${settings.workingDays.join(',')}}`;
  const base = await queryRows<BaseRow>(
    tx,
    sql`
    with wd as (
      select d::date as d from generate_series(${d0}::date, ${d1}::date, interval '1 day') d where extract(isodow from d)::int = any(${days}::int[])
    ), emp as (
      select e.id, e.number, concat_ws(' ', e.first_name, e.middle_name, e.last_name) as name, e.department_id, dp.name as department,
        e.payment_method, (case e.payment_method when 'bank' then e.bank_type_id is not null and coalesce(e.bank_account, '') <> ''
          when 'mobile' then coalesce(e.mobile_number, '') <> '' else true end) as details_ok,
        greatest(e.hire_date, ${d0}::date) as s, least(coalesce(e.terminated_on, ${d1}::date), ${d1}::date) as t
      from employees e join hr_departments dp on dp.id = e.department_id
      where e.client_id = ${clientId} and e.hire_date <= ${d1}::date and (e.terminated_on is null or e.terminated_on >= ${d0}::date)
        and (e.status <> 'Terminated' or e.terminated_on is not null)
        ${departmentId ? sql`and e.department_id = ${departmentId}` : sql``}
        and not exists (select 1 from hr_payslips p where p.client_id = ${clientId} and p.employee_id = e.id and p.period = ${period} and p.live)
    ), adj as (
      select a.employee_id,
        sum(a.amount) filter (where a.kind = 'bonus') as bonuses,
        sum(a.amount) filter (where a.kind = 'bonus' and b.is_taxable) as taxable_bonuses,
        sum(a.amount) filter (where a.kind = 'deduction') as deductions
      from hr_payroll_adjustments a left join hr_bonus_types b on b.id = a.bonus_type_id
      where a.client_id = ${clientId} and a.period = ${period} and a.status = 'Active'
      group by a.employee_id
    ), alw as (
      select a.employee_id, sum(a.amount) as total, sum(a.amount) filter (where t.is_taxable) as taxable
      from employee_allowances a join hr_allowance_types t on t.id = a.allowance_type_id
      where a.client_id = ${clientId} and a.effective_from <= ${d1}::date and (a.effective_to is null or a.effective_to >= ${d0}::date)
      group by a.employee_id
    )
    select emp.id, emp.number, emp.name, emp.department_id, emp.department, emp.payment_method, emp.details_ok,
      sal.basic::text as basic_full, sal.currency,
      (select count(*)::int from wd) as period_days,
      (select count(*)::int from wd where wd.d between emp.s and emp.t) as employed_days,
      (select count(*)::int from wd where wd.d between emp.s and emp.t and exists (
         select 1 from leave_requests l where l.client_id = ${clientId} and l.employee_id = emp.id and l.status = 'Approved' and not l.is_paid
           and wd.d between l.start_date and l.end_date)) as unpaid_days,
      coalesce(alw.total, 0)::text as allowances_full, coalesce(alw.taxable, 0)::text as taxable_allowances_full,
      coalesce(adj.bonuses, 0)::text as bonuses, coalesce(adj.taxable_bonuses, 0)::text as taxable_bonuses, coalesce(adj.deductions, 0)::text as deductions
    from emp
    left join lateral (select s.basic, s.currency from employee_salaries s where s.client_id = ${clientId} and s.employee_id = emp.id and s.effective_from <= ${d1}::date
                       order by s.effective_from desc, s.id desc limit 1) sal on true
    left join alw on alw.employee_id = emp.id
    left join adj on adj.employee_id = emp.id
    order by emp.number, emp.id`,
  );
  const loans = await queryRows<{ id: number; employee_id: number; kind: 'loan' | 'advance'; instalment: string; balance: string }>(
    tx,
    sql`
    select l.id, l.employee_id, l.kind, l.instalment::text as instalment,
      (l.amount
        - coalesce((select sum(r.amount) from hr_loan_repayments r where r.client_id = ${clientId} and r.loan_id = l.id and r.status = 'Posted'), 0)
        - coalesce((select sum(pr.amount) from hr_payslip_recoveries pr join hr_payslips s on s.id = pr.payslip_id join hr_payroll_runs run on run.id = s.run_id
                    where pr.client_id = ${clientId} and pr.loan_id = l.id and s.live and run.status in ('Generating', 'Draft')), 0))::text as balance
    from hr_loans l
    where l.client_id = ${clientId} and l.status = 'Open' and l.first_period <= ${period}
    order by l.employee_id, l.date, l.id`,
  );
  const byEmployee = new Map<number, typeof loans>();
  for (const l of loans) {
    const list = byEmployee.get(Number(l.employee_id)) ?? [];
    list.push(l);
    byEmployee.set(Number(l.employee_id), list);
  }
  const [org] = await queryRows<{ currency: string }>(tx, sql`select currency from clients where id = ${clientId}`);
  const brackets = await taxBracketsOn(tx, d1);
  const unit = dec(settings.rounding);
  const out: ComputedPayroll = { rows: [], exceptions: [] };
  for (const b of base) {
    const who = { employeeId: Number(b.id), employeeNumber: b.number, employeeName: b.name };
    if (b.basic_full === null) {
      out.exceptions.push({ ...who, reason: 'noSalary' });
      continue;
    }
    if (org && b.currency !== (org.currency === 'SOS' ? 'SOS' : 'USD')) {
      out.exceptions.push({ ...who, reason: 'currency' });
      continue;
    }
    if (!b.details_ok) {
      out.exceptions.push({ ...who, reason: 'noPaymentDetails' });
      continue;
    }
    const daysPaid = Math.max(0, b.employed_days - b.unpaid_days);
    const share = b.period_days > 0 ? new Decimal(daysPaid).div(b.period_days) : new Decimal(0);
    const basic = r2(dec(b.basic_full).times(share));
    const allowances = r2(dec(b.allowances_full).times(share));
    const taxableAllowances = r2(dec(b.taxable_allowances_full).times(share));
    const bonuses = dec(b.bonuses);
    const gross = basic.plus(allowances).plus(bonuses);
    const taxable = basic.plus(taxableAllowances).plus(b.taxable_bonuses);
    const tax = dec(brackets.length > 0 ? progressiveTax(brackets, taxable.toFixed(2)) : '0');
    const deductions = dec(b.deductions);
    const recoveries: { loanId: number; amount: string }[] = [];
    let loanRecovery = new Decimal(0);
    let advanceRecovery = new Decimal(0);
    for (const l of byEmployee.get(Number(b.id)) ?? []) {
      const balance = dec(l.balance);
      if (balance.lte(0)) continue;
      const amount = l.kind === 'advance' ? balance : Decimal.min(balance, l.instalment);
      recoveries.push({ loanId: Number(l.id), amount: amount.toFixed(2) });
      if (l.kind === 'advance') advanceRecovery = advanceRecovery.plus(amount);
      else loanRecovery = loanRecovery.plus(amount);
    }
    const exact = gross.minus(tax).minus(deductions).minus(loanRecovery).minus(advanceRecovery);
    if (exact.lt(0)) {
      out.exceptions.push({ ...who, reason: 'negativeNet' });
      continue;
    }
    // Net pay to the settings' unit (half up); the difference is shown on the payslip and posted to the rounding account.
    const net = roundTo(exact, unit);
    const rounding = net.minus(exact);
    out.rows.push({
      ...who,
      department: b.department,
      departmentId: Number(b.department_id),
      paymentMethod: b.payment_method,
      daysPaid,
      daysInPeriod: b.period_days,
      basic: basic.toFixed(2),
      allowances: allowances.toFixed(2),
      bonuses: bonuses.toFixed(2),
      gross: gross.toFixed(2),
      taxable: taxable.toFixed(2),
      tax: tax.toFixed(2),
      deductions: deductions.toFixed(2),
      loanRecovery: loanRecovery.toFixed(2),
      advanceRecovery: advanceRecovery.toFixed(2),
      rounding: rounding.toFixed(2),
      net: net.toFixed(2),
      recoveries,
    });
  }
  return out;
}

const sumOf = (rows: PayslipRow[], k: keyof PayslipRow) => rows.reduce((s, r) => s.plus(r[k] as string), new Decimal(0)).toFixed(2);
function totalsOf(rows: PayslipRow[]) {
  return {
    employees: rows.length,
    basic: sumOf(rows, 'basic'),
    allowances: sumOf(rows, 'allowances'),
    bonuses: sumOf(rows, 'bonuses'),
    gross: sumOf(rows, 'gross'),
    tax: sumOf(rows, 'tax'),
    deductions: sumOf(rows, 'deductions'),
    loanRecovery: sumOf(rows, 'loanRecovery'),
    advanceRecovery: sumOf(rows, 'advanceRecovery'),
    rounding: sumOf(rows, 'rounding'),
    net: sumOf(rows, 'net'),
  };
}
const exceptionsFor = (list: ComputedPayroll['exceptions'], lang: Lang) => list.map((e) => ({ ...e, message: translate(`hr.exception.${e.reason}`, lang) }));

/** The department of a scope must exist (a field error otherwise). */
export async function checkScope(tx: Db, departmentId: number | null) {
  if (!departmentId) return;
  const [d] = await queryRows(tx, sql`select 1 from hr_departments where id = ${departmentId}`);
  if (!d) throw new AppError(400, 'VALIDATION', 'common.validation', [{ field: 'departmentId', message: 'v.notFound' }]);
}

export async function previewPayroll(opts: { tx: Db; actor: Actor; period: string; departmentId: number | null }): Promise<PayrollPreview> {
  const { tx, actor, period, departmentId } = opts;
  await checkScope(tx, departmentId);
  const c = await computePayroll(tx, actor.clientId, period, departmentId);
  const rows = c.rows.map(({ recoveries: _r, departmentId: _d, ...r }) => r);
  return { period, departmentId, rows, exceptions: exceptionsFor(c.exceptions, actor.lang), totals: totalsOf(rows) };
}

/** The generate job's work: the draft run, its payslips (in chunks, with progress), recoveries and exceptions. */
export async function generatePayroll(opts: {
  tx: Db;
  actor: Actor;
  period: string;
  departmentId: number | null;
  progress?: (processed: number, total: number) => void;
}): Promise<{ runId: number; employees: number; net: string }> {
  const { tx, actor, period, departmentId } = opts;
  const { clientId, userId } = actor;
  await checkScope(tx, departmentId);
  // One generation per organisation at a time: two at once would both see the same employees free.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hr-payroll'), ${clientId})`);
  const c = await computePayroll(tx, clientId, period, departmentId);
  if (c.rows.length === 0) throw new AppError(409, 'PAYROLL_EMPTY', 'hr.payrollEmpty');
  const totals = totalsOf(c.rows);
  const number = documentNumber(PAYROLL_SERIES, await nextDocumentNumber(tx, clientId, PAYROLL_SERIES));
  const [run] = await queryRows<{ id: number }>(
    tx,
    sql`insert into hr_payroll_runs (client_id, number, period, department_id, status, employees, gross, tax, deductions, rounding, net, generated_by)
        values (${clientId}, ${number}, ${period}, ${departmentId}, 'Draft', ${c.rows.length}, ${totals.gross}::numeric, ${totals.tax}::numeric,
                ${new Decimal(totals.deductions).plus(totals.loanRecovery).plus(totals.advanceRecovery).toFixed(2)}::numeric, ${totals.rounding}::numeric,
                ${totals.net}::numeric, ${userId})
        returning id`,
  );
  const runId = Number(run.id);
  const chunk = 2000;
  for (let i = 0; i < c.rows.length; i += chunk) {
    const part = c.rows.slice(i, i + chunk);
    const payload = JSON.stringify(
      part.map((r) => ({
        e: r.employeeId,
        dp: r.departmentId,
        pm: r.paymentMethod,
        dd: r.daysPaid,
        dn: r.daysInPeriod,
        b: r.basic,
        a: r.allowances,
        bo: r.bonuses,
        g: r.gross,
        tx: r.taxable,
        t: r.tax,
        de: r.deductions,
        l: r.loanRecovery,
        ad: r.advanceRecovery,
        ro: r.rounding,
        n: r.net,
        rec: r.recoveries,
      })),
    );
    await tx.execute(sql`
      with x as (
        select * from json_to_recordset(${payload}::json) as x(e int, dp int, pm text, dd int, dn int, b numeric, a numeric, bo numeric, g numeric,
          tx numeric, t numeric, de numeric, l numeric, ad numeric, ro numeric, n numeric, rec json)
      ), slips as (
        insert into hr_payslips (client_id, run_id, employee_id, period, department_id, payment_method, days_paid, days_in_period, basic, allowances,
          bonuses, gross, taxable, tax, deductions, loan_recovery, advance_recovery, rounding, net)
        select ${clientId}, ${runId}, x.e, ${period}, x.dp, x.pm, x.dd, x.dn, x.b, x.a, x.bo, x.g, x.tx, x.t, x.de, x.l, x.ad, x.ro, x.n from x
        returning id, employee_id
      )
      insert into hr_payslip_recoveries (client_id, payslip_id, loan_id, amount)
      select ${clientId}, slips.id, r."loanId", r.amount
      from slips join x on x.e = slips.employee_id cross join lateral json_to_recordset(x.rec) as r("loanId" int, amount numeric)`);
    opts.progress?.(Math.min(i + chunk, c.rows.length), c.rows.length);
  }
  if (c.exceptions.length > 0) {
    await tx.execute(sql`
      insert into hr_payroll_exceptions (client_id, run_id, employee_id, reason)
      select ${clientId}, ${runId}, x.e, x.r from json_to_recordset(${JSON.stringify(c.exceptions.map((e) => ({ e: e.employeeId, r: e.reason })))}::json) as x(e int, r text)`);
  }
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'hr-payroll',
    entityId: runId,
    after: { number, period, departmentId, employees: c.rows.length, exceptions: c.exceptions.length, gross: totals.gross, net: totals.net },
  });
  return { runId, employees: c.rows.length, net: totals.net };
}

interface RunRow {
  id: number;
  number: string;
  period: string;
  department_id: number | null;
  department: string | null;
  status: PayrollRunRow['status'];
  employees: number;
  gross: string;
  tax: string;
  deductions: string;
  net: string;
  generated_by: number;
  generated_by_name: string | null;
  generated_at: string | Date;
  approved_by_name: string | null;
  paid_by_name: string | null;
  pay_date: string | null;
  approve_entry_id: string | null;
  pay_entry_id: string | null;
  approve_entry: string | null;
  pay_entry: string | null;
  pay_account: string | null;
  cancel_reason: string | null;
}
const entryNo = (alias: string) => sql.raw(`${alias}.series || '-' || lpad(${alias}.entry_no::text, 6, '0')`);
const runSelect = (lang: Lang) => sql`
  select r.id, r.number, r.period, r.department_id, d.name as department, r.status, r.employees, r.gross::text as gross, r.tax::text as tax,
    r.deductions::text as deductions, r.net::text as net, r.generated_by, gu.fullname as generated_by_name, r.generated_at,
    au.fullname as approved_by_name, pu.fullname as paid_by_name, r.pay_date::text as pay_date, r.approve_entry_id, r.pay_entry_id,
    ${entryNo('ae')} as approve_entry, ${entryNo('pe')} as pay_entry, pa.code || ' ' || pa.${sql.raw(lang === 'so' ? 'name_so' : 'name_en')} as pay_account, r.cancel_reason
  from hr_payroll_runs r left join hr_departments d on d.id = r.department_id
    left join users gu on gu.id = r.generated_by left join users au on au.id = r.approved_by left join users pu on pu.id = r.paid_by
    left join journal_entries ae on ae.id = r.approve_entry_id left join journal_entries pe on pe.id = r.pay_entry_id
    left join accounts pa on pa.id = r.pay_account_id`;
const toRunRow = (r: RunRow): PayrollRunRow => ({
  id: Number(r.id),
  number: r.number,
  period: r.period,
  department: r.department,
  status: r.status,
  employees: Number(r.employees),
  gross: dec(r.gross).toFixed(2),
  tax: dec(r.tax).toFixed(2),
  deductions: dec(r.deductions).toFixed(2),
  net: dec(r.net).toFixed(2),
  generatedBy: r.generated_by_name,
  generatedAt: new Date(r.generated_at).toISOString(),
  approvedBy: r.approved_by_name,
  paidBy: r.paid_by_name,
  payDate: r.pay_date,
});

export async function listPayrollRuns(opts: { tx: Db; actor: Actor; query: z.output<typeof payrollRunListQuery> }) {
  const { tx, actor, query } = opts;
  const where = sql`true ${query.period ? sql`and r.period = ${query.period}` : sql``} ${query.status ? sql`and r.status = ${query.status}` : sql``}`;
  const rows = await queryRows<RunRow>(
    tx,
    sql`${runSelect(actor.lang)} where ${where} order by r.period desc, r.id desc limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from hr_payroll_runs r where ${where}`);
  return { data: rows.map(toRunRow), total: n, page: query._page, limit: query._limit };
}

/** The payslips of a run, in employee order (one employee with employeeId). */
export async function runPayslips(tx: Db, runId: number, employeeId?: number): Promise<PayslipRow[]> {
  const rows = await queryRows<PayslipRow>(
    tx,
    sql`select s.employee_id as "employeeId", e.number as "employeeNumber", concat_ws(' ', e.first_name, e.middle_name, e.last_name) as "employeeName",
          d.name as department, s.payment_method as "paymentMethod", s.days_paid as "daysPaid", s.days_in_period as "daysInPeriod",
          s.basic::text as basic, s.allowances::text as allowances, s.bonuses::text as bonuses, s.gross::text as gross, s.taxable::text as taxable,
          s.tax::text as tax, s.deductions::text as deductions, s.loan_recovery::text as "loanRecovery", s.advance_recovery::text as "advanceRecovery",
          s.rounding::text as rounding, s.net::text as net
        from hr_payslips s join employees e on e.id = s.employee_id join hr_departments d on d.id = s.department_id
        where s.run_id = ${runId} ${employeeId ? sql`and s.employee_id = ${employeeId}` : sql``}
        order by e.number, e.id`,
  );
  const money = ['basic', 'allowances', 'bonuses', 'gross', 'taxable', 'tax', 'deductions', 'loanRecovery', 'advanceRecovery', 'rounding', 'net'] as const;
  return rows.map((r) => {
    const out = { ...r, employeeId: Number(r.employeeId), daysPaid: Number(r.daysPaid), daysInPeriod: Number(r.daysInPeriod) };
    for (const k of money) out[k] = dec(r[k]).toFixed(2);
    return out;
  });
}

export async function getPayrollRun(opts: { tx: Db; actor: Pick<Actor, 'lang'>; id: number }): Promise<PayrollRunDetail> {
  const { tx, actor, id } = opts;
  const [r] = await queryRows<RunRow>(tx, sql`${runSelect(actor.lang)} where r.id = ${id}`);
  if (!r) throw notFound();
  const rows = await runPayslips(tx, id);
  const exceptions = await queryRows<{ employeeId: number; employeeNumber: string; employeeName: string; reason: Exception }>(
    tx,
    sql`select x.employee_id as "employeeId", e.number as "employeeNumber", concat_ws(' ', e.first_name, e.middle_name, e.last_name) as "employeeName", x.reason
        from hr_payroll_exceptions x join employees e on e.id = x.employee_id where x.run_id = ${id} order by e.number`,
  );
  return {
    ...toRunRow(r),
    departmentId: r.department_id === null ? null : Number(r.department_id),
    generatedById: Number(r.generated_by),
    approveEntry: r.approve_entry_id ? r.approve_entry : null,
    payEntry: r.pay_entry_id ? r.pay_entry : null,
    payAccount: r.pay_account,
    cancelReason: r.cancel_reason,
    rows,
    exceptions: exceptionsFor(exceptions, actor.lang),
    totals: totalsOf(rows),
  };
}

async function lockRun(tx: Db, clientId: number, id: number) {
  const [r] = await queryRows<{ number: string; period: string; status: string; generated_by: number; approve_entry_id: string | null }>(
    tx,
    sql`select number, period, status, generated_by, approve_entry_id from hr_payroll_runs where client_id = ${clientId} and id = ${id} for update`,
  );
  if (!r) throw notFound();
  return r;
}
const wrongStatus = (status: string, lang: Lang) => new AppError(409, 'PAYROLL_STATUS', `hr.payrollStatus|${translate(`hr.run.${status}`, lang)}`);

/** Approval: by another user than the generator; posts the run and the recoveries; loans never over-recovered. */
export async function approvePayroll(opts: { tx: Db; actor: Actor; id: number; date?: string }): Promise<PayrollRunDetail> {
  const { tx, actor, id } = opts;
  const { clientId, userId } = actor;
  const run = await lockRun(tx, clientId, id);
  if (run.status !== 'Draft') throw wrongStatus(run.status, actor.lang);
  if (Number(run.generated_by) === userId) throw new AppError(403, 'SAME_USER', 'hr.approveOwnRun');
  const settings = await readHrSettings(tx, clientId);
  // The recoveries again, under the loans' row locks: an early repayment since the draft may have left less.
  const recoveries = await queryRows<{
    payslip_id: string;
    loan_id: number;
    amount: string;
    employee_id: number;
    kind: string;
    account: number;
    number: string;
    left: string;
  }>(
    tx,
    sql`select pr.payslip_id, pr.loan_id, pr.amount::text as amount, l.employee_id, l.kind, l.receivable_account_id as account, l.number,
          (l.amount - coalesce((select sum(x.amount) from hr_loan_repayments x where x.loan_id = l.id and x.status = 'Posted'), 0))::text as left
        from hr_payslip_recoveries pr join hr_payslips s on s.id = pr.payslip_id join hr_loans l on l.id = pr.loan_id
        where s.run_id = ${id} order by l.id for update of l`,
  );
  for (const r of recoveries) {
    if (dec(r.amount).gt(r.left))
      throw new AppError(409, 'OVER_RECOVERED', `hr.repayOverBalance|${dec(r.left).toFixed(2)}`, [
        { field: 'loans', message: `hr.repayOverBalance|${dec(r.left).toFixed(2)}` },
      ]);
  }
  const [t] = await queryRows<{ basic: string; allowances: string; tax: string; deductions: string; rounding: string }>(
    tx,
    sql`select coalesce(sum(basic), 0)::text as basic, coalesce(sum(allowances + bonuses), 0)::text as allowances, coalesce(sum(tax), 0)::text as tax,
          coalesce(sum(deductions), 0)::text as deductions, coalesce(sum(rounding), 0)::text as rounding from hr_payslips where run_id = ${id}`,
  );
  // Each employee's net pay is theirs on net pay payable: one line and one open item each, settled by the payment.
  const nets = (
    await queryRows<{ e: number; n: string }>(
      tx,
      sql`select employee_id as e, net::text as n from hr_payslips where run_id = ${id} and net > 0 order by employee_id`,
    )
  ).map((r) => ({ employeeId: Number(r.e), amount: dec(r.n).toFixed(2) }));
  const lines = payrollPosting(
    settings,
    t,
    nets,
    recoveries.map((r) => ({ accountId: Number(r.account), employeeId: Number(r.employee_id), amount: r.amount })),
  );
  const { d1 } = periodBounds(run.period);
  const date = opts.date ?? d1;
  const entry = await postJournal(tx, {
    clientId,
    date,
    reference: run.number,
    memo: translate('hr.payrollMemo', actor.lang, { n: run.number, m: run.period }),
    sourceType: PAYROLL_SOURCE_TYPE,
    sourceId: id,
    branchId: actor.branchId ?? null,
    userId,
    lines,
    limitField: null,
  });
  await addOpenItems(
    tx,
    clientId,
    nets.map((n) => ({
      partyType: 'employee' as const,
      partyId: n.employeeId,
      accountId: settings.netPayPayableAccountId,
      side: 'credit' as const,
      kind: NET_PAY_KIND,
      sourceType: PAYROLL_SOURCE_TYPE,
      sourceId: id,
      number: run.number,
      date,
      amount: n.amount,
      journalEntryId: entry.id,
    })),
  );
  if (recoveries.length > 0) {
    const repayments = await queryRows<{ id: number; loan_id: number }>(
      tx,
      sql`insert into hr_loan_repayments (client_id, loan_id, kind, date, amount, run_id, payslip_id, journal_entry_id, created_by)
          select ${clientId}, x.l, 'payroll', ${date}::date, x.a, ${id}, x.p, ${entry.id}, ${userId}
          from json_to_recordset(${JSON.stringify(recoveries.map((r) => ({ l: r.loan_id, a: r.amount, p: r.payslip_id })))}::json) as x(l int, a numeric, p bigint)
          returning id, loan_id`,
    );
    const byLoan = new Map(repayments.map((r) => [Number(r.loan_id), Number(r.id)]));
    const itemIds = await addOpenItems(
      tx,
      clientId,
      recoveries.map((r) => ({
        partyType: 'employee' as const,
        partyId: Number(r.employee_id),
        accountId: Number(r.account),
        side: 'credit' as const,
        kind: 'repayment',
        sourceType: PAYROLL_RECOVERY_SOURCE_TYPE,
        sourceId: byLoan.get(Number(r.loan_id))!,
        number: run.number,
        date,
        amount: r.amount,
        journalEntryId: entry.id,
      })),
    );
    // Each recovery settles its loan's item (set-based: a run may recover thousands of loans).
    const loanItems = await queryRows<{ source_id: number; id: number }>(
      tx,
      sql`select distinct on (source_id) source_id, id from open_items
          where client_id = ${clientId} and source_type = ${LOAN_SOURCE_TYPE} and source_id = any(${`{${recoveries.map((r) => r.loan_id).join(',')}}`}::bigint[])
          order by source_id, id`,
    );
    const itemOfLoan = new Map(loanItems.map((i) => [Number(i.source_id), Number(i.id)]));
    await allocatePairs(
      tx,
      clientId,
      recoveries.flatMap((r, i) => {
        const loanItem = itemOfLoan.get(Number(r.loan_id));
        return loanItem ? [{ debitItemId: loanItem, creditItemId: itemIds[i], amount: r.amount }] : [];
      }),
    );
    await tx.execute(sql`
      update hr_loan_repayments r set open_item_id = x.i
      from json_to_recordset(${JSON.stringify(recoveries.map((r, i) => ({ r: byLoan.get(Number(r.loan_id)), i: itemIds[i] })))}::json) as x(r bigint, i bigint)
      where r.client_id = ${clientId} and r.id = x.r`);
    await settleLoanStatus(tx, [...byLoan.keys()]);
  }
  await tx.execute(
    sql`update hr_payroll_runs set status = 'Approved', approved_by = ${userId}, approved_at = now(), approve_entry_id = ${entry.id} where id = ${id}`,
  );
  await writeAudit(tx, actor, {
    action: 'approve',
    entity: 'hr-payroll',
    entityId: id,
    before: { status: 'Draft' },
    after: { status: 'Approved', entry: entry.number },
  });
  return getPayrollRun({ tx, actor, id });
}

/** Paying: net pay payable against a money account, once. */
export async function payPayroll(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof payrollPayBody> }): Promise<PayrollRunDetail> {
  const { tx, actor, id, input } = opts;
  const { clientId, userId } = actor;
  const run = await lockRun(tx, clientId, id);
  if (run.status !== 'Approved') throw wrongStatus(run.status, actor.lang);
  const errors: FieldError[] = [];
  await checkPayingAccount(tx, clientId, input.accountId, 'accountId', errors);
  if (errors.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', errors);
  const settings = await readHrSettings(tx, clientId);
  // What the approval made each employee's: the open net pay items on the account the run was posted to.
  const owed = await queryRows<{ id: number; e: number; a: number; n: string }>(
    tx,
    sql`select id, party_id as e, account_id as a, (amount - settled)::text as n from open_items
        where client_id = ${clientId} and source_type = ${PAYROLL_SOURCE_TYPE} and source_id = ${id} and kind = ${NET_PAY_KIND} and status = 'Open'
          and settled < amount
        order by party_id`,
  );
  const [{ net: runNet }] = await queryRows<{ net: string }>(tx, sql`select coalesce(sum(net), 0)::text as net from hr_payslips where run_id = ${id}`);
  const isPerEmployee = owed.length > 0;
  const net = isPerEmployee ? owed.reduce((s, o) => s.plus(o.n), new Decimal(0)).toFixed(2) : dec(runNet).toFixed(2);
  let entryId: number | null = null;
  let entryNumber: string | null = null;
  if (dec(net).gt(0)) {
    const nets = owed.map((o) => ({ employeeId: Number(o.e), amount: dec(o.n).toFixed(2) }));
    const payableId = isPerEmployee ? Number(owed[0].a) : settings.netPayPayableAccountId;
    const entry = await postJournal(tx, {
      clientId,
      date: input.date,
      reference: run.number,
      memo: translate('hr.payrollPayMemo', actor.lang, { n: run.number }),
      sourceType: PAYROLL_PAY_SOURCE_TYPE,
      sourceId: id,
      branchId: actor.branchId ?? null,
      userId,
      lines: isPerEmployee
        ? payrollPayPosting({ netPayPayableId: payableId, accountId: input.accountId, nets })
        : payrollPayPostingOneLine({ netPayPayableId: payableId, accountId: input.accountId, net }),
      limitField: null,
    });
    entryId = entry.id;
    entryNumber = entry.number;
    if (isPerEmployee) {
      // Each employee's payment settles their net pay item: written and allocated set-based.
      const paid = await addOpenItems(
        tx,
        clientId,
        owed.map((o) => ({
          partyType: 'employee' as const,
          partyId: Number(o.e),
          accountId: Number(o.a),
          side: 'debit' as const,
          kind: NET_PAY_PAYMENT_KIND,
          sourceType: PAYROLL_PAY_SOURCE_TYPE,
          sourceId: id,
          number: run.number,
          date: input.date,
          amount: dec(o.n).toFixed(2),
          journalEntryId: entry.id,
        })),
      );
      await allocatePairs(
        tx,
        clientId,
        owed.map((o, i) => ({ debitItemId: paid[i], creditItemId: Number(o.id), amount: o.n })),
      );
    }
  }
  await tx.execute(sql`
    update hr_payroll_runs set status = 'Paid', paid_by = ${userId}, paid_at = now(), pay_date = ${input.date}::date, pay_account_id = ${input.accountId},
      pay_entry_id = ${entryId} where id = ${id}`);
  await writeAudit(tx, actor, {
    action: 'pay',
    entity: 'hr-payroll',
    entityId: id,
    before: { status: 'Approved' },
    after: { status: 'Paid', date: input.date, net, entry: entryNumber },
  });
  return getPayrollRun({ tx, actor, id });
}

/** Cancelling before payment: a draft is dropped; an approved run's entry is reversed and its recoveries undone. */
export async function cancelPayroll(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof payrollCancelBody> }): Promise<PayrollRunDetail> {
  const { tx, actor, id, input } = opts;
  const { clientId, userId } = actor;
  const run = await lockRun(tx, clientId, id);
  if (run.status !== 'Draft' && run.status !== 'Approved') throw wrongStatus(run.status, actor.lang);
  let reversalId: number | null = null;
  if (run.status === 'Approved' && run.approve_entry_id) {
    const reversal = await reverseJournal(tx, {
      clientId,
      entryId: Number(run.approve_entry_id),
      userId,
      memo: `${translate('hr.payrollMemo', actor.lang, { n: run.number, m: run.period })}: ${input.reason}`,
    });
    reversalId = reversal.id;
    const undone = await queryRows<{ loan_id: number; open_item_id: string | null }>(
      tx,
      sql`update hr_loan_repayments set status = 'Cancelled' where run_id = ${id} and status = 'Posted' returning loan_id, open_item_id`,
    );
    // The recoveries' items (their allocations to the loans undone) and the employees' net pay items go with the entry.
    const netItems = await queryRows<{ id: number }>(
      tx,
      sql`select id from open_items where client_id = ${clientId} and source_type = ${PAYROLL_SOURCE_TYPE} and source_id = ${id} and kind = ${NET_PAY_KIND}
            and status = 'Open'`,
    );
    await cancelOpenItems(tx, clientId, [...undone.flatMap((u) => (u.open_item_id ? [Number(u.open_item_id)] : [])), ...netItems.map((i) => Number(i.id))]);
    await settleLoanStatus(
      tx,
      undone.map((u) => Number(u.loan_id)),
    );
  }
  await tx.execute(sql`update hr_payslips set live = false where run_id = ${id}`);
  await tx.execute(sql`
    update hr_payroll_runs set status = 'Cancelled', cancelled_by = ${userId}, cancelled_at = now(), cancel_reason = ${input.reason},
      reversal_entry_id = ${reversalId} where id = ${id}`);
  await writeAudit(tx, actor, {
    action: 'cancel',
    entity: 'hr-payroll',
    entityId: id,
    before: { status: run.status },
    after: { status: 'Cancelled', reason: input.reason },
  });
  return getPayrollRun({ tx, actor, id });
}
