// The demo organisation's people (issue 16): four departments with sub-sections, job titles, duty stations,
// two banks, allowance, bonus, deduction and leave types, 25 employees paid by cash, bank or mobile money,
// each with a basic salary (some raised since) and recurring allowances, leave taken and pending, and the
// HRM settings' tax rule with example brackets (examples, not any country's law). Built with the modules'
// own services and contracts, one transaction per step as the HR officer would.
import {
  adjustmentBody,
  advanceBody,
  allowanceBody,
  employeeCreateBody,
  loanBody,
  exampleTaxBrackets,
  leaveRequestBody,
  salaryChangeBody,
  taxRuleBody,
  type z,
} from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { createReference } from '../lib/reference-list.ts';
import {
  addAllowance,
  allowanceTypeList,
  approvePayroll,
  createAdjustment,
  generatePayroll,
  giveLoan,
  payPayroll,
  periodBounds,
  bankTypeList,
  bonusTypeList,
  changeSalary,
  createEmployee,
  createTaxRule,
  decideLeave,
  deductionTypeList,
  departmentList,
  dutyStationList,
  jobTitleList,
  leaveTypeList,
  requestLeave,
  subSectionList,
} from '../modules/hr/index.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows.ts';
import { inTenant } from '../db/tenant.ts';
import { systemActor } from '../lib/actor.ts';
import { actorTx } from '../plugins/auth.ts';
import { demoAdministrator } from './demo-billing.ts';

export interface DemoHrResult {
  employees: number;
  departments: number;
  leaveRequests: number;
  loans: number;
  advances: number;
  /** Last month's payroll, approved and paid. */
  payrollRun: string | null;
}

const DEPARTMENTS = [
  { name: 'Administration', subs: ['Human resources', 'Procurement'] },
  { name: 'Finance', subs: ['Billing', 'Accounts'] },
  { name: 'Technical', subs: ['Power network', 'Water network'] },
  { name: 'Customer service', subs: ['Call centre', 'Field collection'] },
];
const JOBS = [
  'General manager',
  'HR officer',
  'Accountant',
  'Cashier',
  'Billing officer',
  'Engineer',
  'Technician',
  'Meter reader',
  'Customer care agent',
  'Driver',
];
const FIRST = [
  'Abdi',
  'Hodan',
  'Faadumo',
  'Mohamed',
  'Amina',
  'Ahmed',
  'Sahra',
  'Omar',
  'Khadra',
  'Yusuf',
  'Nimco',
  'Ali',
  'Ifrah',
  'Hassan',
  'Deeqa',
  'Ibrahim',
  'Hibo',
  'Abdirahman',
  'Ubah',
  'Mustafe',
  'Layla',
  'Guled',
  'Asha',
  'Farah',
  'Ruqiya',
];
const LAST = ['Warsame', 'Jaamac', 'Cali', 'Faarax', 'Xasan', 'Maxamed', 'Yuusuf', 'Aadan', 'Cismaan', 'Nuur'];

export async function seedDemoHr(db: Db, opts: { code: number; username: string; today?: Date }): Promise<DemoHrResult> {
  const admin = await demoAdministrator(db, opts.code, opts.username);
  const today = opts.today ?? new Date();
  const year = today.getUTCFullYear();
  const step = <T>(fn: (tx: Db) => Promise<T>) => actorTx(db, admin, fn);
  const ref = async <L extends Parameters<typeof createReference>[0]['list']>(list: L, input: Record<string, unknown>) =>
    (await step((tx) => createReference({ tx, actor: admin, list, input: list.body.parse(input) as never }))) as { id: number };

  const departments: { id: number; subs: number[] }[] = [];
  for (const d of DEPARTMENTS) {
    const dept = await ref(departmentList, { name: d.name });
    const subs: number[] = [];
    for (const s of d.subs) subs.push((await ref(subSectionList, { name: s, departmentId: dept.id })).id);
    departments.push({ id: dept.id, subs });
  }
  const jobs: number[] = [];
  for (const j of JOBS) jobs.push((await ref(jobTitleList, { name: j })).id);
  const stations = [(await ref(dutyStationList, { name: 'Head office' })).id, (await ref(dutyStationList, { name: 'Power station' })).id];
  const banks = [(await ref(bankTypeList, { name: 'Salaam Somali Bank' })).id, (await ref(bankTypeList, { name: 'Premier Bank' })).id];
  const housing = (await ref(allowanceTypeList, { name: 'Housing', isTaxable: true })).id;
  const transport = (await ref(allowanceTypeList, { name: 'Transport', isTaxable: false })).id;
  const hardship = (await ref(allowanceTypeList, { name: 'Field hardship', isTaxable: true })).id;
  const performance = (await ref(bonusTypeList, { name: 'Performance bonus', isTaxable: true })).id;
  await ref(bonusTypeList, { name: 'Eid bonus', isTaxable: false });
  await ref(deductionTypeList, { name: 'Absence' });
  await ref(deductionTypeList, { name: 'Damage to equipment' });
  const annual = (await ref(leaveTypeList, { name: 'Annual leave', daysPerYear: 24, isPaid: true })).id;
  await ref(leaveTypeList, { name: 'Sick leave', daysPerYear: 10, isPaid: true });
  await ref(leaveTypeList, { name: 'Maternity leave', daysPerYear: 90, isPaid: true });
  const unpaid = (await ref(leaveTypeList, { name: 'Unpaid leave', daysPerYear: 0, isPaid: false })).id;

  await step((tx) =>
    createTaxRule({
      tx,
      actor: admin,
      input: taxRuleBody.parse({ effectiveFrom: `${year - 1}-01-01`, note: 'Example brackets (not any law)', brackets: exampleTaxBrackets }),
    }),
  );

  const employeeIds: number[] = [];
  for (let i = 0; i < 25; i += 1) {
    const dept = departments[i % 4];
    const job = jobs[i === 0 ? 0 : 1 + (i % (JOBS.length - 1))];
    const method = i % 3 === 0 ? 'bank' : i % 3 === 1 ? 'mobile' : 'cash';
    const hireYear = year - 1 - (i % 4);
    const hireDate = `${hireYear}-${String(1 + (i % 12)).padStart(2, '0')}-01`;
    const basic = i === 0 ? '2500.00' : (300 + ((i * 37) % 12) * 50).toFixed(2);
    const input: z.input<typeof employeeCreateBody> = {
      firstName: FIRST[i],
      lastName: LAST[i % LAST.length],
      sex: i % 2 === 0 ? 'male' : 'female',
      phone: `061${String(5100000 + i * 731).padStart(7, '0')}`,
      hireDate,
      departmentId: dept.id,
      subSectionId: dept.subs[i % 2],
      jobTitleId: job,
      dutyStationId: stations[i % 5 === 4 ? 1 : 0],
      employmentType: i % 7 === 6 ? 'contract' : 'permanent',
      paymentMethod: method,
      bankTypeId: method === 'bank' ? banks[i % 2] : null,
      bankAccount: method === 'bank' ? `0${1000200300 + i * 17}` : null,
      mobileNumber: method === 'mobile' ? `061${String(5200000 + i * 911).padStart(7, '0')}` : null,
      dateOfBirth: null,
      idType: null,
      dutyId: null,
      institutionId: null,
      facultyId: null,
      basicSalary: basic,
      currency: 'USD',
    };
    if (i % 3 === 1) input.sex = 'female';
    const e = await step((tx) => createEmployee({ tx, actor: admin, input: employeeCreateBody.parse(input) }));
    employeeIds.push(e.id);
    // A raise this year for every third employee: the history keeps last year's salary.
    if (i % 3 === 0) {
      const raised = (Number(basic) * 1.1).toFixed(2);
      await step((tx) =>
        changeSalary({
          tx,
          actor: admin,
          id: e.id,
          input: salaryChangeBody.parse({ effectiveFrom: `${year}-01-01`, basic: raised, currency: 'USD', reason: 'Annual review' }),
        }),
      );
    }
    const allowance = (type: number, amount: string) =>
      step((tx) => addAllowance({ tx, actor: admin, id: e.id, input: allowanceBody.parse({ allowanceTypeId: type, amount, effectiveFrom: hireDate }) }));
    await allowance(housing, (50 + (i % 4) * 25).toFixed(2));
    if (i % 2 === 0) await allowance(transport, '30.00');
    if (dept === departments[2]) await allowance(hardship, '40.00');
  }

  // Leave this year: the first Sunday of February for six working days (approved) for five people, an
  // unpaid week for one, and two requests still waiting for a decision.
  const firstSunday = (month: number) => {
    const d = new Date(Date.UTC(year, month, 1));
    while (d.getUTCDay() !== 0) d.setUTCDate(d.getUTCDate() + 1);
    return d;
  };
  const iso = (d: Date, plus = 0) => new Date(d.getTime() + plus * 86400000).toISOString().slice(0, 10);
  let leaveRequests = 0;
  const request = async (employeeId: number, leaveTypeId: number, start: Date, days: number, approve: boolean) => {
    const r = await step((tx) =>
      requestLeave({
        tx,
        actor: admin,
        input: leaveRequestBody.parse({ employeeId, leaveTypeId, startDate: iso(start), endDate: iso(start, days - 1), reason: null }),
      }),
    );
    leaveRequests += 1;
    if (approve) await step((tx) => decideLeave({ tx, actor: admin, id: r.id, input: { decision: 'Approved', note: null } }));
  };
  for (let i = 1; i <= 5; i += 1) await request(employeeIds[i], annual, firstSunday(1), 7, true);
  await request(employeeIds[7], unpaid, firstSunday(2), 7, true);
  await request(employeeIds[9], annual, firstSunday(10), 5, false);
  await request(employeeIds[11], annual, firstSunday(11), 3, false);

  // Payroll: two loans given two months ago (the first instalment came off last month's pay), an advance
  // last month (recovered in full by last month's payroll), a bonus, and last month's payroll generated by
  // the administrator, approved by another user (the finance officer, else the cashier) and paid in cash.
  const month = (back: number) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    return d.toISOString().slice(0, 7);
  };
  const last = month(1);
  const cashId = await step(async (tx) => {
    const [a] = await queryRows<{ id: number }>(tx, sql`select id from accounts where code = '1010'`);
    return a.id;
  });
  await step((tx) =>
    giveLoan({
      tx,
      actor: admin,
      kind: 'loan',
      input: loanBody.parse({ employeeId: employeeIds[2], date: `${month(2)}-05`, amount: '600.00', instalment: '100.00', accountId: cashId, memo: null }),
    }),
  );
  await step((tx) =>
    giveLoan({
      tx,
      actor: admin,
      kind: 'loan',
      input: loanBody.parse({ employeeId: employeeIds[6], date: `${month(2)}-12`, amount: '1200.00', instalment: '200.00', accountId: cashId, memo: null }),
    }),
  );
  await step((tx) =>
    giveLoan({
      tx,
      actor: admin,
      kind: 'advance',
      input: advanceBody.parse({ employeeId: employeeIds[10], date: `${last}-10`, amount: '150.00', accountId: cashId, memo: null }),
    }),
  );
  await step((tx) =>
    createAdjustment({
      tx,
      actor: admin,
      input: adjustmentBody.parse({
        employeeId: employeeIds[4],
        period: last,
        kind: 'bonus',
        typeId: performance,
        amount: '75.00',
        note: 'Best collection rate',
      }),
    }),
  );
  const run = await step((tx) => generatePayroll({ tx, actor: admin, period: last, departmentId: null }));
  const [approver] = await inTenant(db, admin.clientId, (tx) =>
    queryRows<{ id: number; username: string; fullname: string }>(
      tx,
      sql`select id, username, fullname from users where username in ('finance', 'cashier') order by username = 'finance' desc limit 1`,
    ),
  );
  let payrollRun: string | null = null;
  if (approver) {
    const other = {
      ...systemActor({ clientId: admin.clientId, userId: Number(approver.id), username: approver.username, fullname: approver.fullname }),
      branchId: admin.branchId,
    };
    const approved = await actorTx(db, other, (tx) => approvePayroll({ tx, actor: other, id: run.runId }));
    await step((tx) => payPayroll({ tx, actor: admin, id: run.runId, input: { date: periodBounds(last).d1, accountId: cashId } }));
    payrollRun = approved.number;
  }

  return { employees: employeeIds.length, departments: departments.length, leaveRequests, loans: 2, advances: 1, payrollRun };
}
