// Random payrolls (issue 16): employees with random salaries and allowances, joiners and leavers in the
// month, bonuses and deductions, loans and advances, unpaid leave and a random rounding unit; two months
// each generated, approved by another user and then paid, left owed or cancelled. After every sequence:
// every entry balances; each payslip's net = gross - tax - deductions - recoveries + rounding, a multiple of
// the unit, rounded by at most half of it; no loan recovered beyond its amount; and each employee's open
// items (loans, advances, net pay) equal their ledger balances on those accounts. Cheap by default
// (PAYROLL_RUNS, default 5); runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { expectOpenItemsMatchLedger } from '../../../test/receivable-invariant.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { Decimal } from '../../ledger/index.ts';
import { waitForJobs } from '../jobs/index.ts';
import { staffUser } from '../settings/test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const money = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((n) => (n / 100).toFixed(2));
const employee = fc.record({
  salary: money(50, 3000),
  allowance: fc.option(money(1, 400), { nil: null }),
  // Day of March 2026 the employee joined (null: before the month) and left (null: still employed).
  joined: fc.option(fc.integer({ min: 2, max: 28 }), { nil: null, freq: 3 }),
  left: fc.option(fc.integer({ min: 2, max: 30 }), { nil: null, freq: 3 }),
  bonus: fc.option(money(1, 500), { nil: null }),
  deduction: fc.option(money(1, 600), { nil: null }),
  loan: fc.option(fc.record({ amount: money(10, 1500), instalment: money(5, 800) }), { nil: null }),
  advance: fc.option(money(5, 700), { nil: null }),
  // Unpaid leave in March: first day and length.
  leave: fc.option(fc.record({ start: fc.integer({ min: 2, max: 20 }), days: fc.integer({ min: 2, max: 6 }) }), { nil: null, freq: 3 }),
  aprilDeduction: fc.option(money(1, 300), { nil: null }),
});
const scenario = fc.record({
  employees: fc.array(employee, { minLength: 1, maxLength: 5 }),
  rounding: fc.constantFrom('0.01', '0.05', '0.50', '1.00', '10.00'),
  taxableAllowance: fc.boolean(),
  // What happens to each month's approved run: paid, left owed, or cancelled.
  march: fc.constantFrom('pay', 'owe', 'cancel'),
  april: fc.constantFrom('pay', 'owe', 'cancel'),
});

const day = (d: number) => `2026-03-${String(d).padStart(2, '0')}`;

describe('payroll over random employees, adjustments, loans and leave', () => {
  it('balances every posting, adds every payslip up, never over-recovers a loan and keeps employee open items equal to the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => {
        const org = await newOrganisation(ctx);
        const approver = await staffUser(ctx, org, ['approve-payroll', 'pay-payroll', 'payroll']);
        const call = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, status = 200) => {
          const res = await ctx.app.inject({ method, url, payload, headers: bearer(token) });
          expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
          return res.json();
        };
        const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, status = 200) => call(org.token, method, url, payload, status);
        const make = async (path: string, body: object) => (await admin('POST', `/api/hr/${path}`, body, 201)).id as number;
        const department = await make('departments', { name: 'Operations' });
        const jobTitle = await make('job-titles', { name: 'Officer' });
        const housing = await make('allowance-types', { name: 'Housing', isTaxable: sc.taxableAllowance });
        const bonusType = await make('bonus-types', { name: 'Performance', isTaxable: true });
        const fine = await make('deduction-types', { name: 'Fine' });
        const unpaid = await make('leave-types', { name: 'Unpaid leave', daysPerYear: 60, isPaid: false });
        await admin(
          'POST',
          '/api/hr/tax-rules',
          {
            effectiveFrom: '2026-01-01',
            note: null,
            brackets: [
              { lowerBound: '0', rate: '0' },
              { lowerBound: '200', rate: '6' },
              { lowerBound: '800', rate: '12' },
            ],
          },
          201,
        );
        const s = await admin('GET', '/api/hr/settings');
        await admin('PUT', '/api/hr/settings', {
          payPeriod: 'monthly',
          payDay: 28,
          workingDays: s.workingDays,
          rounding: sc.rounding,
          salaryExpenseAccountId: s.salaryExpenseAccountId,
          allowanceExpenseAccountId: s.allowanceExpenseAccountId,
          taxPayableAccountId: s.taxPayableAccountId,
          netPayPayableAccountId: s.netPayPayableAccountId,
          loansAccountId: s.loansAccountId,
          advancesAccountId: s.advancesAccountId,
          otherDeductionsAccountId: s.otherDeductionsAccountId,
          roundingAccountId: s.roundingAccountId,
          taxableAllowanceTypeIds: sc.taxableAllowance ? [housing] : [],
        });
        const [cash] = await inSystem(ctx.database.db, (tx) =>
          queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${org.clientId} and code = '1010'`),
        );

        for (const [i, e] of sc.employees.entries()) {
          const hireDate = e.joined === null ? '2026-01-01' : day(e.joined);
          const id = (
            await admin(
              'POST',
              '/api/hr/employees',
              {
                firstName: `Worker${i}`,
                lastName: 'Random',
                sex: 'male',
                hireDate,
                departmentId: department,
                jobTitleId: jobTitle,
                employmentType: 'permanent',
                paymentMethod: 'cash',
                basicSalary: e.salary,
                currency: 'USD',
              },
              201,
            )
          ).id as number;
          if (e.allowance)
            await admin('POST', `/api/hr/employees/${id}/allowances`, { allowanceTypeId: housing, amount: e.allowance, effectiveFrom: hireDate }, 201);
          const adjust = (period: string, kind: string, typeId: number, amount: string) =>
            admin('POST', '/api/hr/payroll-adjustments', { employeeId: id, period, kind, typeId, amount }, 201);
          if (e.bonus) await adjust('2026-03', 'bonus', bonusType, e.bonus);
          if (e.deduction) await adjust('2026-03', 'deduction', fine, e.deduction);
          if (e.aprilDeduction) await adjust('2026-04', 'deduction', fine, e.aprilDeduction);
          if (e.joined === null) {
            // Loans and advances of February, recovered from March on; unpaid leave in March.
            if (e.loan) {
              const instalment = Decimal.min(e.loan.instalment, e.loan.amount).toFixed(2);
              await admin('POST', '/api/hr/loans', { employeeId: id, date: '2026-02-10', amount: e.loan.amount, instalment, accountId: cash.id }, 201);
            }
            if (e.advance) await admin('POST', '/api/hr/advances', { employeeId: id, date: '2026-02-20', amount: e.advance, accountId: cash.id }, 201);
            if (e.leave) {
              const leave = await admin(
                'POST',
                '/api/hr/leaves',
                { employeeId: id, leaveTypeId: unpaid, startDate: day(e.leave.start), endDate: day(e.leave.start + e.leave.days - 1), reason: null },
                201,
              );
              await call(org.token, 'PATCH', `/api/hr/leaves/${leave.id}/decision`, { decision: 'Approved', note: null });
            }
          }
          if (e.left !== null && (e.joined === null || e.left >= e.joined)) {
            await admin('PATCH', `/api/hr/employees/${id}/status`, { status: 'Terminated', terminatedOn: day(e.left), terminationReason: 'Left' });
          }
        }

        for (const [period, fate] of [
          ['2026-03', sc.march],
          ['2026-04', sc.april],
        ] as const) {
          const accepted = await admin('POST', '/api/hr/payroll/runs', { period, departmentId: null }, 202);
          await waitForJobs(ctx.app.db);
          const job = await admin('GET', `/api/hr/payroll/jobs/${accepted.jobId}`);
          if (job.status !== 'done') {
            // Nobody to pay this month (all left, or every net pay negative).
            expect(job.error).toBe('No employee is paid in this payroll.');
            continue;
          }
          await call(approver.token, 'POST', `/api/hr/payroll/runs/${job.runId}/approve`);
          if (fate === 'pay') await call(approver.token, 'POST', `/api/hr/payroll/runs/${job.runId}/pay`, { date: `${period}-28`, accountId: cash.id });
          if (fate === 'cancel') await admin('POST', `/api/hr/payroll/runs/${job.runId}/cancel`, { reason: 'Random' });
        }

        await inSystem(ctx.database.db, async (tx) => {
          const unbalanced = await queryRows(
            tx,
            sql`select entry_id from journal_lines where client_id = ${org.clientId} group by entry_id having sum(debit) <> sum(credit)`,
          );
          expect(unbalanced).toEqual([]);
          const slips = await queryRows<Record<string, string>>(
            tx,
            sql`select basic::text, allowances::text, bonuses::text, gross::text, tax::text, deductions::text, loan_recovery::text,
                    advance_recovery::text, rounding::text, net::text from hr_payslips where client_id = ${org.clientId}`,
          );
          const unit = new Decimal(sc.rounding);
          for (const p of slips) {
            expect(new Decimal(p.gross).toFixed(2)).toBe(new Decimal(p.basic).plus(p.allowances).plus(p.bonuses).toFixed(2));
            const exact = new Decimal(p.gross).minus(p.tax).minus(p.deductions).minus(p.loan_recovery).minus(p.advance_recovery);
            expect(exact.gte(0)).toBe(true);
            expect(new Decimal(p.net).toFixed(2)).toBe(exact.plus(p.rounding).toFixed(2));
            expect(new Decimal(p.net).mod(unit).isZero()).toBe(true);
            expect(new Decimal(p.rounding).abs().lte(unit.div(2))).toBe(true);
          }
          const loans = await queryRows<{ amount: string; repaid: string; status: string }>(
            tx,
            sql`select l.amount::text, coalesce((select sum(r.amount) from hr_loan_repayments r where r.loan_id = l.id and r.status = 'Posted'), 0)::text as repaid,
                    l.status from hr_loans l where l.client_id = ${org.clientId}`,
          );
          for (const l of loans) {
            expect(new Decimal(l.repaid).lte(l.amount)).toBe(true);
            expect(l.status).toBe(new Decimal(l.repaid).eq(l.amount) ? 'Repaid' : 'Open');
          }
          // What each employee is owed on net pay payable: the net of their payslips in runs approved and not paid.
          const owed = await queryRows<{ employee_id: number; ledger: string; owed: string }>(
            tx,
            sql`with ledger as (
                    select party_id, sum(credit - debit) as n from journal_lines
                    where client_id = ${org.clientId} and account_id = ${s.netPayPayableAccountId} and party_type = 'employee' group by party_id
                  ), owed as (
                    select p.employee_id, sum(p.net) as n from hr_payslips p join hr_payroll_runs r on r.id = p.run_id
                    where p.client_id = ${org.clientId} and r.status = 'Approved' group by p.employee_id
                  )
                  select coalesce(l.party_id, o.employee_id) as employee_id, coalesce(l.n, 0)::text as ledger, coalesce(o.n, 0)::text as owed
                  from ledger l full join owed o on o.employee_id = l.party_id`,
          );
          for (const o of owed) expect(new Decimal(o.ledger).toFixed(2), `employee ${o.employee_id}`).toBe(new Decimal(o.owed).toFixed(2));
          // Paid net pay is settled item against item: what stays open is only what is owed, and no payment waits unallocated.
          const [items] = await queryRows<{ credit: string; debit: string }>(
            tx,
            sql`select coalesce(sum(amount - settled) filter (where side = 'credit'), 0)::text as credit,
                    coalesce(sum(amount - settled) filter (where side = 'debit'), 0)::text as debit
                  from open_items where client_id = ${org.clientId} and account_id = ${s.netPayPayableAccountId} and status = 'Open'`,
          );
          expect(new Decimal(items.debit).toFixed(2)).toBe('0.00');
          expect(new Decimal(items.credit).toFixed(2)).toBe(owed.reduce((t, o) => t.plus(o.owed), new Decimal(0)).toFixed(2));
        });
        for (const code of ['1110', '1115', '2100']) await expectOpenItemsMatchLedger(ctx.database.db, org.clientId, 'employee', code);
      }),
      { numRuns: Number(process.env.PAYROLL_RUNS ?? 5) },
    );
  }, 300_000);
});
