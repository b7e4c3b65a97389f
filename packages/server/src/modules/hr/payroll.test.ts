// Payroll (issue 16 part 2): loans and advances posted as employee open items, early repayment, payroll
// adjustments, and the payroll run (preview, draft job, approval by another user, payment, cancellation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { staffUser } from '../settings/test-support.ts';
import { waitForJobs } from '../jobs/index.ts';
import { pdfText } from '../document-print/pdf-inspect-test-kit.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;
let lender: Awaited<ReturnType<typeof staffUser>>;
let bonusOnly: Awaited<ReturnType<typeof staffUser>>;
let clerk: Awaited<ReturnType<typeof staffUser>>;
let ids: { department: number; other: number; jobTitle: number; housing: number; bonus: number; fine: number; cash: number; expense: number };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object, lang = 'en') =>
  ctx.app.inject({ method, url, payload, headers: { ...bearer(token), 'x-lang': lang } });
type Res = Awaited<ReturnType<typeof call>>;
const json = (res: Res, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const fields = (res: Res) => {
  expect(res.statusCode, res.body).toBe(400);
  return Object.fromEntries((res.json().details as { field: string; message: string }[]).map((d) => [d.field, d.message]));
};
const snapshot = () => tableSnapshot(ctx.database.db);

let employeeCounter = 0;
async function hire(body: Record<string, unknown> = {}) {
  employeeCounter += 1;
  return json(
    await call(orgA.token, 'POST', '/api/hr/employees', {
      firstName: `Worker${employeeCounter}`,
      lastName: 'Ali',
      sex: 'female',
      hireDate: '2026-01-01',
      departmentId: ids.department,
      jobTitleId: ids.jobTitle,
      employmentType: 'permanent',
      paymentMethod: 'cash',
      basicSalary: '1000.00',
      currency: 'USD',
      ...body,
    }),
    201,
  ).id as number;
}

/** The employee's balance on an account in the ledger and in the open items. */
async function employeeBalance(clientId: number, employeeId: number, accountId: number) {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ ledger: string; items: string }>(
      tx,
      sql`select
        (select coalesce(sum(debit - credit), 0)::text from journal_lines where client_id = ${clientId} and party_type = 'employee' and party_id = ${employeeId} and account_id = ${accountId}) as ledger,
        (select coalesce(sum(case when side = 'debit' then amount - settled else settled - amount end), 0)::text from open_items
          where client_id = ${clientId} and party_type = 'employee' and party_id = ${employeeId} and account_id = ${accountId} and status = 'Open') as items`,
    ),
  );
  return { ledger: Number(row.ledger).toFixed(2), items: Number(row.items).toFixed(2) };
}

async function unbalancedEntries(clientId: number) {
  const rows = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ entry_id: string }>(
      tx,
      sql`select entry_id from journal_lines where client_id = ${clientId} group by entry_id having sum(debit) <> sum(credit)`,
    ),
  );
  return rows.length;
}

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
  lender = await staffUser(ctx, orgA, ['loan', 'advance']);
  bonusOnly = await staffUser(ctx, orgA, ['payroll-adjustment', 'bonus']);
  clerk = await staffUser(ctx, orgA, ['employee']);
  const make = async (path: string, body: object) => json(await call(orgA.token, 'POST', `/api/hr/${path}`, body), 201).id as number;
  const [cash] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${orgA.clientId} and code = '1010'`),
  );
  const [expense] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${orgA.clientId} and type = 'expense' order by code limit 1`),
  );
  ids = {
    department: await make('departments', { name: 'Finance' }),
    other: await make('departments', { name: 'Technical' }),
    jobTitle: await make('job-titles', { name: 'Accountant' }),
    housing: await make('allowance-types', { name: 'Housing', isTaxable: false }),
    bonus: await make('bonus-types', { name: 'Performance', isTaxable: true }),
    fine: await make('deduction-types', { name: 'Late arrival' }),
    cash: cash.id,
    expense: expense.id,
  };
});
afterAll(() => ctx.close());

describe('loans and advances', () => {
  let employee: number;
  let loanId: number;
  let loansAccount: number;

  it('gives a loan: posted employee receivable against cash, an open item, a monthly schedule from the next month', async () => {
    employee = await hire();
    const loan = json(
      await call(lender.token, 'POST', '/api/hr/loans', { employeeId: employee, date: '2026-02-10', amount: '1000', instalment: '300', accountId: ids.cash }),
      201,
    );
    loanId = loan.id;
    expect(loan).toMatchObject({ number: 'LN-000001', amount: '1000.00', instalment: '300.00', firstPeriod: '2026-03', balance: '1000.00', status: 'Open' });
    expect(loan.schedule.map((s: { period: string; amount: string }) => `${s.period}:${s.amount}`)).toEqual([
      '2026-03:300.00',
      '2026-04:300.00',
      '2026-05:300.00',
      '2026-06:100.00',
    ]);
    const settings = json(await call(orgA.token, 'GET', '/api/hr/settings'), 200);
    loansAccount = settings.loansAccountId;
    expect(await employeeBalance(orgA.clientId, employee, loansAccount)).toEqual({ ledger: '1000.00', items: '1000.00' });
    expect(await unbalancedEntries(orgA.clientId)).toBe(0);
  });

  it('repays early: at most the balance, posted into cash, settling the open item; repaid in full the loan is Repaid', async () => {
    const before = await snapshot();
    expect(
      fields(await call(lender.token, 'POST', `/api/hr/loans/${loanId}/repayments`, { date: '2026-02-20', amount: '1000.01', accountId: ids.cash })),
    ).toEqual({
      amount: 'The balance is only 1000.00.',
    });
    expect(
      fields(await call(lender.token, 'POST', `/api/hr/loans/${loanId}/repayments`, { date: '2026-02-01', amount: '5', accountId: ids.expense }, 'so')),
    ).toEqual({ date: 'Celintu ma noqon karto ka hor taariikhda amaahda.', accountId: 'Dooro xisaab lacag caddaan ah, bangi ama lacag mobaylka.' });
    expect(await snapshot()).toEqual(before);
    const part = json(await call(lender.token, 'POST', `/api/hr/loans/${loanId}/repayments`, { date: '2026-02-20', amount: '400', accountId: ids.cash }), 201);
    expect(part).toMatchObject({ repaid: '400.00', balance: '600.00', status: 'Open' });
    expect(part.schedule.map((s: { amount: string }) => s.amount)).toEqual(['300.00', '300.00']);
    expect(await employeeBalance(orgA.clientId, employee, loansAccount)).toEqual({ ledger: '600.00', items: '600.00' });
    const rest = json(await call(lender.token, 'POST', `/api/hr/loans/${loanId}/repayments`, { date: '2026-02-21', amount: '600', accountId: ids.cash }), 201);
    expect(rest).toMatchObject({ balance: '0.00', status: 'Repaid', schedule: [] });
    expect((await call(lender.token, 'POST', `/api/hr/loans/${loanId}/repayments`, { date: '2026-02-22', amount: '1', accountId: ids.cash })).statusCode).toBe(
      409,
    );
    expect(await employeeBalance(orgA.clientId, employee, loansAccount)).toEqual({ ledger: '0.00', items: '0.00' });
    expect(await unbalancedEntries(orgA.clientId)).toBe(0);
  });

  it('refuses bad input field by field in English and Somali and changes nothing', async () => {
    const before = await snapshot();
    const en = fields(
      await call(lender.token, 'POST', '/api/hr/loans', { employeeId: employee, date: '2026-02-30', amount: '-5', instalment: '10', accountId: ids.cash }),
    );
    expect(en).toMatchObject({ date: expect.any(String), amount: 'Enter an amount greater than zero.' });
    const so = fields(
      await call(
        lender.token,
        'POST',
        '/api/hr/loans',
        { employeeId: employee, date: '2026-02-10', amount: '100', instalment: '200', accountId: ids.expense },
        'so',
      ),
    );
    expect(so).toEqual({ instalment: 'Qaybta bisha ma dhaafi karto amaahda.' });
    expect(
      fields(
        await call(lender.token, 'POST', '/api/hr/loans', {
          employeeId: employee,
          date: '2025-12-31',
          amount: '100',
          instalment: '50',
          accountId: ids.expense,
        }),
      ),
    ).toEqual({ date: 'The date cannot be before the hire date (2026-01-01).', accountId: 'Choose a cash, bank or mobile-money account.' });
    expect(
      fields(
        await call(lender.token, 'POST', '/api/hr/loans', {
          employeeId: employee,
          date: '2026-02-10',
          amount: '100',
          instalment: '50',
          firstPeriod: '2026-01',
          accountId: ids.cash,
        }),
      ),
    ).toEqual({ firstPeriod: 'Recovery cannot start before the month the loan is given.' });
    expect(await snapshot()).toEqual(before);
  });

  it('gives an advance (its own series and privilege); loans need loan, advances advance; another organisation sees nothing', async () => {
    const adv = json(
      await call(lender.token, 'POST', '/api/hr/advances', { employeeId: employee, date: '2026-03-05', amount: '150', accountId: ids.cash }),
      201,
    );
    expect(adv).toMatchObject({ kind: 'advance', number: 'ADV-000001', instalment: '150.00', firstPeriod: '2026-03', balance: '150.00' });
    const list = json(await call(lender.token, 'GET', `/api/hr/advances?employeeId=${employee}`), 200);
    expect(list.totals).toEqual({ amount: '150.00', repaid: '0.00', balance: '150.00' });
    const before = await snapshot();
    expect(
      (await call(clerk.token, 'POST', '/api/hr/loans', { employeeId: employee, date: '2026-02-10', amount: '10', instalment: '10', accountId: ids.cash }))
        .statusCode,
    ).toBe(403);
    expect((await call(clerk.token, 'GET', '/api/hr/advances')).statusCode).toBe(403);
    expect(
      (await call(bonusOnly.token, 'POST', '/api/hr/advances', { employeeId: employee, date: '2026-03-05', amount: '1', accountId: ids.cash })).statusCode,
    ).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(json(await call(orgB.token, 'GET', '/api/hr/loans'), 200).total).toBe(0);
    expect((await call(orgB.token, 'GET', `/api/hr/loans/${loanId}`)).statusCode).toBe(404);
    expect((await call(orgB.token, 'GET', `/api/hr/advances/${adv.id}`)).statusCode).toBe(404);
    // A loan id is not an advance.
    expect((await call(orgA.token, 'GET', `/api/hr/advances/${loanId}`)).statusCode).toBe(404);
    expect(
      fields(
        await call(orgB.token, 'POST', '/api/hr/loans', { employeeId: employee, date: '2026-02-10', amount: '10', instalment: '10', accountId: ids.cash }),
      ),
    ).toMatchObject({ employeeId: 'The selected record does not exist.' });
  });
});

describe('payroll adjustments', () => {
  let employee: number;
  let second: number;

  it('records a bonus and a deduction; a grid for a department; each kind needs its privilege', async () => {
    employee = await hire();
    second = await hire();
    const bonus = json(
      await call(bonusOnly.token, 'POST', '/api/hr/payroll-adjustments', {
        employeeId: employee,
        period: '2026-03',
        kind: 'bonus',
        typeId: ids.bonus,
        amount: '50',
      }),
      201,
    );
    expect(bonus).toMatchObject({ kind: 'bonus', type: 'Performance', amount: '50.00', status: 'Active', runNumber: null, department: 'Finance' });
    const before = await snapshot();
    expect(
      (
        await call(bonusOnly.token, 'POST', '/api/hr/payroll-adjustments', {
          employeeId: employee,
          period: '2026-03',
          kind: 'deduction',
          typeId: ids.fine,
          amount: '5',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(clerk.token, 'GET', '/api/hr/payroll-adjustments')).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    const grid = json(
      await call(orgA.token, 'POST', '/api/hr/payroll-adjustments/batch', {
        period: '2026-03',
        kind: 'deduction',
        typeId: ids.fine,
        rows: [
          { employeeId: employee, amount: '10' },
          { employeeId: second, amount: '20', note: 'Three days late' },
        ],
      }),
      201,
    );
    expect(grid.created).toBe(2);
    const list = json(await call(orgA.token, 'GET', `/api/hr/payroll-adjustments?period=2026-03&departmentId=${ids.department}`), 200);
    expect(list.data.map((r: { kind: string; amount: string }) => `${r.kind}:${r.amount}`).sort()).toEqual([
      'bonus:50.00',
      'deduction:10.00',
      'deduction:20.00',
    ]);
    expect(json(await call(orgB.token, 'GET', '/api/hr/payroll-adjustments'), 200).total).toBe(0);
  });

  it('refuses bad grids and entries field by field (EN and SO) and changes nothing; cancels an adjustment', async () => {
    const before = await snapshot();
    expect(
      fields(
        await call(orgA.token, 'POST', '/api/hr/payroll-adjustments/batch', {
          period: '2026-3',
          kind: 'deduction',
          typeId: ids.bonus + 1000,
          rows: [
            { employeeId: employee, amount: '0' },
            { employeeId: second, amount: '1,000.00' },
          ],
        }),
      ),
    ).toEqual({
      period: 'Enter the period as YYYY-MM, for example 2026-03.',
      'rows.0.amount': 'Enter an amount greater than zero.',
      'rows.1.amount': 'Enter an amount such as 1250.50.',
    });
    expect(
      fields(
        await call(
          orgA.token,
          'POST',
          '/api/hr/payroll-adjustments/batch',
          {
            period: '2026-03',
            kind: 'deduction',
            typeId: 999999,
            rows: [
              { employeeId: employee, amount: '1' },
              { employeeId: employee, amount: '2' },
            ],
          },
          'so',
        ),
      ),
    ).toEqual({ typeId: 'Ka dooro nooc firfircoon liiska.', 'rows.1.employeeId': 'Shaqaalahan laba jeer ayuu ku jiraa.' });
    expect(
      fields(await call(orgA.token, 'POST', '/api/hr/payroll-adjustments/batch', { period: '2026-03', kind: 'bonus', typeId: ids.bonus, rows: [] })),
    ).toEqual({
      rows: 'Enter at least one amount.',
    });
    expect(await snapshot()).toEqual(before);
    const extra = json(
      await call(orgA.token, 'POST', '/api/hr/payroll-adjustments', { employeeId: second, period: '2026-03', kind: 'bonus', typeId: ids.bonus, amount: '99' }),
      201,
    );
    expect(json(await call(orgA.token, 'PATCH', `/api/hr/payroll-adjustments/${extra.id}/cancel`), 200).status).toBe('Cancelled');
    expect((await call(orgA.token, 'PATCH', `/api/hr/payroll-adjustments/${extra.id}/cancel`)).statusCode).toBe(409);
    expect((await call(orgB.token, 'PATCH', `/api/hr/payroll-adjustments/${extra.id}/cancel`)).statusCode).toBe(404);
  });
});

describe('payroll runs', () => {
  let approver: Awaited<ReturnType<typeof staffUser>>;
  let payer: Awaited<ReturnType<typeof staffUser>>;
  let a: number;
  let b: number;
  let d: number;
  let loanA: number;
  let runId: number;
  let settings: {
    salaryExpenseAccountId: number;
    loansAccountId: number;
    advancesAccountId: number;
    netPayPayableAccountId: number;
    taxPayableAccountId: number;
    otherDeductionsAccountId: number;
    roundingAccountId: number;
  };
  const scope = () => ({ period: '2026-04', departmentId: ids.other });
  const scopeJuly = () => ({ period: '2026-07', departmentId: ids.other });

  /** Sum of an entry's lines on one account (credit - debit). */
  async function entryCredit(entry: 'approve_entry_id' | 'pay_entry_id', id: number, accountId: number) {
    const [row] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ n: string }>(
        tx,
        sql`select coalesce(sum(credit - debit), 0)::text as n from journal_lines
            where client_id = ${orgA.clientId} and account_id = ${accountId} and entry_id = (select ${sql.identifier(entry)} from hr_payroll_runs where id = ${id})`,
      ),
    );
    return Number(row.n).toFixed(2);
  }

  async function generate(token: string, body: object) {
    const accepted = json(await call(token, 'POST', '/api/hr/payroll/runs', body), 202);
    await waitForJobs(ctx.app.db);
    return json(await call(token, 'GET', `/api/hr/payroll/jobs/${accepted.jobId}`), 200) as {
      status: string;
      runId: number | null;
      error: string | null;
      processed: number;
      total: number;
    };
  }

  beforeAll(async () => {
    approver = await staffUser(ctx, orgA, ['approve-payroll', 'payroll']);
    payer = await staffUser(ctx, orgA, ['pay-payroll']);
    settings = json(await call(orgA.token, 'GET', '/api/hr/settings'), 200);
    json(
      await call(orgA.token, 'POST', '/api/hr/tax-rules', {
        effectiveFrom: '2026-01-01',
        note: 'Example brackets',
        brackets: [
          { lowerBound: '0', rate: '0' },
          { lowerBound: '200', rate: '6' },
          { lowerBound: '800', rate: '12' },
          { lowerBound: '2000', rate: '18' },
        ],
      }),
      201,
    );
    a = await hire({ departmentId: ids.other });
    b = await hire({ departmentId: ids.other, hireDate: '2026-04-15', basicSalary: '600.00' });
    d = await hire({ departmentId: ids.other, basicSalary: '100.00' });
    json(
      await call(orgA.token, 'POST', `/api/hr/employees/${a}/allowances`, { allowanceTypeId: ids.housing, amount: '100.00', effectiveFrom: '2026-01-01' }),
      201,
    );
    loanA = json(
      await call(orgA.token, 'POST', '/api/hr/loans', { employeeId: a, date: '2026-03-10', amount: '500', instalment: '200', accountId: ids.cash }),
      201,
    ).id;
    json(await call(orgA.token, 'POST', '/api/hr/advances', { employeeId: b, date: '2026-04-20', amount: '100', accountId: ids.cash }), 201);
    const adj = (employeeId: number, kind: string, typeId: number, amount: string) =>
      call(orgA.token, 'POST', '/api/hr/payroll-adjustments', { employeeId, period: '2026-04', kind, typeId, amount });
    json(await adj(a, 'bonus', ids.bonus, '50'), 201);
    json(await adj(a, 'deduction', ids.fine, '10'), 201);
    json(await adj(d, 'deduction', ids.fine, '500'), 201);
  });

  it('previews pro rata pay, allowances, bonuses, tax, deductions and recoveries; net = gross - tax - deductions; writes nothing', async () => {
    const before = await snapshot();
    const p = json(await call(orgA.token, 'GET', `/api/hr/payroll/preview?period=2026-04&departmentId=${ids.other}`), 200);
    expect(await snapshot()).toEqual(before);
    const byId = new Map(p.rows.map((r: { employeeId: number }) => [r.employeeId, r]));
    // April 2026 has 26 working days (Fridays off); the joiner works 14 of them.
    expect(byId.get(a)).toMatchObject({ daysPaid: 26, daysInPeriod: 26, basic: '1000.00', allowances: '100.00', bonuses: '50.00', gross: '1150.00' });
    expect(byId.get(a)).toMatchObject({
      taxable: '1050.00',
      tax: '66.00',
      deductions: '10.00',
      loanRecovery: '200.00',
      advanceRecovery: '0.00',
      rounding: '0.00',
      net: '874.00',
    });
    expect(byId.get(b)).toMatchObject({ daysPaid: 14, basic: '323.08', gross: '323.08', tax: '7.38', advanceRecovery: '100.00', net: '215.70' });
    for (const r of p.rows as Record<string, string>[]) {
      const net = Number(r.gross) - Number(r.tax) - Number(r.deductions) - Number(r.loanRecovery) - Number(r.advanceRecovery);
      expect(Number(r.net)).toBeCloseTo(net, 2);
    }
    expect(p.exceptions).toEqual([expect.objectContaining({ employeeId: d, reason: 'negativeNet', message: 'Negative net pay' })]);
    expect(p.totals).toMatchObject({
      employees: 2,
      gross: '1473.08',
      tax: '73.38',
      deductions: '10.00',
      loanRecovery: '200.00',
      advanceRecovery: '100.00',
      net: '1089.70',
    });
    const so = json(await call(orgA.token, 'GET', `/api/hr/payroll/preview?period=2026-04&departmentId=${ids.other}`, undefined, 'so'), 200);
    expect(so.exceptions[0].message).toBe('Mushahar saafi ah oo taban');
  });

  it('refuses bad input field by field in English and Somali and changes nothing', async () => {
    const before = await snapshot();
    expect(fields(await call(orgA.token, 'GET', '/api/hr/payroll/preview?period=2026-13'))).toEqual({
      period: 'Enter the period as YYYY-MM, for example 2026-03.',
    });
    expect(fields(await call(orgA.token, 'POST', '/api/hr/payroll/runs', { period: '2026-04', departmentId: 999999 }, 'so'))).toEqual({
      departmentId: expect.any(String),
    });
    expect(fields(await call(orgA.token, 'POST', '/api/hr/payroll/runs', { period: 'April' }, 'so'))).toEqual({
      period: 'Geli muddada sida YYYY-MM, tusaale 2026-03.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('generates a draft in the background; a second run of the period pays nobody twice', async () => {
    const job = await generate(orgA.token, scope());
    expect(job).toMatchObject({ status: 'done', processed: 2, total: 2 });
    runId = job.runId!;
    const run = json(await call(orgA.token, 'GET', `/api/hr/payroll/runs/${runId}`), 200);
    expect(run).toMatchObject({ status: 'Draft', number: 'PR-000001', employees: 2, net: '1089.70', department: 'Technical' });
    expect(run.exceptions.map((e: { employeeId: number }) => e.employeeId)).toEqual([d]);
    const again = await generate(orgA.token, scope());
    expect(again).toMatchObject({ status: 'failed', runId: null, error: 'No employee is paid in this payroll.' });
    // The database refuses a second live payslip for an employee and period whatever the code does.
    await expect(
      inSystem(ctx.database.db, (tx) =>
        tx.execute(sql`insert into hr_payslips (client_id, run_id, employee_id, period, department_id, payment_method, days_paid, days_in_period, basic,
          allowances, bonuses, gross, taxable, tax, deductions, loan_recovery, advance_recovery, net)
          values (${orgA.clientId}, ${runId}, ${a}, '2026-04', ${ids.other}, 'cash', 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1)`),
      ),
    ).rejects.toThrow();
  });

  it('refuses approval by the user who generated it; another user approves: balanced posting, recoveries settle the employee items', async () => {
    const before = await snapshot();
    const own = await call(orgA.token, 'POST', `/api/hr/payroll/runs/${runId}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Another user must approve the payroll you generated.');
    expect((await call(payer.token, 'POST', `/api/hr/payroll/runs/${runId}/approve`)).statusCode).toBe(403);
    expect((await call(orgB.token, 'POST', `/api/hr/payroll/runs/${runId}/approve`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    const run = json(await call(approver.token, 'POST', `/api/hr/payroll/runs/${runId}/approve`), 200);
    expect(run.status).toBe('Approved');
    expect(run.approveEntry).toMatch(/^JV-/);
    expect(await unbalancedEntries(orgA.clientId)).toBe(0);
    const [entry] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ debit: string; credit: string; tax: string; net: string }>(
        tx,
        sql`select sum(debit)::text as debit, sum(credit)::text as credit,
              sum(credit) filter (where account_id = ${settings.taxPayableAccountId})::text as tax,
              sum(credit) filter (where account_id = ${settings.netPayPayableAccountId})::text as net
            from journal_lines where client_id = ${orgA.clientId} and entry_id = (select approve_entry_id from hr_payroll_runs where id = ${runId})`,
      ),
    );
    // Salaries 1323.08, allowances and bonuses 150.00 = tax 73.38, the 10.00 fine, net pay 1089.70 and recoveries 300.00.
    expect(entry).toEqual({ debit: '1473.08', credit: '1473.08', tax: '73.38', net: '1089.70' });
    // The fine goes to the other deductions account, not against the salary expense.
    expect(settings.otherDeductionsAccountId).not.toBe(settings.salaryExpenseAccountId);
    expect(await entryCredit('approve_entry_id', runId, settings.otherDeductionsAccountId)).toBe('10.00');
    expect(await entryCredit('approve_entry_id', runId, settings.salaryExpenseAccountId)).toBe('-1323.08');
    // Net pay is owed to each employee: an open item per employee equal to their ledger balance on net pay payable.
    expect(await employeeBalance(orgA.clientId, a, settings.netPayPayableAccountId)).toEqual({ ledger: '-874.00', items: '-874.00' });
    expect(await employeeBalance(orgA.clientId, b, settings.netPayPayableAccountId)).toEqual({ ledger: '-215.70', items: '-215.70' });
    expect(await employeeBalance(orgA.clientId, a, settings.loansAccountId)).toEqual({ ledger: '300.00', items: '300.00' });
    expect(await employeeBalance(orgA.clientId, b, settings.advancesAccountId)).toEqual({ ledger: '0.00', items: '0.00' });
    const loan = json(await call(orgA.token, 'GET', `/api/hr/loans/${loanA}`), 200);
    expect(loan).toMatchObject({ repaid: '200.00', balance: '300.00' });
    expect(loan.schedule[0]).toMatchObject({ period: '2026-04', amount: '200.00', recovered: true });
    expect(loan.schedule.slice(1).map((s: { period: string }) => s.period)).toEqual(['2026-05', '2026-06']);
    expect((await call(approver.token, 'POST', `/api/hr/payroll/runs/${runId}/approve`)).statusCode).toBe(409);
  });

  it('pays from a money account once; a paid run cannot be cancelled', async () => {
    const before = await snapshot();
    expect(fields(await call(payer.token, 'POST', `/api/hr/payroll/runs/${runId}/pay`, { date: '2026-04-30', accountId: ids.expense }, 'so'))).toEqual({
      accountId: 'Dooro xisaab lacag caddaan ah, bangi ama lacag mobaylka.',
    });
    expect((await call(approver.token, 'POST', `/api/hr/payroll/runs/${runId}/pay`, { date: '2026-04-30', accountId: ids.cash })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    const paid = json(await call(payer.token, 'POST', `/api/hr/payroll/runs/${runId}/pay`, { date: '2026-04-30', accountId: ids.cash }), 200);
    expect(paid).toMatchObject({ status: 'Paid', payDate: '2026-04-30' });
    const [net] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ balance: string }>(
        tx,
        sql`select coalesce(sum(credit - debit), 0)::text as balance from journal_lines where client_id = ${orgA.clientId} and account_id = ${settings.netPayPayableAccountId}`,
      ),
    );
    expect(Number(net.balance)).toBe(0);
    // Paying settled each employee's net pay item.
    expect(await employeeBalance(orgA.clientId, a, settings.netPayPayableAccountId)).toEqual({ ledger: '0.00', items: '0.00' });
    expect(await employeeBalance(orgA.clientId, b, settings.netPayPayableAccountId)).toEqual({ ledger: '0.00', items: '0.00' });
    const [open] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from open_items where client_id = ${orgA.clientId} and account_id = ${settings.netPayPayableAccountId}
              and status = 'Open' and settled < amount`,
      ),
    );
    expect(open.n).toBe(0);
    const twice = await call(payer.token, 'POST', `/api/hr/payroll/runs/${runId}/pay`, { date: '2026-04-30', accountId: ids.cash });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This payroll is Paid.');
    expect((await call(orgA.token, 'POST', `/api/hr/payroll/runs/${runId}/cancel`, { reason: 'Wrong' })).statusCode).toBe(409);
    expect(await unbalancedEntries(orgA.clientId)).toBe(0);
  });

  it('cancels an approved run by reversal (the loan gets its instalment back); never recovers more than a loan holds', async () => {
    const may = await generate(orgA.token, { period: '2026-05', departmentId: ids.other });
    json(await call(approver.token, 'POST', `/api/hr/payroll/runs/${may.runId}/approve`), 200);
    expect(json(await call(orgA.token, 'GET', `/api/hr/loans/${loanA}`), 200).balance).toBe('100.00');
    const cancelled = json(await call(orgA.token, 'POST', `/api/hr/payroll/runs/${may.runId}/cancel`, { reason: 'Wrong bonus' }), 200);
    expect(cancelled.status).toBe('Cancelled');
    expect(json(await call(orgA.token, 'GET', `/api/hr/loans/${loanA}`), 200).balance).toBe('300.00');
    expect(await employeeBalance(orgA.clientId, a, settings.loansAccountId)).toEqual({ ledger: '300.00', items: '300.00' });
    // The cancelled run owes nobody: its net pay items went with the reversal.
    expect(await employeeBalance(orgA.clientId, a, settings.netPayPayableAccountId)).toEqual({ ledger: '0.00', items: '0.00' });
    // May again (the cancelled run's payslips are no longer live), approved: 100 left on the loan.
    const mayAgain = await generate(orgA.token, { period: '2026-05', departmentId: ids.other });
    expect(mayAgain.status).toBe('done');
    json(await call(approver.token, 'POST', `/api/hr/payroll/runs/${mayAgain.runId}/approve`), 200);
    // June plans the last 100; an early repayment of it meanwhile makes the approval refuse.
    const june = await generate(orgA.token, { period: '2026-06', departmentId: ids.other });
    const draft = json(await call(orgA.token, 'GET', `/api/hr/payroll/runs/${june.runId}`), 200);
    expect(draft.rows.find((r: { employeeId: number }) => r.employeeId === a).loanRecovery).toBe('100.00');
    json(await call(orgA.token, 'POST', `/api/hr/loans/${loanA}/repayments`, { date: '2026-06-10', amount: '100', accountId: ids.cash }), 201);
    const before = await snapshot();
    expect((await call(approver.token, 'POST', `/api/hr/payroll/runs/${june.runId}/approve`)).statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
    expect(await employeeBalance(orgA.clientId, a, settings.loansAccountId)).toEqual({ ledger: '0.00', items: '0.00' });
    expect(await unbalancedEntries(orgA.clientId)).toBe(0);
  });

  it('prints a payslip in English and Somali, the run register, and the bank list', async () => {
    const en = await call(payer.token, 'GET', `/api/hr/payroll/runs/${runId}/payslips/${a}/pdf`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('application/pdf');
    const text = pdfText(en.rawPayload);
    expect(text).toContain('Payslip');
    expect(text).toContain('Net pay');
    expect(text).toContain('874.00');
    const so = pdfText((await call(payer.token, 'GET', `/api/hr/payroll/runs/${runId}/payslips/${a}/pdf`, undefined, 'so')).rawPayload);
    expect(so).toContain('Warqadda mushaharka');
    expect(so).toContain('Mushaharka saafiga ah');
    const register = pdfText((await call(payer.token, 'GET', `/api/hr/payroll/runs/${runId}/pdf`)).rawPayload);
    expect(register).toContain('Payroll register');
    expect(register).toContain('1,089.70');
    const bank = await call(payer.token, 'GET', `/api/hr/payroll/runs/${runId}/bank-file`);
    expect(bank.statusCode).toBe(200);
    expect(bank.body).toContain('874.00');
    expect((await call(payer.token, 'GET', `/api/hr/payroll/runs/${runId}/payslips/${d}/pdf`)).statusCode).toBe(404);
    expect((await call(orgB.token, 'GET', `/api/hr/payroll/runs/${runId}/payslips/${a}/pdf`)).statusCode).toBe(404);
    expect((await call(clerk.token, 'GET', `/api/hr/payroll/runs/${runId}/pdf`)).statusCode).toBe(403);
  });

  it("reports: payroll by employee and department, loans, advances, one employee's loans, the personal file; CSV and XLSX", async () => {
    const reporter = await staffUser(ctx, orgA, ['payroll-report', 'loan-report', 'advanced-report', 'employee-loan-report', 'personal-report']);
    const pr = json(await call(reporter.token, 'GET', `/api/hr/reports/payroll?runId=${runId}`), 200);
    expect(pr.departments).toEqual([{ department: 'Technical', employees: 2, gross: '1473.08', tax: '73.38', deductions: '310.00', net: '1089.70' }]);
    expect(pr.totals.net).toBe('1089.70');
    const csv = await call(reporter.token, 'GET', `/api/hr/reports/payroll/export?runId=${runId}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('1089.70');
    const xlsx = await call(reporter.token, 'GET', `/api/hr/reports/payroll?runId=${runId}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const loans = json(await call(reporter.token, 'GET', '/api/hr/reports/loans'), 200);
    expect(loans.rows.find((r: { id: number }) => r.id === loanA)).toMatchObject({ repaid: '500.00', balance: '0.00', status: 'Repaid' });
    const adv = json(await call(reporter.token, 'GET', '/api/hr/reports/advances?status=Repaid'), 200);
    expect(adv.rows.map((r: { employeeId: number }) => r.employeeId)).toEqual([b]);
    const mine = json(await call(reporter.token, 'GET', `/api/hr/reports/employee-loans?employeeId=${a}`), 200);
    expect(mine.loans.map((l: { number: string }) => l.number)).toEqual([expect.stringMatching(/^LN-/)]);
    const so = await call(reporter.token, 'GET', `/api/hr/reports/employee-loans/export?employeeId=${a}&format=csv`, undefined, 'so');
    expect(so.body).toContain('La soo celiyay');
    const person = json(await call(reporter.token, 'GET', `/api/hr/reports/personal?employeeId=${a}`), 200);
    expect(person.payslips.map((p: { period: string; net: string }) => `${p.period}:${p.net}`)).toContain('2026-04:874.00');
    expect((await call(clerk.token, 'GET', `/api/hr/reports/payroll?runId=${runId}`)).statusCode).toBe(403);
    expect((await call(orgB.token, 'GET', `/api/hr/reports/payroll?runId=${runId}`)).statusCode).toBe(404);
    expect(fields(await call(reporter.token, 'GET', '/api/hr/reports/payroll?runId=abc', undefined, 'so'))).toHaveProperty('runId');
  });

  it('another organisation sees no run; readers need a payroll privilege', async () => {
    expect(json(await call(orgB.token, 'GET', '/api/hr/payroll/runs'), 200).total).toBe(0);
    expect((await call(orgB.token, 'GET', `/api/hr/payroll/runs/${runId}`)).statusCode).toBe(404);
    expect((await call(clerk.token, 'GET', '/api/hr/payroll/runs')).statusCode).toBe(403);
    expect(json(await call(payer.token, 'GET', '/api/hr/payroll/runs?period=2026-04'), 200).total).toBe(1);
  });

  it('rounds net pay to the settings unit, shows the difference and posts it to the rounding account; Idempotency-Key on generate, approve and pay', async () => {
    const current = json(await call(orgA.token, 'GET', '/api/hr/settings'), 200);
    const body = (rounding: string) => ({
      payPeriod: current.payPeriod,
      payDay: current.payDay,
      workingDays: current.workingDays,
      rounding,
      salaryExpenseAccountId: current.salaryExpenseAccountId,
      allowanceExpenseAccountId: current.allowanceExpenseAccountId,
      taxPayableAccountId: current.taxPayableAccountId,
      netPayPayableAccountId: current.netPayPayableAccountId,
      loansAccountId: current.loansAccountId,
      advancesAccountId: current.advancesAccountId,
      otherDeductionsAccountId: current.otherDeductionsAccountId,
      roundingAccountId: current.roundingAccountId,
      taxableAllowanceTypeIds: current.allowanceTypes.filter((t: { isTaxable: boolean }) => t.isTaxable).map((t: { id: number }) => t.id),
    });
    json(await call(orgA.token, 'PUT', '/api/hr/settings', body('1.00')), 200);
    try {
      const adj = (employeeId: number, amount: string) =>
        call(orgA.token, 'POST', '/api/hr/payroll-adjustments', { employeeId, period: '2026-07', kind: 'deduction', typeId: ids.fine, amount });
      json(await adj(a, '0.40'), 201);
      json(await adj(b, '10.70'), 201);
      const p = json(await call(orgA.token, 'GET', `/api/hr/payroll/preview?period=2026-07&departmentId=${ids.other}`), 200);
      const byId = new Map(p.rows.map((r: { employeeId: number }) => [r.employeeId, r]));
      // a: 1100.00 - tax 60.00 - 0.40 = 1039.60, paid 1040.00; b: 600.00 - 24.00 - 10.70 = 565.30, paid 565.00; d: 100.00 exactly.
      expect(byId.get(a)).toMatchObject({ gross: '1100.00', tax: '60.00', deductions: '0.40', rounding: '0.40', net: '1040.00' });
      expect(byId.get(b)).toMatchObject({ gross: '600.00', tax: '24.00', deductions: '10.70', rounding: '-0.30', net: '565.00' });
      expect(byId.get(d)).toMatchObject({ rounding: '0.00', net: '100.00' });
      expect(p.totals).toMatchObject({ rounding: '0.10', net: '1705.00' });
      for (const r of p.rows as Record<string, string>[]) {
        const exact = Number(r.gross) - Number(r.tax) - Number(r.deductions) - Number(r.loanRecovery) - Number(r.advanceRecovery);
        expect(Number(r.net)).toBeCloseTo(exact + Number(r.rounding), 2);
      }

      // Generate twice with one key: one job, one run; the replay says so.
      const key = { 'idempotency-key': 'payroll-2026-07-generate' };
      const first = await ctx.app.inject({ method: 'POST', url: '/api/hr/payroll/runs', payload: scopeJuly(), headers: { ...bearer(orgA.token), ...key } });
      expect(first.statusCode, first.body).toBe(202);
      const replay = await ctx.app.inject({ method: 'POST', url: '/api/hr/payroll/runs', payload: scopeJuly(), headers: { ...bearer(orgA.token), ...key } });
      expect(replay.statusCode).toBe(202);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      const other = await ctx.app.inject({
        method: 'POST',
        url: '/api/hr/payroll/runs',
        payload: { period: '2026-08', departmentId: ids.other },
        headers: { ...bearer(orgA.token), ...key },
      });
      expect(other.statusCode).toBe(409);
      await waitForJobs(ctx.app.db);
      const job = json(await call(orgA.token, 'GET', `/api/hr/payroll/jobs/${first.json().jobId}`), 200);
      expect(job.status).toBe('done');
      expect(json(await call(orgA.token, 'GET', '/api/hr/payroll/runs?period=2026-07'), 200).total).toBe(1);
      const july = job.runId as number;

      // Approve twice with one key: one entry, the same answer. (a still awaits May's net pay, approved and not paid.)
      const owedA = await employeeBalance(orgA.clientId, a, settings.netPayPayableAccountId);
      const owedB = await employeeBalance(orgA.clientId, b, settings.netPayPayableAccountId);
      const less = (x: { ledger: string }, n: number) => ({ ledger: (Number(x.ledger) - n).toFixed(2), items: (Number(x.ledger) - n).toFixed(2) });
      expect(owedA.items).toBe(owedA.ledger);
      const approveKey = { ...bearer(approver.token), 'idempotency-key': `approve-${july}` };
      const approved = await ctx.app.inject({ method: 'POST', url: `/api/hr/payroll/runs/${july}/approve`, headers: approveKey });
      expect(approved.statusCode, approved.body).toBe(200);
      const entries = async () => {
        const [row] = await inSystem(ctx.database.db, (tx) =>
          queryRows<{ n: number }>(tx, sql`select count(*)::int as n from journal_entries where client_id = ${orgA.clientId}`),
        );
        return row.n;
      };
      const afterApprove = await entries();
      const again = await ctx.app.inject({ method: 'POST', url: `/api/hr/payroll/runs/${july}/approve`, headers: approveKey });
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(approved.json());
      expect(await entries()).toBe(afterApprove);
      expect(approved.json().totals).toMatchObject({ rounding: '0.10', net: '1705.00' });
      // The payslip shows the rounding between the deductions and the net pay, so its figures add up.
      const slipB = pdfText((await call(approver.token, 'GET', `/api/hr/payroll/runs/${july}/payslips/${b}/pdf`)).rawPayload);
      expect(slipB).toMatch(/Total deductions\s+USD 34\.70\s+Rounding\s+USD -0\.30\s+Net pay\s+USD 565\.00/);
      const slipD = pdfText((await call(approver.token, 'GET', `/api/hr/payroll/runs/${july}/payslips/${d}/pdf`)).rawPayload);
      expect(slipD).not.toContain('Rounding');
      // The rounding is posted explicitly: 0.40 up and 0.30 down is 0.10 debited to the rounding account.
      expect(await entryCredit('approve_entry_id', july, settings.roundingAccountId)).toBe('-0.10');
      expect(await entryCredit('approve_entry_id', july, settings.otherDeductionsAccountId)).toBe('11.10');
      expect(await employeeBalance(orgA.clientId, a, settings.netPayPayableAccountId)).toEqual(less(owedA, 1040));
      expect(await employeeBalance(orgA.clientId, b, settings.netPayPayableAccountId)).toEqual(less(owedB, 565));
      expect(await unbalancedEntries(orgA.clientId)).toBe(0);

      // Pay twice with one key: one payment.
      const payKey = { ...bearer(payer.token), 'idempotency-key': `pay-${july}` };
      const payBody = { date: '2026-07-31', accountId: ids.cash };
      const paid = await ctx.app.inject({ method: 'POST', url: `/api/hr/payroll/runs/${july}/pay`, payload: payBody, headers: payKey });
      expect(paid.statusCode, paid.body).toBe(200);
      const afterPay = await entries();
      expect(afterPay).toBe(afterApprove + 1);
      const paidAgain = await ctx.app.inject({ method: 'POST', url: `/api/hr/payroll/runs/${july}/pay`, payload: payBody, headers: payKey });
      expect(paidAgain.statusCode).toBe(200);
      expect(paidAgain.headers['idempotent-replayed']).toBe('true');
      expect(paidAgain.json()).toEqual(paid.json());
      expect(await entries()).toBe(afterPay);
      expect(await entryCredit('pay_entry_id', july, ids.cash)).toBe('1705.00');
      expect(await employeeBalance(orgA.clientId, a, settings.netPayPayableAccountId)).toEqual(owedA);
      expect(await employeeBalance(orgA.clientId, b, settings.netPayPayableAccountId)).toEqual(owedB);
    } finally {
      json(await call(orgA.token, 'PUT', '/api/hr/settings', body(current.rounding)), 200);
    }
  });
});
