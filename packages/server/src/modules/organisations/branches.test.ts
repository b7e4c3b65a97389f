import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inSystem } from '../../db/tenant.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { auditRows, lastAuditId, staffUser } from '../settings/test-support.ts';
import { users } from '../users/index.ts';
import { branches } from './organisations.tables.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Hargeisa Electric' });
  orgB = await newOrganisation(ctx, { name: 'Burao Water' });
});
afterAll(() => ctx.close());

const PATH = '/api/elc/branches';
const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url, payload, headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) } });
const branchRows = (clientId: number) =>
  inSystem(ctx.database.db, (tx) => tx.select().from(branches).where(eq(branches.clientId, clientId)).orderBy(branches.id));

describe('branches', () => {
  it('lists the main branch created with the organisation', async () => {
    const res = await call(orgA.token, 'GET', PATH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, page: 1, limit: 100, data: [{ name: 'Main branch', status: 'Active' }] });
  });

  it('creates, updates, changes status and deletes, with an audit line each', async () => {
    const from = await lastAuditId(ctx, orgA.clientId);
    const created = await call(orgA.token, 'POST', PATH, { name: 'Gabiley', address: 'Main road', phone: '0634111222' });
    expect(created.statusCode).toBe(201);
    const b = created.json();
    expect(b).toMatchObject({ name: 'Gabiley', address: 'Main road', phone: '0634111222', status: 'Active' });
    const updated = await call(orgA.token, 'PUT', `${PATH}/${b.id}`, { name: 'Gabiley Town', address: '', phone: '+252634111333' });
    expect(updated.json()).toMatchObject({ name: 'Gabiley Town', address: null, phone: '+252634111333' });
    expect((await call(orgA.token, 'PATCH', `${PATH}/${b.id}/status`, { status: 'Inactive' })).json().status).toBe('Inactive');
    expect((await call(orgA.token, 'PATCH', `${PATH}/${b.id}/status`, { status: 'Active' })).json().status).toBe('Active');
    expect((await call(orgA.token, 'DELETE', `${PATH}/${b.id}`)).statusCode).toBe(200);
    const audit = await auditRows(ctx, orgA.clientId, { entity: 'branch', afterId: from });
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'status', 'status', 'delete']);
    expect(audit[1]).toMatchObject({ before: { name: 'Gabiley', address: 'Main road' }, after: { name: 'Gabiley Town', address: null } });
  });

  it('checks the phone and a duplicate name on their fields, in Somali', async () => {
    const res = await call(orgA.token, 'POST', PATH, { name: 'main BRANCH', phone: 'call me' }, 'so');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'phone', message: 'Geli lambar taleefan oo sax ah, tusaale 0615123456 ama +252615123456.' }]);
    const dup = await call(orgA.token, 'POST', PATH, { name: 'main BRANCH' }, 'so');
    expect(dup.json().details).toEqual([{ field: 'name', message: 'Qiimahan horay ayuu u jiray.' }]);
  });

  it('refuses to delete a branch users belong to (409 in use) and leaves it', async () => {
    const b = (await call(orgA.token, 'POST', PATH, { name: 'Borama' })).json();
    const staff = await staffUser(ctx, orgA, ['list-branch']);
    await inSystem(ctx.database.db, (tx) => tx.update(users).set({ branchId: b.id }).where(eq(users.id, staff.id)));
    const auditBefore = await lastAuditId(ctx, orgA.clientId);
    const res = await call(orgA.token, 'DELETE', `${PATH}/${b.id}`, undefined, 'so');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IN_USE', message: 'Diiwaankan waa la isticmaalayaa, lama tirtiri karo.' });
    expect((await call(orgA.token, 'GET', `${PATH}/${b.id}`)).statusCode).toBe(200);
    expect(await lastAuditId(ctx, orgA.clientId)).toBe(auditBefore);
  });

  it('keeps at least one active branch: the last one can be neither deleted nor deactivated', async () => {
    const fresh = await newOrganisation(ctx, { name: 'Las Anod Power' });
    const [main] = await branchRows(fresh.clientId);
    // The administrator belongs to the main branch; move them so only the last-branch rule is in play.
    const second = (await call(fresh.token, 'POST', PATH, { name: 'Second' })).json();
    await inSystem(ctx.database.db, (tx) => tx.update(users).set({ branchId: second.id }).where(eq(users.id, fresh.adminId)));
    expect((await call(fresh.token, 'PATCH', `${PATH}/${second.id}/status`, { status: 'Inactive' })).statusCode).toBe(200);

    const deactivate = await call(fresh.token, 'PATCH', `${PATH}/${main.id}/status`, { status: 'Inactive' });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json()).toMatchObject({ code: 'LAST_ACTIVE_BRANCH', message: 'The organisation must keep at least one active branch.' });
    const remove = await call(fresh.token, 'DELETE', `${PATH}/${main.id}`, undefined, 'so');
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe('Ururku waa inuu haystaa ugu yaraan hal laan oo firfircoon.');
    expect((await branchRows(fresh.clientId)).map((r) => [r.name, r.status])).toEqual([
      ['Main branch', 'Active'],
      ['Second', 'Inactive'],
    ]);

    // An inactive branch may go even when only one active branch remains.
    await inSystem(ctx.database.db, (tx) => tx.update(users).set({ branchId: main.id }).where(eq(users.id, fresh.adminId)));
    expect((await call(fresh.token, 'DELETE', `${PATH}/${second.id}`)).statusCode).toBe(200);
  });

  it('keeps organisations apart', async () => {
    const a = (await call(orgA.token, 'POST', PATH, { name: 'Sheikh' })).json();
    const before = await branchRows(orgA.clientId);
    expect((await call(orgB.token, 'GET', `${PATH}?q=Sheikh`)).json().total).toBe(0);
    expect((await call(orgB.token, 'GET', `${PATH}/${a.id}`)).statusCode).toBe(404);
    expect((await call(orgB.token, 'PUT', `${PATH}/${a.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(orgB.token, 'PATCH', `${PATH}/${a.id}/status`, { status: 'Inactive' })).statusCode).toBe(404);
    expect((await call(orgB.token, 'DELETE', `${PATH}/${a.id}`)).statusCode).toBe(404);
    expect(await branchRows(orgA.clientId)).toEqual(before);
    // B may use the same name.
    expect((await call(orgB.token, 'POST', PATH, { name: 'Sheikh' })).statusCode).toBe(201);
  });

  it('answers 403 without list-branch and changes nothing', async () => {
    const target = (await call(orgA.token, 'POST', PATH, { name: 'Berbera' })).json();
    const staff = await staffUser(ctx, orgA, ['list-cities', 'company-profile']);
    const before = await branchRows(orgA.clientId);
    const auditBefore = await lastAuditId(ctx, orgA.clientId);
    for (const [method, url, payload] of [
      ['GET', PATH],
      ['POST', PATH, { name: 'Sneaky' }],
      ['PUT', `${PATH}/${target.id}`, { name: 'Sneaky' }],
      ['PATCH', `${PATH}/${target.id}/status`, { status: 'Inactive' }],
      ['DELETE', `${PATH}/${target.id}`],
    ] as const) {
      const res = await call(staff.token, method, url, payload);
      expect(res.statusCode).toBe(403);
    }
    expect(await branchRows(orgA.clientId)).toEqual(before);
    expect(await lastAuditId(ctx, orgA.clientId)).toBe(auditBefore);
  });
});
