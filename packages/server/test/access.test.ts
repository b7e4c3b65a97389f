// Walks every route the app registers (whatever modules exist when it runs) and proves the access
// rules hold for all of them: each /api route declares its access with catalogue keys, each
// non-public route answers 401 without a token, and each privileged route answers 403 FORBIDDEN
// to a signed-in user who holds every other privilege, without changing a single row anywhere.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privilegeKeys } from '@ubo/contracts';
import { inSystem } from '../src/db/tenant.ts';
import { rolePrivileges, roles, users } from '../src/modules/users/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import type { Access } from '../src/plugins/auth.ts';
import { type RegisteredRoute, registeredRoutes } from '../src/plugins/route-registry.ts';
import { bearer, newOrganisation, signIn, startTestApp, type TestContext } from './harness.ts';
import { tableSnapshot } from './table-snapshot.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let apiRoutes: RegisteredRoute[];

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Access Sweep Utility' });
  apiRoutes = registeredRoutes()
    .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'))
    .sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
});
afterAll(() => ctx.close());

const requiredKeys = (access: Access | undefined): string[] | null =>
  access && typeof access === 'object' ? [...new Set([access.privilege].flat())].sort() : null;

/** A concrete URL for a route pattern: every :param becomes 1, a wildcard becomes x. */
const concrete = (url: string) => url.replace(/:\w+(\([^)]*\))?/g, '1').replace(/\*/g, 'x');

const withBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

/** HEAD mirrors GET (same handler and access), so the sweeps call the GET. */
const sweepable = () => apiRoutes.filter((r) => r.method !== 'HEAD');

/** The committed table of every route and the access it demands: a change of any route's privilege is a visible diff. */
const ROUTE_TABLE = new URL('./route-privileges.txt', import.meta.url);

const accessText = (access: Access | undefined) =>
  access === undefined ? 'UNDECLARED' : typeof access === 'string' ? access : requiredKeys(access)!.join(' + ');

describe('route access', () => {
  it('every route demands exactly the access the committed table (test/route-privileges.txt) says', () => {
    const table = `${apiRoutes.map((r) => `${r.method} ${r.url}  ${accessText(r.access)}`).join('\n')}\n`;
    // After a deliberate change of routes, rewrite the table and commit it: UPDATE_ROUTE_TABLE=1 npx vitest run test/access.test.ts
    if (process.env.UPDATE_ROUTE_TABLE === '1') writeFileSync(ROUTE_TABLE, table);
    expect(table).toBe(readFileSync(ROUTE_TABLE, 'utf8'));
  });

  it('finds the registered routes', () => {
    const seen = apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(seen).toContain('POST /api/auth/login');
    expect(seen).toContain('GET /api/auth');
    expect(seen).toContain('GET /api/admin');
  });

  it('every /api route declares its access, and every privilege it names is in the catalogue', () => {
    const undeclared = apiRoutes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    const unknownKeys = apiRoutes.flatMap((r) => (requiredKeys(r.access) ?? []).filter((k) => !privilegeKeys.has(k)).map((k) => `${r.method} ${r.url}: ${k}`));
    expect(unknownKeys).toEqual([]);
  });

  it('every authenticated or privileged route answers 401 without a token', async () => {
    const wrong: string[] = [];
    for (const route of sweepable().filter((r) => r.access !== 'public')) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        ...(withBody(route.method) ? { payload: {} } : {}),
      });
      if (res.statusCode !== 401 || res.json().code !== 'UNAUTHORIZED') wrong.push(`${route.method} ${route.url} -> ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every privileged route answers 403 FORBIDDEN to a non-administrator lacking its privilege, and changes nothing', async () => {
    const privileged = sweepable().filter((r) => requiredKeys(r.access));
    expect(privileged.length).toBeGreaterThan(0);

    // One user per distinct requirement, whose role holds every catalogue key except the required ones,
    // so a 403 proves the check looks at exactly that key. Created and signed in before the snapshot.
    const password = 'Sweep@2026x';
    const passwordHash = await hashPassword(password);
    const requirements = [...new Set(privileged.map((r) => requiredKeys(r.access)!.join(',')))];
    const tokens = new Map<string, string>();
    for (const [i, requirement] of requirements.entries()) {
      const lacking = requirement.split(',');
      const granted = [...privilegeKeys].filter((k) => !lacking.includes(k));
      const username = `sweep${i}`;
      await inSystem(ctx.database.db, async (tx) => {
        const [role] = await tx
          .insert(roles)
          .values({ clientId: org.clientId, name: `Sweep ${i}` })
          .returning();
        await tx.insert(rolePrivileges).values(granted.map((privilege) => ({ clientId: org.clientId, roleId: role.id, privilege })));
        await tx.insert(users).values({ clientId: org.clientId, username, fullname: `Sweep ${i}`, passwordHash, roleId: role.id });
      });
      const token = await signIn(ctx, { username, password, code: org.code });
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
      expect(me.json()).toMatchObject({ isAdmin: false, mustChangePassword: false, privileges: granted.sort() });
      tokens.set(requirement, token);
    }

    const before = await tableSnapshot(ctx.database.db);
    const wrong: string[] = [];
    for (const route of privileged) {
      const token = tokens.get(requiredKeys(route.access)!.join(','))!;
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: bearer(token),
        ...(withBody(route.method) ? { payload: {} } : {}),
      });
      if (res.statusCode !== 403 || res.json().code !== 'FORBIDDEN') wrong.push(`${route.method} ${route.url} -> ${res.statusCode} ${res.body}`);
    }
    const after = await tableSnapshot(ctx.database.db);
    expect(wrong).toEqual([]);
    expect(after).toEqual(before);
  });
});
