import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inSystem } from '../../db/tenant.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { categories, cities, units } from './settings.tables.ts';
import { auditRows, lastAuditId, staffUser } from './test-support.ts';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof newOrganisation>>;
let orgB: Awaited<ReturnType<typeof newOrganisation>>;

beforeAll(async () => {
  ctx = await startTestApp();
  orgA = await newOrganisation(ctx, { name: 'Mogadishu Power' });
  orgB = await newOrganisation(ctx, { name: 'Kismayo Water' });
});
afterAll(() => ctx.close());

const lists = [
  { path: '/api/cities', privilege: 'list-cities', entity: 'city', table: cities, extra: 'region', values: ['Banadir', 'Jubaland'] },
  { path: '/api/categories', privilege: 'list-category', entity: 'category', table: categories, extra: 'description', values: ['Spare parts', 'Tools'] },
  { path: '/api/units', privilege: 'list-unit', entity: 'unit', table: units, extra: 'abbreviation', values: ['kWh', 'm3'] },
] as const;

describe.each(lists)('$path', ({ path, privilege, entity, table, extra, values }) => {
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, lang?: string) =>
    ctx.app.inject({ method, url, payload, headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) } });
  const countRows = (clientId: number) => inSystem(ctx.database.db, async (tx) => (await tx.select().from(table).where(eq(table.clientId, clientId))).length);

  it('creates, reads, updates, changes status and deletes, writing one audit line each', async () => {
    const from = await lastAuditId(ctx, orgA.clientId);
    const created = await call(orgA.token, 'POST', path, { name: '  Alpha  ', [extra]: values[0] });
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({ name: 'Alpha', [extra]: values[0], status: 'Active' });
    expect(typeof item.createdAt).toBe('string');

    const read = await call(orgA.token, 'GET', `${path}/${item.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(item);

    const updated = await call(orgA.token, 'PUT', `${path}/${item.id}`, { name: 'Alpha Two', [extra]: '' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: item.id, name: 'Alpha Two', [extra]: null });

    const inactive = await call(orgA.token, 'PATCH', `${path}/${item.id}/status`, { status: 'Inactive' });
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json().status).toBe('Inactive');

    const badStatus = await call(orgA.token, 'PATCH', `${path}/${item.id}/status`, { status: 'Deleted' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().details[0].field).toBe('status');

    const deleted = await call(orgA.token, 'DELETE', `${path}/${item.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true, message: 'Deleted.' });
    expect((await call(orgA.token, 'GET', `${path}/${item.id}`)).statusCode).toBe(404);

    const audit = await auditRows(ctx, orgA.clientId, { entity, afterId: from });
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'status', 'delete']);
    expect(audit.every((a) => a.entityId === String(item.id) && a.username === 'admin' && a.userId === orgA.adminId)).toBe(true);
    expect(audit[0].after).toMatchObject({ name: 'Alpha', [extra]: values[0] });
    expect(audit[1].before).toMatchObject({ name: 'Alpha' });
    expect(audit[1].after).toMatchObject({ name: 'Alpha Two', [extra]: null });
    expect(audit[2]).toMatchObject({ before: { status: 'Active' }, after: { status: 'Inactive' } });
    expect(audit[3].before).toMatchObject({ name: 'Alpha Two' });
  });

  it('refuses a duplicate name (any case) on the name field, in Somali when asked', async () => {
    const first = await call(orgA.token, 'POST', path, { name: 'Bravo' });
    expect(first.statusCode).toBe(201);
    const before = await countRows(orgA.clientId);
    const dup = await call(orgA.token, 'POST', path, { name: 'bRAVO ' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'VALIDATION', details: [{ field: 'name', message: 'This value already exists.' }] });
    const dupSo = await call(orgA.token, 'POST', path, { name: 'BRAVO' }, 'so');
    expect(dupSo.json().details).toEqual([{ field: 'name', message: 'Qiimahan horay ayuu u jiray.' }]);

    const other = await call(orgA.token, 'POST', path, { name: 'Charlie' });
    const rename = await call(orgA.token, 'PUT', `${path}/${other.json().id}`, { name: 'bravo' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().details[0].field).toBe('name');
    // Renaming a row to its own name in another case is not a duplicate.
    const recase = await call(orgA.token, 'PUT', `${path}/${first.json().id}`, { name: 'BRAVO' });
    expect(recase.statusCode).toBe(200);
    expect(await countRows(orgA.clientId)).toBe(before + 1);

    // The same name is free in another organisation.
    expect((await call(orgB.token, 'POST', path, { name: 'Bravo' })).statusCode).toBe(201);
  });

  it('names each invalid field in Somali', async () => {
    const res = await call(orgA.token, 'POST', path, { name: '', [extra]: 'x'.repeat(6000) }, 'so');
    expect(res.statusCode).toBe(400);
    const details = res.json().details as Array<{ field: string; message: string }>;
    expect(details.map((d) => d.field).sort()).toEqual([extra, 'name'].sort());
    expect(details.find((d) => d.field === 'name')?.message).toBe('Goobtan waa qasab.');
    expect(details.find((d) => d.field === extra)?.message).toMatch(/^Ugu badnaan waa \d+ xaraf$/);
  });

  it('lists with paging, search, status filter and whitelisted sorting', async () => {
    for (const name of ['Zulu list', 'Yankee list', 'X-ray list']) {
      expect((await call(orgA.token, 'POST', path, { name, [extra]: values[1] })).statusCode).toBe(201);
    }
    const xray = (await call(orgA.token, 'GET', `${path}?q=x-ray`)).json();
    expect(xray.data.map((r: { name: string }) => r.name)).toEqual(['X-ray list']);
    await call(orgA.token, 'PATCH', `${path}/${xray.data[0].id}/status`, { status: 'Inactive' });

    const paged = (await call(orgA.token, 'GET', `${path}?q=list&_limit=2&_page=1&_sort=name&_order=desc`)).json();
    expect(paged).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(paged.data.map((r: { name: string }) => r.name)).toEqual(['Zulu list', 'Yankee list']);
    const page2 = (await call(orgA.token, 'GET', `${path}?q=list&_limit=2&_page=2&_sort=name&_order=desc`)).json();
    expect(page2.data.map((r: { name: string }) => r.name)).toEqual(['X-ray list']);

    const active = (await call(orgA.token, 'GET', `${path}?q=list&status=Active`)).json();
    expect(active.data.map((r: { name: string }) => r.name)).toEqual(['Yankee list', 'Zulu list']);
    const all = (await call(orgA.token, 'GET', `${path}?q=list&status=0`)).json();
    expect(all.total).toBe(3);
    // Pattern characters are searched literally.
    expect((await call(orgA.token, 'GET', `${path}?q=%25`)).json().total).toBe(0);

    const defaults = (await call(orgA.token, 'GET', path)).json();
    expect(defaults.limit).toBe(100);
    expect(defaults.page).toBe(1);

    const badSort = await call(orgA.token, 'GET', `${path}?_sort=password_hash`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().details[0].field).toBe('_sort');
    expect((await call(orgA.token, 'GET', `${path}?_limit=1001`)).statusCode).toBe(400);
  });

  it('keeps organisations apart: B neither sees nor changes A rows', async () => {
    const a = (await call(orgA.token, 'POST', path, { name: 'Only in A', [extra]: values[0] })).json();
    const listB = (await call(orgB.token, 'GET', `${path}?q=Only in A`)).json();
    expect(listB.total).toBe(0);
    expect((await call(orgB.token, 'GET', `${path}/${a.id}`)).statusCode).toBe(404);
    expect((await call(orgB.token, 'PUT', `${path}/${a.id}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await call(orgB.token, 'PATCH', `${path}/${a.id}/status`, { status: 'Inactive' })).statusCode).toBe(404);
    expect((await call(orgB.token, 'DELETE', `${path}/${a.id}`)).statusCode).toBe(404);
    expect((await call(orgA.token, 'GET', `${path}/${a.id}`)).json()).toEqual(a);
  });

  it('answers 403 to a user without the privilege and changes nothing', async () => {
    const target = (await call(orgA.token, 'POST', path, { name: 'Guarded' })).json();
    const staff = await staffUser(ctx, orgA, ['dashboard']);
    const rowsBefore = await countRows(orgA.clientId);
    const auditBefore = await lastAuditId(ctx, orgA.clientId);
    const attempts = [
      call(staff.token, 'GET', path),
      call(staff.token, 'GET', `${path}/${target.id}`),
      call(staff.token, 'POST', path, { name: 'Sneaky' }),
      call(staff.token, 'PUT', `${path}/${target.id}`, { name: 'Sneaky' }),
      call(staff.token, 'PATCH', `${path}/${target.id}/status`, { status: 'Inactive' }),
      call(staff.token, 'DELETE', `${path}/${target.id}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await countRows(orgA.clientId)).toBe(rowsBefore);
    expect(await lastAuditId(ctx, orgA.clientId)).toBe(auditBefore);
    expect((await call(orgA.token, 'GET', `${path}/${target.id}`)).json()).toEqual(target);

    const allowed = await staffUser(ctx, orgA, [privilege]);
    expect((await call(allowed.token, 'GET', path)).statusCode).toBe(200);
    expect((await call(allowed.token, 'POST', path, { name: 'By staff' })).statusCode).toBe(201);
  });
});
