import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, signIn, startTestApp, type TestContext } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { branches } from '../organisations/index.ts';
import { rolePrivileges, roles, users } from '../users/index.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let other: Awaited<ReturnType<typeof newOrganisation>>;
const PASSWORD = 'Staff@2026';

async function addUser(clientId: number, username: string, privileges: string[], status = 'Active') {
  const passwordHash = await hashPassword(PASSWORD);
  await inTenant(ctx.database.db, clientId, async (tx) => {
    const [role] = await tx
      .insert(roles)
      .values({ clientId, name: `Role of ${username}` })
      .returning();
    if (privileges.length > 0) await tx.insert(rolePrivileges).values(privileges.map((privilege) => ({ clientId, roleId: role.id, privilege })));
    await tx.insert(users).values({ clientId, username, fullname: `Full ${username}`, passwordHash, roleId: role.id, status });
  });
}

const dashboard = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(token) });

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Kismayo Electric' });
  other = await newOrganisation(ctx, { name: 'Elsewhere' });
  // The organisation: admin + 2 active + 1 disabled user, 3 roles, the main branch + 1 active + 1 closed branch.
  await addUser(org.clientId, 'reader', ['dashboard']);
  await addUser(org.clientId, 'clerk', []);
  await addUser(org.clientId, 'gone', ['dashboard'], 'Disabled');
  await inTenant(ctx.database.db, org.clientId, (tx) =>
    tx.insert(branches).values([
      { clientId: org.clientId, name: 'Kismayo port' },
      { clientId: org.clientId, name: 'Old office', status: 'Inactive' },
    ]),
  );
  // Another organisation's rows never count.
  await addUser(other.clientId, 'stranger', ['dashboard']);
  await inSystem(ctx.database.db, (tx) => tx.execute(sql`update clients set subscription_expires_on = current_date + 30 where id = ${org.clientId}`));
});
afterAll(() => ctx.close());

describe('GET /api/dashboard', () => {
  it('summarises the organisation from its own rows', async () => {
    const [expected] = await inSystem(ctx.database.db, (tx) => queryRows<{ d: string }>(tx, sql`select to_char(current_date + 30, 'YYYY-MM-DD') as d`));
    const res = await dashboard(org.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organisation).toEqual({ name: 'Kismayo Electric', code: org.code });
    expect(body.user).toMatchObject({ fullname: 'Administrator', username: 'admin', previousSignInAt: null });
    expect(body.counts).toEqual({ activeUsers: 3, roles: 3, branches: 2 });
    expect(body.subscription).toEqual({ expiresOn: expected.d, daysLeft: 30 });
    expect(Math.abs(Date.parse(body.user.lastSignInAt) - Date.now())).toBeLessThan(120_000);
  });

  it('shows no expiry for an organisation without one', async () => {
    const body = (await dashboard(other.token)).json();
    expect(body.subscription).toEqual({ expiresOn: null, daysLeft: null });
    expect(body.counts).toEqual({ activeUsers: 2, roles: 1, branches: 1 });
  });

  it('tells a returning user when they were last here, and lists their own five latest log lines', async () => {
    const first = await signIn(ctx, { username: 'reader', password: PASSWORD, code: org.code });
    const firstView = (await dashboard(first)).json();
    expect(firstView.user).toMatchObject({ fullname: 'Full reader', username: 'reader', previousSignInAt: null });
    expect(firstView.recentActivity.map((a: { action: string }) => a.action)).toEqual(['login']);

    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(first), payload: { fullname: `Reader ${i}` } });
      expect(res.statusCode).toBe(200);
    }
    // Someone else's work is not the caller's recent activity.
    await ctx.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(org.token), payload: { fullname: 'Administrator' } });

    const second = await signIn(ctx, { username: 'reader', password: PASSWORD, code: org.code });
    const body = (await dashboard(second)).json();
    expect(body.user.fullname).toBe('Reader 4');
    expect(body.user.previousSignInAt).toBe(firstView.user.lastSignInAt);
    expect(Date.parse(body.user.lastSignInAt)).toBeGreaterThanOrEqual(Date.parse(body.user.previousSignInAt));
    expect(body.recentActivity).toHaveLength(5);
    expect(body.recentActivity.map((a: { action: string; entity: string }) => `${a.action}:${a.entity}`)).toEqual([
      'login:session',
      'update:profile',
      'update:profile',
      'update:profile',
      'update:profile',
    ]);
    const times = body.recentActivity.map((a: { at: string }) => Date.parse(a.at));
    expect([...times].sort((x: number, y: number) => y - x)).toEqual(times);
  });

  it('answers 403 without the dashboard privilege, and changes nothing', async () => {
    const token = await signIn(ctx, { username: 'clerk', password: PASSWORD, code: org.code });
    const count = () => inSystem(ctx.database.db, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from audit_log`));
    const before = await count();
    const res = await dashboard(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect(await count()).toEqual(before);
  });
});
