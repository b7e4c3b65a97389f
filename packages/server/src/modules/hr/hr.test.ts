import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { progressiveTax } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { auditRows, lastAuditId, staffUser } from '../settings/test-support.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
/** An HR officer (employees, no leave decisions, no pay changes) and a clerk with no HR privilege. */
let officer: Awaited<ReturnType<typeof staffUser>>;
let clerk: Awaited<ReturnType<typeof staffUser>>;
let ids: { department: number; otherDepartment: number; subSection: number; jobTitle: number; bank: number; housing: number; annual: number; unpaid: number };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object, lang = 'en') =>
  ctx.app.inject({ method, url, payload, headers: { ...bearer(token), 'x-lang': lang } });
type Res = Awaited<ReturnType<typeof call>>;
const json = (res: Res, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const fieldMessage = (res: Res, field: string) => {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json().details as { field: string; message: string }[]).find((d) => d.field === field)?.message;
};

/** Every HR table of organisation A, as text: a refused request must leave it as it was. */
async function snapshot() {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<Record<string, string>>(
      tx,
      sql`select
        (select count(*) || ':' || coalesce(string_agg(number || status || first_name || department_id, ',' order by id), '') from employees where client_id = ${orgA.clientId}) as employees,
        (select count(*) || ':' || coalesce(string_agg(employee_id || '@' || effective_from || '=' || basic, ',' order by id), '') from employee_salaries where client_id = ${orgA.clientId}) as salaries,
        (select count(*) || ':' || coalesce(string_agg(amount || coalesce(effective_to::text, '-'), ',' order by id), '') from employee_allowances where client_id = ${orgA.clientId}) as allowances,
        (select count(*) || ':' || coalesce(string_agg(status || days, ',' order by id), '') from leave_requests where client_id = ${orgA.clientId}) as leave,
        (select count(*) || ':' || coalesce(string_agg(name || status, ',' order by id), '') from hr_departments where client_id = ${orgA.clientId}) as departments,
        (select count(*)::text from hr_tax_rules where client_id = ${orgA.clientId}) as rules,
        (select count(*)::text from audit_log where client_id = ${orgA.clientId}) as audit`,
    ),
  );
  return row;
}

const hire = (body: Record<string, unknown> = {}, token = orgA.token, lang = 'en') =>
  call(
    token,
    'POST',
    '/api/hr/employees',
    {
      firstName: 'Hodan',
      lastName: 'Ali',
      sex: 'female',
      phone: '0615123456',
      hireDate: '2025-01-06',
      departmentId: ids.department,
      jobTitleId: ids.jobTitle,
      employmentType: 'permanent',
      paymentMethod: 'cash',
      basicSalary: '500.00',
      currency: 'USD',
      ...body,
    },
    lang,
  );

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  officer = await staffUser(ctx, orgA, ['employee']);
  clerk = await staffUser(ctx, orgA, ['list-book']);
  const make = async (path: string, body: object) => json(await call(orgA.token, 'POST', `/api/hr/${path}`, body), 201).id as number;
  const department = await make('departments', { name: 'Finance' });
  const otherDepartment = await make('departments', { name: 'Technical' });
  ids = {
    department,
    otherDepartment,
    subSection: await make('sub-sections', { name: 'Billing', departmentId: department }),
    jobTitle: await make('job-titles', { name: 'Accountant' }),
    bank: await make('bank-types', { name: 'Salaam Bank' }),
    housing: await make('allowance-types', { name: 'Housing', isTaxable: false }),
    annual: await make('leave-types', { name: 'Annual leave', daysPerYear: 24, isPaid: true }),
    unpaid: await make('leave-types', { name: 'Unpaid leave', daysPerYear: 0, isPaid: false }),
  };
});
afterAll(() => ctx.close());

describe('HR reference lists', () => {
  it('creates, lists and retires entries; a duplicate name, an unknown department and a bad number are field errors that change nothing', async () => {
    const list = json(await call(orgA.token, 'GET', '/api/hr/departments?q=fin'), 200);
    expect(list.data.map((d: { name: string }) => d.name)).toEqual(['Finance']);
    const before = await snapshot();
    expect(fieldMessage(await call(orgA.token, 'POST', '/api/hr/departments', { name: 'finance' }), 'name')).toBe('This value already exists.');
    expect(fieldMessage(await call(orgA.token, 'POST', '/api/hr/sub-sections', { name: 'Ghost', departmentId: 999999 }), 'departmentId')).toBe(
      'The selected record does not exist.',
    );
    expect(fieldMessage(await call(orgA.token, 'POST', '/api/hr/leave-types', { name: 'Sick', daysPerYear: 'many' }, 'so'), 'daysPerYear')).toBeTruthy();
    expect(fieldMessage(await call(orgA.token, 'POST', '/api/hr/leave-types', { name: 'Sick', daysPerYear: 400 }), 'daysPerYear')).toBeTruthy();
    expect(await snapshot()).toEqual(before);
    const leaveTypes = json(await call(orgA.token, 'GET', '/api/hr/leave-types'), 200);
    expect(leaveTypes.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Annual leave', daysPerYear: '24.0', isPaid: true }),
        expect.objectContaining({ name: 'Unpaid leave', isPaid: false }),
      ]),
    );
    const sub = json(await call(orgA.token, 'GET', `/api/hr/sub-sections/${ids.subSection}`), 200);
    expect(sub).toMatchObject({ name: 'Billing', departmentId: ids.department, status: 'Active' });
  });

  it('needs each list its own privilege: 403 changes nothing; another organisation sees none of them', async () => {
    const before = await snapshot();
    expect((await call(clerk.token, 'POST', '/api/hr/departments', { name: 'Audit' })).statusCode).toBe(403);
    expect((await call(officer.token, 'PATCH', `/api/hr/departments/${ids.department}/status`, { status: 'Inactive' })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(json(await call(orgB.token, 'GET', '/api/hr/departments'), 200).total).toBe(0);
    expect((await call(orgB.token, 'GET', `/api/hr/departments/${ids.department}`)).statusCode).toBe(404);
  });
});

describe('employees', () => {
  let hodan: number;

  it('hires an employee with the next number of the series EMP and the first salary from the hire date; audited', async () => {
    const from = await lastAuditId(ctx, orgA.clientId);
    const e = json(await hire({ subSectionId: ids.subSection, email: 'hodan@example.so' }, officer.token), 201);
    hodan = e.id;
    expect(e).toMatchObject({
      number: 'EMP-0001',
      name: 'Hodan Ali',
      status: 'Active',
      department: { id: ids.department, name: 'Finance' },
      subSection: { id: ids.subSection, name: 'Billing' },
      salaries: [{ effectiveFrom: '2025-01-06', effectiveTo: null, basic: '500.00', currency: 'USD' }],
    });
    expect((await auditRows(ctx, orgA.clientId, { entity: 'employee', afterId: from })).map((r) => r.action)).toEqual(['create']);
    const second = json(await hire({ firstName: 'Omar', lastName: 'Farah', sex: 'male' }), 201);
    expect(second.number).toBe('EMP-0002');
    const list = json(await call(officer.token, 'GET', `/api/hr/employees?q=hodan&departmentId=${ids.department}`), 200);
    expect(list).toMatchObject({ total: 1, data: [{ id: hodan, number: 'EMP-0001', basic: '500.00', department: { name: 'Finance' } }] });
  });

  it('keeps numbers unique per organisation (typed by hand too); another organisation may use the same number and sees none of ours', async () => {
    const before = await snapshot();
    expect(fieldMessage(await hire({ number: 'emp-0001' }), 'number')).toBe('Employee number emp-0001 is already used.');
    expect(fieldMessage(await hire({ number: 'EMP-0001' }, orgA.token, 'so'), 'number')).toBe('Lambarka shaqaale EMP-0001 horay ayaa loo isticmaalay.');
    expect(await snapshot()).toEqual(before);
    const dept = json(await call(orgB.token, 'POST', '/api/hr/departments', { name: 'Water' }), 201).id;
    const job = json(await call(orgB.token, 'POST', '/api/hr/job-titles', { name: 'Operator' }), 201).id;
    expect(json(await hire({ departmentId: dept, jobTitleId: job }, orgB.token), 201).number).toBe('EMP-0001');
    expect(json(await call(orgB.token, 'GET', '/api/hr/employees'), 200).total).toBe(1);
    expect((await call(orgB.token, 'GET', `/api/hr/employees/${hodan}`)).statusCode).toBe(404);
    // Organisation A's department is not B's to use.
    expect(fieldMessage(await hire({ departmentId: ids.department, jobTitleId: job }, orgB.token), 'departmentId')).toBe('The selected record does not exist.');
  });

  it('refuses bad input on its fields, in the caller language, and changes nothing', async () => {
    const before = await snapshot();
    const res = await hire({ phone: '12', email: 'nope', paymentMethod: 'bank', basicSalary: '1,000.00', hireDate: '2026-02-30' });
    expect(fieldMessage(res, 'phone')).toBeTruthy();
    expect(fieldMessage(res, 'email')).toBeTruthy();
    expect(fieldMessage(res, 'basicSalary')).toBeTruthy();
    expect(fieldMessage(res, 'hireDate')).toBeTruthy();
    const bank = await hire({ paymentMethod: 'bank', bankTypeId: ids.bank }, orgA.token, 'so');
    expect(fieldMessage(bank, 'bankAccount')).toBe('Goobtan waa qasab.');
    expect(fieldMessage(await hire({ subSectionId: ids.subSection, departmentId: ids.otherDepartment }), 'subSectionId')).toBe(
      'This sub-section belongs to another department.',
    );
    expect(fieldMessage(await hire({ dateOfBirth: '2030-01-01' }), 'dateOfBirth')).toBeTruthy();
    expect(fieldMessage(await call(orgA.token, 'PATCH', `/api/hr/employees/${hodan}/status`, { status: 'Terminated' }), 'terminationReason')).toBe(
      'Field is required.',
    );
    expect(await snapshot()).toEqual(before);
    expect((await call(clerk.token, 'POST', '/api/hr/employees', {})).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('a raise is a new row dated after the latest: the past keeps its salary; back-dating is refused; pay changes need salaries', async () => {
    const before = await snapshot();
    expect(
      (await call(officer.token, 'POST', `/api/hr/employees/${hodan}/salaries`, { effectiveFrom: '2026-01-01', basic: '650.00', currency: 'USD' })).statusCode,
    ).toBe(403);
    expect(await snapshot()).toEqual(before);
    const raised = json(
      await call(orgA.token, 'POST', `/api/hr/employees/${hodan}/salaries`, {
        effectiveFrom: '2026-01-01',
        basic: '650.00',
        currency: 'USD',
        reason: 'Annual review',
      }),
      201,
    );
    expect(raised.salaries).toEqual([
      expect.objectContaining({ effectiveFrom: '2026-01-01', effectiveTo: null, basic: '650.00', reason: 'Annual review' }),
      expect.objectContaining({ effectiveFrom: '2025-01-06', effectiveTo: '2025-12-31', basic: '500.00' }),
    ]);
    const mid = await snapshot();
    const back = await call(orgA.token, 'POST', `/api/hr/employees/${hodan}/salaries`, { effectiveFrom: '2025-06-01', basic: '900.00', currency: 'USD' });
    expect(fieldMessage(back, 'effectiveFrom')).toBe('A salary change takes effect after the latest one (2026-01-01): the past is never rewritten.');
    expect(
      fieldMessage(
        await call(orgA.token, 'POST', `/api/hr/employees/${hodan}/salaries`, { effectiveFrom: '2026-06-01', basic: '900.00', currency: 'SOS' }),
        'currency',
      ),
    ).toBeTruthy();
    expect(await snapshot()).toEqual(mid);
    // The database itself keeps history: the application role may neither change nor remove a salary row.
    await expect(
      inTenant(ctx.database.db, orgA.clientId, (tx) => tx.execute(sql`update employee_salaries set basic = 1 where employee_id = ${hodan}`)),
    ).rejects.toThrow();
    await expect(
      inTenant(ctx.database.db, orgA.clientId, (tx) => tx.execute(sql`delete from employee_salaries where employee_id = ${hodan}`)),
    ).rejects.toThrow();
    const salaries = json(await call(orgA.token, 'GET', `/api/hr/salaries?q=EMP-0001`), 200);
    expect(salaries.data[0]).toMatchObject({ basic: '650.00', effectiveFrom: '2026-01-01' });
  });

  it('recurring allowances have periods that never overlap per type, and are ended rather than removed', async () => {
    const added = json(
      await call(orgA.token, 'POST', `/api/hr/employees/${hodan}/allowances`, { allowanceTypeId: ids.housing, amount: '120.00', effectiveFrom: '2025-02-01' }),
      201,
    );
    expect(added.allowances).toEqual([expect.objectContaining({ allowanceType: 'Housing', amount: '120.00', effectiveTo: null, isTaxable: false })]);
    const before = await snapshot();
    const overlap = await call(orgA.token, 'POST', `/api/hr/employees/${hodan}/allowances`, {
      allowanceTypeId: ids.housing,
      amount: '150.00',
      effectiveFrom: '2026-01-01',
    });
    expect(fieldMessage(overlap, 'effectiveFrom')).toBe('This employee already has this allowance in that period: end it first.');
    expect(
      fieldMessage(
        await call(orgA.token, 'POST', `/api/hr/employees/${hodan}/allowances`, { allowanceTypeId: ids.housing, amount: '0', effectiveFrom: '2027-01-01' }),
        'amount',
      ),
    ).toBeTruthy();
    expect(await snapshot()).toEqual(before);
    const allowanceId = added.allowances[0].id;
    const ended = json(await call(orgA.token, 'PATCH', `/api/hr/employees/${hodan}/allowances/${allowanceId}`, { effectiveTo: '2025-12-31' }), 200);
    expect(ended.allowances[0]).toMatchObject({ effectiveTo: '2025-12-31' });
    const raised = json(
      await call(orgA.token, 'POST', `/api/hr/employees/${hodan}/allowances`, { allowanceTypeId: ids.housing, amount: '150.00', effectiveFrom: '2026-01-01' }),
      201,
    );
    expect(raised.allowances.map((a: { amount: string }) => a.amount)).toEqual(['150.00', '120.00']);
    expect((await call(orgA.token, 'PATCH', `/api/hr/employees/${hodan}/allowances/${allowanceId}`, { effectiveTo: '2026-03-31' })).statusCode).toBe(409);
  });

  it('terminates with a date and a reason', async () => {
    const omar = json(await call(orgA.token, 'GET', '/api/hr/employees?q=Omar'), 200).data[0].id;
    const t = json(
      await call(orgA.token, 'PATCH', `/api/hr/employees/${omar}/status`, { status: 'Terminated', terminatedOn: '2026-05-31', terminationReason: 'Resigned' }),
      200,
    );
    expect(t).toMatchObject({ status: 'Terminated', terminatedOn: '2026-05-31', terminationReason: 'Resigned' });
    expect(json(await call(orgA.token, 'GET', '/api/hr/employees?status=Terminated'), 200).total).toBe(1);
    expect(
      (await call(orgA.token, 'POST', `/api/hr/employees/${omar}/salaries`, { effectiveFrom: '2026-07-01', basic: '900.00', currency: 'USD' })).statusCode,
    ).toBe(409);
  });

  describe('leave', () => {
    const request = (body: Record<string, unknown>, token = officer.token, lang = 'en') =>
      call(token, 'POST', '/api/hr/leaves', { employeeId: hodan, leaveTypeId: ids.annual, ...body }, lang);

    it('counts working days (Friday off), approves with the leaves privilege only, and keeps the balance per type and year', async () => {
      // Sunday 1 March to Saturday 7 March 2026: six working days.
      const r = json(await request({ startDate: '2026-03-01', endDate: '2026-03-07', reason: 'Family visit' }), 201);
      expect(r).toMatchObject({ days: '6.0', isPaid: true, status: 'Pending', employeeName: 'Hodan Ali' });
      const before = await snapshot();
      expect((await call(officer.token, 'PATCH', `/api/hr/leaves/${r.id}/decision`, { decision: 'Approved' })).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
      const approver = await staffUser(ctx, orgA, ['leaves']);
      const approved = json(await call(approver.token, 'PATCH', `/api/hr/leaves/${r.id}/decision`, { decision: 'Approved' }), 200);
      expect(approved).toMatchObject({ status: 'Approved', decidedBy: approver.username });
      const balances = json(await call(officer.token, 'GET', `/api/hr/employees/${hodan}/leave-balances?year=2026`), 200);
      expect(balances.rows.find((b: { leaveTypeId: number }) => b.leaveTypeId === ids.annual)).toMatchObject({
        accrued: '24.0',
        taken: '6.0',
        pending: '0.0',
        remaining: '18.0',
      });
      // Hired 6 January 2025: the whole of January counts, so 2025 accrues 24 too; 2024 accrues nothing.
      const y2024 = json(await call(officer.token, 'GET', `/api/hr/employees/${hodan}/leave-balances?year=2024`), 200);
      expect(y2024.rows.find((b: { leaveTypeId: number }) => b.leaveTypeId === ids.annual).accrued).toBe('0.0');
      expect((await call(approver.token, 'PATCH', `/api/hr/leaves/${r.id}/decision`, { decision: 'Approved' })).statusCode).toBe(409);
    });

    it('refuses more paid leave than remains (pending counts), overlapping dates and a range across the year end; unpaid leave is recorded unpaid', async () => {
      const before = await snapshot();
      const tooLong = await request({ startDate: '2026-04-01', endDate: '2026-04-30' }, officer.token, 'so');
      expect(fieldMessage(tooLong, 'endDate')).toBe('18.0 maalmood oo keliya ayaa ka haray fasaxan sanadkan; codsigu waa 26 maalmood.');
      expect(fieldMessage(await request({ startDate: '2026-03-05', endDate: '2026-03-10' }), 'startDate')).toBe(
        'These dates overlap another leave of this employee (2026-03-01 – 2026-03-07).',
      );
      expect(fieldMessage(await request({ startDate: '2026-12-28', endDate: '2027-01-03' }), 'endDate')).toBeTruthy();
      expect(fieldMessage(await request({ startDate: '2026-03-13', endDate: '2026-03-13' }), 'endDate')).toBe('These dates hold no working day.');
      expect(await snapshot()).toEqual(before);
      const pending = json(await request({ startDate: '2026-05-02', endDate: '2026-05-14' }), 201);
      expect(pending.days).toBe('12.0');
      // 18 remain, 12 pending: 8 more days do not fit.
      expect(fieldMessage(await request({ startDate: '2026-06-01', endDate: '2026-06-09' }), 'endDate')).toBeTruthy();
      const unpaid = json(await request({ leaveTypeId: ids.unpaid, startDate: '2026-06-01', endDate: '2026-06-30' }), 201);
      expect(unpaid).toMatchObject({ isPaid: false, days: '26.0' });
      const rejected = await call(orgA.token, 'PATCH', `/api/hr/leaves/${pending.id}/decision`, { decision: 'Rejected' });
      expect(fieldMessage(rejected, 'note')).toBe('Give the reason.');
      json(await call(orgA.token, 'PATCH', `/api/hr/leaves/${pending.id}/decision`, { decision: 'Rejected', note: 'Audit month' }), 200);
      const list = json(await call(officer.token, 'GET', `/api/hr/leaves?employeeId=${hodan}&year=2026`), 200);
      expect(list.data.map((l: { status: string }) => l.status)).toEqual(['Pending', 'Rejected', 'Approved']);
      expect(json(await call(orgB.token, 'GET', '/api/hr/leaves'), 200).total).toBe(0);
      expect((await call(clerk.token, 'GET', '/api/hr/leaves')).statusCode).toBe(403);
    });
  });
});

describe('HRM settings', () => {
  it('starts from the default chart accounts and the Somali working week; refuses an account of the wrong kind on its field', async () => {
    const s = json(await call(orgA.token, 'GET', '/api/hr/settings'), 200);
    expect(s).toMatchObject({ payPeriod: 'monthly', payDay: 28, workingDays: [1, 2, 3, 4, 6, 7], rounding: '0.01' });
    expect(s.accounts.map((a: { key: string; code: string }) => `${a.key}:${a.code}`)).toEqual([
      'salaryExpenseAccountId:6010',
      'allowanceExpenseAccountId:6020',
      'taxPayableAccountId:2200',
      'netPayPayableAccountId:2100',
      'loansAccountId:1115',
      'advancesAccountId:1110',
      'otherDeductionsAccountId:2110',
      'roundingAccountId:6030',
    ]);
    // Loans and advances on accounts of their own, so each shows what employees owe on it.
    expect(s.loansAccountId).not.toBe(s.advancesAccountId);
    const body = {
      payPeriod: 'monthly',
      payDay: 25,
      workingDays: [6, 7, 1, 2, 3],
      rounding: '1.00',
      salaryExpenseAccountId: s.salaryExpenseAccountId,
      allowanceExpenseAccountId: s.allowanceExpenseAccountId,
      taxPayableAccountId: s.taxPayableAccountId,
      netPayPayableAccountId: s.netPayPayableAccountId,
      loansAccountId: s.loansAccountId,
      advancesAccountId: s.advancesAccountId,
      otherDeductionsAccountId: s.otherDeductionsAccountId,
      roundingAccountId: s.roundingAccountId,
      taxableAllowanceTypeIds: [ids.housing],
    };
    const before = await snapshot();
    expect(
      fieldMessage(await call(orgA.token, 'PUT', '/api/hr/settings', { ...body, salaryExpenseAccountId: s.taxPayableAccountId }), 'salaryExpenseAccountId'),
    ).toBe('Choose an account of the right kind (expense).');
    expect(fieldMessage(await call(orgA.token, 'PUT', '/api/hr/settings', { ...body, advancesAccountId: s.loansAccountId }), 'advancesAccountId')).toBe(
      'Loans and salary advances need accounts of their own, so each shows what employees owe on it.',
    );
    // Other deductions may go to a liability or an income account, the rounding to an expense account.
    expect(
      fieldMessage(
        await call(orgA.token, 'PUT', '/api/hr/settings', { ...body, otherDeductionsAccountId: s.salaryExpenseAccountId }),
        'otherDeductionsAccountId',
      ),
    ).toBe('Choose an account of the right kind (liability / income).');
    expect(fieldMessage(await call(orgA.token, 'PUT', '/api/hr/settings', { ...body, roundingAccountId: s.taxPayableAccountId }), 'roundingAccountId')).toBe(
      'Choose an account of the right kind (expense).',
    );
    expect(fieldMessage(await call(orgA.token, 'PUT', '/api/hr/settings', { ...body, workingDays: [] }), 'workingDays')).toBe(
      'Choose at least one working day.',
    );
    expect((await call(officer.token, 'PUT', '/api/hr/settings', body)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    const saved = json(await call(orgA.token, 'PUT', '/api/hr/settings', body), 200);
    expect(saved).toMatchObject({ payDay: 25, workingDays: [1, 2, 3, 6, 7], rounding: '1.00' });
    expect(saved.allowanceTypes.find((t: { id: number }) => t.id === ids.housing).isTaxable).toBe(true);
  });

  it('keeps effective-dated progressive tax rules; the tax is computed bracket by bracket', async () => {
    const rule = json(
      await call(orgA.token, 'POST', '/api/hr/tax-rules', {
        effectiveFrom: '2025-01-01',
        note: 'Example brackets',
        brackets: [
          { lowerBound: '0', rate: '0' },
          { lowerBound: '200', rate: '6' },
          { lowerBound: '800', rate: '12' },
        ],
      }),
      201,
    );
    expect(rule.brackets).toEqual([
      { lowerBound: '0.00', rate: '0' },
      { lowerBound: '200.00', rate: '6' },
      { lowerBound: '800.00', rate: '12' },
    ]);
    const before = await snapshot();
    expect(
      fieldMessage(
        await call(orgA.token, 'POST', '/api/hr/tax-rules', { effectiveFrom: '2025-01-01', brackets: [{ lowerBound: '0', rate: '5' }] }),
        'effectiveFrom',
      ),
    ).toBe('Another tax rule starts on this date.');
    const bad = await call(orgA.token, 'POST', '/api/hr/tax-rules', { effectiveFrom: '2026-01-01', brackets: [{ lowerBound: '100', rate: '150' }] });
    expect(fieldMessage(bad, 'brackets.0.rate')).toBe('A rate is a percentage from 0 to 100.');
    expect(fieldMessage(bad, 'brackets.0.lowerBound')).toBe('The first bracket starts at 0.');
    expect(await snapshot()).toEqual(before);
    json(await call(orgA.token, 'POST', '/api/hr/tax-rules', { effectiveFrom: '2026-07-01', brackets: [{ lowerBound: '0', rate: '5' }] }), 201);
    const rules = json(await call(orgA.token, 'GET', '/api/hr/tax-rules'), 200).data;
    expect(rules.map((r: { effectiveFrom: string; effectiveTo: string | null }) => [r.effectiveFrom, r.effectiveTo])).toEqual([
      ['2026-07-01', null],
      ['2025-01-01', '2026-06-30'],
    ]);
    // 1000 a month: 600 at 6% + 200 at 12% = 36 + 24.
    expect(progressiveTax(rule.brackets, '1000.00')).toBe('60.00');
    expect(progressiveTax(rule.brackets, '150.00')).toBe('0.00');
    expect(progressiveTax(rule.brackets, '200.01')).toBe('0.00');
    expect(progressiveTax(rule.brackets, '800.00')).toBe('36.00');
    expect(json(await call(orgB.token, 'GET', '/api/hr/tax-rules'), 200).data).toEqual([]);
  });
});
