// The spec's named paths (section 7, issue 19): auth/view, auth/update, auth/validatetoken, elc/settings,
// elc/settings/config, company, elc/profile, city and admin/user answer as a client written from the spec
// expects, with their privilege and tenant checks; a refusal or bad input changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/modules/users/index.ts';
import { inSystem } from '../src/db/tenant.ts';
import { bearer, newOrganisation, signIn, startTestApp, type TestContext } from './harness.ts';
import { tableSnapshot } from './table-snapshot.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let other: Awaited<ReturnType<typeof newOrganisation>>;
/** A signed-in clerk of `org` holding only the dashboard privilege. */
let clerk: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string | undefined, method: Method, url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...(lang ? { 'x-lang': lang } : {}) }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Garowe Water' });
  other = await newOrganisation(ctx, { name: 'Bosaso Power' });
  const created = await call(org.token, 'POST', '/api/admin', { fullname: 'Clerk One', username: 'clerk1', extraPrivileges: ['dashboard'] });
  expect(created.statusCode, created.body).toBe(200);
  const temporary = created.json().temporaryPassword as string;
  const first = await signIn(ctx, { username: 'clerk1', password: temporary, code: org.code });
  const changed = await call(first, 'POST', '/api/users/change-password', {
    currentPassword: temporary,
    newPassword: 'Clerk@2026x',
    confirmPassword: 'Clerk@2026x',
  });
  expect(changed.statusCode, changed.body).toBe(200);
  clerk = first;
});
afterAll(() => ctx.close());

/** Runs the requests and proves no table changed. */
async function changesNothing(run: () => Promise<void>) {
  const before = await tableSnapshot(ctx.database.db);
  await run();
  expect(await tableSnapshot(ctx.database.db)).toEqual(before);
}

describe('auth/view, auth/update', () => {
  it('auth/view answers the signed-in profile, the same record as GET /api/auth', async () => {
    const view = await call(org.token, 'GET', '/api/auth/view');
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual((await call(org.token, 'GET', '/api/auth')).json());
    expect(view.json()).toMatchObject({ username: 'admin', client_name: 'Garowe Water', isAdmin: true });
    expect((await call(undefined, 'GET', '/api/auth/view')).statusCode).toBe(401);
  });

  it('auth/update changes the own profile like PUT /api/auth/profile', async () => {
    const res = await call(clerk, 'PUT', '/api/auth/update', { fullname: 'Clerk Renamed', phone: '0615555555' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, message: expect.any(String) });
    expect((await call(clerk, 'GET', '/api/auth/view')).json()).toMatchObject({ fullname: 'Clerk Renamed', phone: '0615555555' });
  });

  it('auth/update refuses bad input field by field in EN and SO, changing nothing', async () => {
    await changesNothing(async () => {
      const en = await call(clerk, 'PUT', '/api/auth/update', { fullname: 'x', email: 'not-mail' });
      expect(en.statusCode).toBe(400);
      const fields = en
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort();
      expect(fields).toEqual(['email', 'fullname']);
      const so = await call(clerk, 'PUT', '/api/auth/update', { fullname: 'x' }, 'so');
      expect(so.statusCode).toBe(400);
      expect(so.json().details[0].field).toBe('fullname');
      expect(so.json().details[0].message).not.toBe(en.json().details.find((d: { field: string }) => d.field === 'fullname').message);
    });
  });
});

describe('auth/validatetoken', () => {
  it('says a live token is valid and until when, touching nothing', async () => {
    await changesNothing(async () => {
      const res = await call(org.token, 'GET', '/api/auth/validatetoken');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ valid: true, mustChangePassword: false, subscriptionExpired: false });
      expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());
      // Asking again answers the same expiry: nothing was extended.
      expect((await call(org.token, 'GET', '/api/auth/validatetoken')).json().expiresAt).toBe(body.expiresAt);
    });
  });

  it('answers missing, forged, another key and signed-out tokens with valid false and a reason (200, no sign-out)', async () => {
    expect((await call(undefined, 'GET', '/api/auth/validatetoken')).json()).toEqual({ valid: false, expiresAt: null, reason: 'missing' });
    expect((await call('abc.def.ghi', 'GET', '/api/auth/validatetoken')).json()).toMatchObject({ valid: false, reason: 'invalid' });
    expect((await call(`${org.token}x`, 'GET', '/api/auth/validatetoken')).json()).toMatchObject({ valid: false, reason: 'invalid' });
    const token = await signIn(ctx, { username: 'admin', password: org.password, code: org.code });
    expect((await call(token, 'GET', '/api/auth/validatetoken')).json().valid).toBe(true);
    expect((await call(token, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/auth/validatetoken')).json()).toEqual({ valid: false, expiresAt: null, reason: 'revoked' });
  });

  it('reports a session past its end as expired', async () => {
    const token = await signIn(ctx, { username: 'admin', password: org.password, code: org.code });
    const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string;
    await inSystem(ctx.database.db, (tx) =>
      tx
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(sessions.id, sid)),
    );
    const res = (await call(token, 'GET', '/api/auth/validatetoken')).json();
    expect(res).toMatchObject({ valid: false, reason: 'expired' });
    expect(new Date(res.expiresAt).getTime()).toBeLessThan(Date.now());
  });
});

describe('elc/settings, elc/settings/config, company, elc/profile', () => {
  it('answers the settings screen and the company profile to company-profile holders', async () => {
    const company = (await call(org.token, 'GET', '/api/elc/settings/company')).json();
    const settings = await call(org.token, 'GET', '/api/elc/settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.json().company).toEqual(company);
    expect(settings.json().config).toMatchObject({ currency: company.currency, lockDate: null, languages: ['en', 'so'], defaultPageSize: 100 });
    const named = await call(org.token, 'GET', '/api/company');
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual(company);
    expect(named.json().name).toBe('Garowe Water');
  });

  it('refuses elc/settings and company to a user without company-profile (403), changing nothing', async () => {
    await changesNothing(async () => {
      for (const url of ['/api/elc/settings', '/api/company']) {
        const res = await call(clerk, 'GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    });
  });

  it('shows the configuration and the public profile to any signed-in user, each of their own organisation', async () => {
    const config = await call(clerk, 'GET', '/api/elc/settings/config');
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ currency: expect.any(String), maxDocumentAmount: expect.stringMatching(/^\d+\.\d{2}$/) });
    const mine = await call(clerk, 'GET', '/api/elc/profile');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ code: org.code, name: 'Garowe Water', logoUrl: null });
    expect(mine.json()).not.toHaveProperty('billingCode');
    expect(mine.json()).not.toHaveProperty('subscriptionExpiresOn');
    expect((await call(other.token, 'GET', '/api/elc/profile')).json()).toMatchObject({ code: other.code, name: 'Bosaso Power' });
    expect((await call(undefined, 'GET', '/api/elc/settings/config')).statusCode).toBe(401);
  });
});

describe('city', () => {
  it('creates, reads and updates one city as /api/cities lists it', async () => {
    const created = await call(org.token, 'POST', '/api/city', { name: 'Garowe', region: 'Nugaal' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ name: 'Garowe', region: 'Nugaal', status: 'Active' });
    expect((await call(org.token, 'GET', `/api/city/${id}`)).json()).toEqual((await call(org.token, 'GET', `/api/cities/${id}`)).json());
    const updated = await call(org.token, 'PUT', `/api/city/${id}`, { name: 'Garoowe', region: null });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id, name: 'Garoowe', region: null });
    const listed = (await call(org.token, 'GET', '/api/cities?search=Garoowe')).json();
    expect(listed.data.map((c: { id: number }) => c.id)).toEqual([id]);
  });

  it("answers another organisation's city with 404 and refuses clerks with 403, changing nothing", async () => {
    const id = (await call(org.token, 'POST', '/api/city', { name: 'Qardho' })).json().id as number;
    await changesNothing(async () => {
      expect((await call(other.token, 'GET', `/api/city/${id}`)).statusCode).toBe(404);
      expect((await call(other.token, 'PUT', `/api/city/${id}`, { name: 'Stolen' })).statusCode).toBe(404);
      expect((await call(clerk, 'GET', `/api/city/${id}`)).statusCode).toBe(403);
      expect((await call(clerk, 'POST', '/api/city', { name: 'Clerkville' })).statusCode).toBe(403);
      expect((await call(clerk, 'PUT', `/api/city/${id}`, { name: 'Clerkville' })).statusCode).toBe(403);
    });
  });

  it('refuses a missing name and a duplicate with field messages in EN and SO, changing nothing', async () => {
    await call(org.token, 'POST', '/api/city', { name: 'Eyl' });
    await changesNothing(async () => {
      const en = await call(org.token, 'POST', '/api/city', { region: 'x' });
      expect(en.statusCode).toBe(400);
      expect(en.json().details).toEqual([{ field: 'name', message: expect.any(String) }]);
      const so = await call(org.token, 'POST', '/api/city', { region: 'x' }, 'so');
      expect(so.json().details[0].message).toBe('Goobtan waa qasab.');
      const dup = await call(org.token, 'POST', '/api/city', { name: 'EYL' }, 'so');
      expect(dup.statusCode).toBe(400);
      expect(dup.json().details[0].field).toBe('name');
      expect((await call(org.token, 'GET', '/api/city/abc')).statusCode).toBe(400);
    });
  });
});

const clerkId = async () =>
  ((await call(org.token, 'GET', '/api/admin')).json().data as { id: number; username: string }[]).find((u) => u.username === 'clerk1')?.id as number;

describe('admin/user', () => {
  it('answers one user of the organisation as GET /api/admin/:id does', async () => {
    const id = await clerkId();
    const res = await call(org.token, 'GET', `/api/admin/user/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await call(org.token, 'GET', `/api/admin/${id}`)).json());
    expect(res.json()).toMatchObject({ id, username: 'clerk1' });
  });

  it("answers another organisation's user with 404, a clerk with 403 and a bad id with 400", async () => {
    const id = await clerkId();
    expect((await call(other.token, 'GET', `/api/admin/user/${id}`)).statusCode).toBe(404);
    expect((await call(clerk, 'GET', `/api/admin/user/${id}`)).statusCode).toBe(403);
    const bad = await call(org.token, 'GET', '/api/admin/user/abc', undefined, 'so');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('id');
  });
});

describe('the OpenAPI document', () => {
  it('documents every named path with its method', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const expected: [string, string][] = [
      ['/api/auth/view', 'get'],
      ['/api/auth/update', 'put'],
      ['/api/auth/validatetoken', 'get'],
      ['/api/elc/settings', 'get'],
      ['/api/elc/settings/config', 'get'],
      ['/api/company', 'get'],
      ['/api/elc/profile', 'get'],
      ['/api/city', 'post'],
      ['/api/city/{id}', 'get'],
      ['/api/city/{id}', 'put'],
      ['/api/admin/user/{id}', 'get'],
      ['/api/finance/view/{id}', 'get'],
      ['/api/elc/houses/transaction', 'get'],
      ['/api/elc/houses/transaction/export', 'get'],
      ['/api/finance/attache-file-offilne-payment', 'post'],
      ['/api/finance/remove-attached-file/{id}', 'delete'],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
