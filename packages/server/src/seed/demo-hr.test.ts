import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows.ts';
import { inSystem } from '../db/tenant.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';
import { seedDemoHr } from './demo-hr.ts';
import { staffUser } from '../modules/settings/test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

describe('demo people', () => {
  it('hires 25 employees in four departments with allowances, a raise history and leave, through the services', async () => {
    const org = await newOrganisation(ctx);
    const today = new Date('2026-11-15T00:00:00Z');
    const finance = await staffUser(ctx, org, ['approve-payroll']);
    await inSystem(ctx.database.db, (tx) => tx.execute(sql`update users set username = 'finance' where id = ${finance.id}`));
    expect(await seedDemoHr(ctx.database.db, { code: org.code, username: 'admin', today })).toEqual({
      employees: 25,
      departments: 4,
      leaveRequests: 8,
      loans: 2,
      advances: 1,
      payrollRun: 'PR-000001',
    });
    const [row] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ departments: number; allowances: number; raised: number; approved: number }>(
        tx,
        sql`select (select count(distinct department_id) from employees where client_id = ${org.clientId})::int as departments,
          (select count(*) from employee_allowances where client_id = ${org.clientId})::int as allowances,
          (select count(*) from employee_salaries where client_id = ${org.clientId} and effective_from = '2026-01-01')::int as raised,
          (select count(*) from leave_requests where client_id = ${org.clientId} and status = 'Approved')::int as approved`,
      ),
    );
    expect(row).toMatchObject({ departments: 4, raised: 9, approved: 6 });
    expect(row.allowances).toBeGreaterThan(25);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/hr/employees?_limit=100', headers: bearer(org.token) });
    expect(list.json().total).toBe(25);
    // Last month's payroll approved by another user and paid; the loans' first instalments and the advance came off it.
    const runs = (await ctx.app.inject({ method: 'GET', url: '/api/hr/payroll/runs', headers: bearer(org.token) })).json();
    expect(runs.data).toEqual([expect.objectContaining({ period: '2026-10', status: 'Paid', employees: 25 })]);
    const loans = (await ctx.app.inject({ method: 'GET', url: '/api/hr/reports/loans', headers: bearer(org.token) })).json();
    expect(loans.totals).toEqual({ amount: '1800.00', repaid: '300.00', balance: '1500.00' });
    const advances = (await ctx.app.inject({ method: 'GET', url: '/api/hr/reports/advances', headers: bearer(org.token) })).json();
    expect(advances.totals.balance).toBe('0.00');
  });
});
