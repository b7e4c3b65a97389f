// The demo organisation's people (issue 16): four departments with sub-sections, job titles, duty stations,
// two banks, allowance, bonus, deduction and leave types, 25 employees paid by cash, bank or mobile money,
// each with a basic salary (some raised since) and recurring allowances, leave taken and pending, and the
// HRM settings' tax rule with example brackets (examples, not any country's law). Built with the modules'
// own services and contracts, one transaction per step as the HR officer would.
import { allowanceBody, employeeCreateBody, exampleTaxBrackets, leaveRequestBody, salaryChangeBody, taxRuleBody, type z } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { createReference } from '../lib/reference-list.ts';
import {
  addAllowance,
  allowanceTypeList,
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
import { actorTx } from '../plugins/auth.ts';
import { demoAdministrator } from './demo-billing.ts';

export interface DemoHrResult {
  employees: number;
  departments: number;
  leaveRequests: number;
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
  await ref(bonusTypeList, { name: 'Performance bonus', isTaxable: true });
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

  return { employees: employeeIds.length, departments: departments.length, leaveRequests };
}
