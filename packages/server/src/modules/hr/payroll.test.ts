// Payroll (issue 16 part 2): loans and advances posted as employee open items, early repayment, payroll
// adjustments, and the payroll run (preview, draft job, approval by another user, payment, cancellation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { staffUser } from '../settings/test-support.ts';

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
    expect(fields(await call(lender.token, 'POST', `/api/hr/loans/${loanId}/repayments`, { date: '2026-02-20', amount: '1000.01', accountId: ids.cash }))).toEqual({
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
    expect((await call(lender.token, 'POST', `/api/hr/loans/${loanId}/repayments`, { date: '2026-02-22', amount: '1', accountId: ids.cash })).statusCode).toBe(409);
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
      await call(lender.token, 'POST', '/api/hr/loans', { employeeId: employee, date: '2026-02-10', amount: '100', instalment: '200', accountId: ids.expense }, 'so'),
    );
    expect(so).toEqual({ instalment: 'Qaybta bisha ma dhaafi karto amaahda.' });
    expect(
      fields(await call(lender.token, 'POST', '/api/hr/loans', { employeeId: employee, date: '2025-12-31', amount: '100', instalment: '50', accountId: ids.expense })),
    ).toEqual({ date: 'The date cannot be before the hire date (2026-01-01).', accountId: 'Choose a cash, bank or mobile-money account.' });
    expect(
      fields(await call(lender.token, 'POST', '/api/hr/loans', { employeeId: employee, date: '2026-02-10', amount: '100', instalment: '50', firstPeriod: '2026-01', accountId: ids.cash })),
    ).toEqual({ firstPeriod: 'Recovery cannot start before the month the loan is given.' });
    expect(await snapshot()).toEqual(before);
  });

  it('gives an advance (its own series and privilege); loans need loan, advances advance; another organisation sees nothing', async () => {
    const adv = json(await call(lender.token, 'POST', '/api/hr/advances', { employeeId: employee, date: '2026-03-05', amount: '150', accountId: ids.cash }), 201);
    expect(adv).toMatchObject({ kind: 'advance', number: 'ADV-000001', instalment: '150.00', firstPeriod: '2026-03', balance: '150.00' });
    const list = json(await call(lender.token, 'GET', `/api/hr/advances?employeeId=${employee}`), 200);
    expect(list.totals).toEqual({ amount: '150.00', repaid: '0.00', balance: '150.00' });
    const before = await snapshot();
    expect((await call(clerk.token, 'POST', '/api/hr/loans', { employeeId: employee, date: '2026-02-10', amount: '10', instalment: '10', accountId: ids.cash })).statusCode).toBe(403);
    expect((await call(clerk.token, 'GET', '/api/hr/advances')).statusCode).toBe(403);
    expect((await call(bonusOnly.token, 'POST', '/api/hr/advances', { employeeId: employee, date: '2026-03-05', amount: '1', accountId: ids.cash })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(json(await call(orgB.token, 'GET', '/api/hr/loans'), 200).total).toBe(0);
    expect((await call(orgB.token, 'GET', `/api/hr/loans/${loanId}`)).statusCode).toBe(404);
    expect((await call(orgB.token, 'GET', `/api/hr/advances/${adv.id}`)).statusCode).toBe(404);
    // A loan id is not an advance.
    expect((await call(orgA.token, 'GET', `/api/hr/advances/${loanId}`)).statusCode).toBe(404);
    expect(
      fields(await call(orgB.token, 'POST', '/api/hr/loans', { employeeId: employee, date: '2026-02-10', amount: '10', instalment: '10', accountId: ids.cash })),
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
      await call(bonusOnly.token, 'POST', '/api/hr/payroll-adjustments', { employeeId: employee, period: '2026-03', kind: 'bonus', typeId: ids.bonus, amount: '50' }),
      201,
    );
    expect(bonus).toMatchObject({ kind: 'bonus', type: 'Performance', amount: '50.00', status: 'Active', runNumber: null, department: 'Finance' });
    const before = await snapshot();
    expect(
      (await call(bonusOnly.token, 'POST', '/api/hr/payroll-adjustments', { employeeId: employee, period: '2026-03', kind: 'deduction', typeId: ids.fine, amount: '5' }))
        .statusCode,
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
    expect(list.data.map((r: { kind: string; amount: string }) => `${r.kind}:${r.amount}`).sort()).toEqual(['bonus:50.00', 'deduction:10.00', 'deduction:20.00']);
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
          { period: '2026-03', kind: 'deduction', typeId: 999999, rows: [{ employeeId: employee, amount: '1' }, { employeeId: employee, amount: '2' }] },
          'so',
        ),
      ),
    ).toEqual({ typeId: 'Ka dooro nooc firfircoon liiska.', 'rows.1.employeeId': 'Shaqaalahan laba jeer ayuu ku jiraa.' });
    expect(fields(await call(orgA.token, 'POST', '/api/hr/payroll-adjustments/batch', { period: '2026-03', kind: 'bonus', typeId: ids.bonus, rows: [] }))).toEqual({
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
