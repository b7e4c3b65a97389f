import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows.ts';
import { inSystem } from '../db/tenant.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../test/harness.ts';
import { seedDemoHr } from './demo-hr.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

describe('demo people', () => {
  it('hires 25 employees in four departments with allowances, a raise history and leave, through the services', async () => {
    const org = await newOrganisation(ctx);
    const today = new Date('2026-11-15T00:00:00Z');
    expect(await seedDemoHr(ctx.database.db, { code: org.code, username: 'admin', today })).toEqual({ employees: 25, departments: 4, leaveRequests: 8 });
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
  });
});
