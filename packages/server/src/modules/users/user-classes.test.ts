// User classes: kinds of staff presetting a role and a dashboard; a user has one class and the users
// list filters by it. Privilege user-classes; other organisations' classes are 404; bad input is 400 with
// field messages in EN and SO; refusals change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { tableSnapshot } from '../../../test/table-snapshot.ts';
import { staffUser } from '../settings/test-support.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let other: Awaited<ReturnType<typeof newOrganisation>>;
let cashierRole: number;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = org.token, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(token), ...(lang ? { 'x-lang': lang } : {}) }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Classy Water' });
  other = await newOrganisation(ctx, { name: 'Other Classy Water' });
  const role = await call('POST', '/api/roles', { name: 'Cashiers', privileges: ['dashboard', 'receive-payment'] });
  expect(role.statusCode, role.body).toBe(200);
  cashierRole = role.json().id;
});
afterAll(() => ctx.close());

describe('user classes', () => {
  it('creates a class that presets a role and a dashboard; a new user of the class takes its role; the list filters by class', async () => {
    const created = await call('POST', '/api/user-classes', { name: 'Cashier', description: 'Desk cashiers', roleId: cashierRole, dashboard: 'cashier' });
    expect(created.statusCode, created.body).toBe(201);
    const cls = created.json();
    expect(cls).toMatchObject({ name: 'Cashier', roleId: cashierRole, dashboard: 'cashier', status: 'Active' });
    const reader = (await call('POST', '/api/user-classes', { name: 'Meter reader', dashboard: 'meter-reader' })).json();
    expect(reader).toMatchObject({ roleId: null, dashboard: 'meter-reader' });

    const amina = await call('POST', '/api/admin', { username: 'amina', fullname: 'Amina Yusuf', userClassId: cls.id });
    expect(amina.statusCode, amina.body).toBe(200);
    expect(amina.json()).toMatchObject({ userClassId: cls.id, userClassName: 'Cashier', roleId: cashierRole, roleName: 'Cashiers' });
    const omar = await call('POST', '/api/admin', { username: 'omar', fullname: 'Omar Ali', userClassId: reader.id });
    expect(omar.json()).toMatchObject({ userClassId: reader.id, roleId: null });

    const cashiers = (await call('GET', `/api/admin?userClassId=${cls.id}`)).json();
    expect(cashiers.data.map((u: { username: string }) => u.username)).toEqual(['amina']);
    const readers = (await call('GET', `/api/admin?userClassId=${reader.id}`)).json();
    expect(readers.data.map((u: { username: string }) => u.username)).toEqual(['omar']);

    // Changing the class later keeps the role the user has.
    const moved = await call('PUT', `/api/admin/${amina.json().id}`, { username: 'amina', fullname: 'Amina Yusuf', userClassId: reader.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ userClassId: reader.id, userClassName: 'Meter reader', roleId: cashierRole });

    const list = (await call('GET', '/api/user-classes?_sort=name')).json();
    expect(list.data.map((c: { name: string }) => c.name)).toEqual(['Cashier', 'Meter reader']);
  });

  it("sets the dashboard the user starts on: their class's while the class is active, the general one otherwise", async () => {
    const desk = (await call('POST', '/api/user-classes', { name: 'Bookkeeper', dashboard: 'accounts' })).json();
    const staff = await staffUser(ctx, org, ['dashboard']);
    const dashboardOf = async () => (await call('GET', '/api/auth', undefined, staff.token)).json().dashboard;
    expect(await dashboardOf()).toBe('general');
    const given = await call('PUT', `/api/admin/${staff.id}`, { username: staff.username, fullname: 'Staff Member', userClassId: desk.id });
    expect(given.statusCode, given.body).toBe(200);
    expect(await dashboardOf()).toBe('accounts');
    expect((await call('GET', '/api/auth/view', undefined, staff.token)).json().dashboard).toBe('accounts');
    const paused = await call('PATCH', `/api/user-classes/${desk.id}/status`, { status: 'Inactive' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await dashboardOf()).toBe('general');
  });

  it('refuses bad input field by field in EN and SO, changing nothing', async () => {
    const before = await tableSnapshot(ctx.database.db);
    const en = await call('POST', '/api/user-classes', { name: '', dashboard: 'casino' });
    expect(en.statusCode).toBe(400);
    expect(
      en
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['dashboard', 'name']);
    const so = await call('POST', '/api/user-classes', { name: '' }, org.token, 'so');
    expect(so.json().details).toEqual([{ field: 'name', message: 'Goobtan waa qasab.' }]);
    const dup = await call('POST', '/api/user-classes', { name: 'CASHIER' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().details[0].field).toBe('name');
    const badRole = await call('POST', '/api/user-classes', { name: 'Accountant', roleId: 999999 });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().details[0].field).toBe('roleId');
    const badClass = await call('POST', '/api/admin', { username: 'nobody', fullname: 'No Body', userClassId: 999999 });
    expect(badClass.statusCode).toBe(400);
    expect(badClass.json().details.map((d: { field: string }) => d.field)).toEqual(['userClassId']);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });

  it("keeps other organisations' classes out (404) and people without the privilege (403), changing nothing", async () => {
    const cls = (await call('POST', '/api/user-classes', { name: 'HR officer', dashboard: 'hr' })).json();
    const clerk = await staffUser(ctx, org, ['list-user']);
    const before = await tableSnapshot(ctx.database.db);
    expect((await call('GET', `/api/user-classes/${cls.id}`, undefined, other.token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/user-classes/${cls.id}`, { name: 'Stolen' }, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/user-classes/${cls.id}`, undefined, other.token)).statusCode).toBe(404);
    // Another organisation's administrator cannot give their user this class either.
    const foreign = await call('POST', '/api/admin', { username: 'spy', fullname: 'Spy Person', userClassId: cls.id }, other.token);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].field).toBe('userClassId');
    expect((await call('GET', '/api/user-classes', undefined, clerk.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/user-classes', { name: 'Clerks' }, clerk.token)).statusCode).toBe(403);
    expect(await tableSnapshot(ctx.database.db)).toEqual(before);
  });

  it('refuses to delete a class in use, deletes one that is not', async () => {
    const used = (await call('GET', '/api/user-classes?q=Meter')).json().data[0];
    const refused = await call('DELETE', `/api/user-classes/${used.id}`);
    expect(refused.statusCode).toBe(409);
    const spare = (await call('POST', '/api/user-classes', { name: 'Spare' })).json();
    expect((await call('DELETE', `/api/user-classes/${spare.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/user-classes/${spare.id}`)).statusCode).toBe(404);
  });
});
