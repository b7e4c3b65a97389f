import { and, asc, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, nextIp, signIn, startTestApp, type TestContext } from '../../../test/harness.ts';
import { auditLog } from '../audit-log/index.ts';
import { rolePrivileges, roles, sessions, users } from './users.tables.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Berbera Power' });
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(token), ...(lang ? { 'x-lang': lang } : {}) }, ...(payload ? { payload } : {}) });

const login = (username: string, password: string, code = org.code) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, code }, remoteAddress: nextIp() });

async function createRole(token: string, name: string, privileges: string[]) {
  const res = await call(token, 'POST', '/api/roles', { name, description: `${name} staff`, privileges });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; name: string; privileges: string[]; userCount: number };
}

async function createUser(token: string, body: Record<string, unknown>) {
  const res = await call(token, 'POST', '/api/admin', { fullname: 'Test User', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; username: string; temporaryPassword?: string; mustChangePassword: boolean; roleName: string | null };
}

/** Signs in with a temporary password and sets a permanent one; returns the new token. */
async function activate(username: string, temporary: string, permanent = 'Permanent@2026', code = org.code) {
  const token = await signIn(ctx, { username, password: temporary, code });
  const changed = await call(token, 'POST', '/api/users/change-password', { currentPassword: temporary, newPassword: permanent, confirmPassword: permanent });
  expect(changed.statusCode, changed.body).toBe(200);
  return token;
}

const tableState = async (clientId: number) => {
  const db = ctx.database.db;
  return {
    users: await db.select().from(users).where(eq(users.clientId, clientId)).orderBy(asc(users.id)),
    roles: await db.select().from(roles).where(eq(roles.clientId, clientId)).orderBy(asc(roles.id)),
    rolePrivileges: await db
      .select()
      .from(rolePrivileges)
      .where(eq(rolePrivileges.clientId, clientId))
      .orderBy(asc(rolePrivileges.roleId), asc(rolePrivileges.privilege)),
    audit: (await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.clientId, clientId))).length,
  };
};

describe('privilege catalogue', () => {
  it('lists the catalogue grouped, in both languages', async () => {
    const res = await call(org.token, 'GET', '/api/roles/modules');
    expect(res.statusCode).toBe(200);
    const settings = res.json().find((g: { group: string }) => g.group === 'settings');
    expect(settings).toMatchObject({ en: 'Settings', so: 'Habaynta' });
    expect(settings.privileges).toContainEqual({ key: 'list-user', en: 'Users', so: 'Isticmaalayaasha' });
  });
});

describe('roles', () => {
  it('creates, lists, edits and deletes a role', async () => {
    const role = await createRole(org.token, 'Meter readers', ['meter-reading', 'dashboard', 'meter-reading']);
    expect(role).toMatchObject({ name: 'Meter readers', privileges: ['dashboard', 'meter-reading'], userCount: 0 });

    const list = await call(org.token, 'GET', '/api/roles?q=meter&_page=1&_limit=10');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 1, limit: 10, data: [{ id: role.id, userCount: 0, privileges: ['dashboard', 'meter-reading'] }] });

    const put = await call(org.token, 'PUT', `/api/roles/${role.id}`, { name: 'Meter readers', description: '', privileges: ['meter-reading', 'list-house'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ description: null, privileges: ['list-house', 'meter-reading'] });

    const added = await call(org.token, 'POST', '/api/roles/modules', { roleId: role.id, privileges: ['list-zone', 'list-house'] });
    expect(added.json().privileges).toEqual(['list-house', 'list-zone', 'meter-reading']);
    const removedByQuery = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/roles/modules?roleId=${role.id}&privileges=list-zone,list-house`,
      headers: bearer(org.token),
    });
    expect(removedByQuery.statusCode, removedByQuery.body).toBe(200);
    expect(removedByQuery.json().privileges).toEqual(['meter-reading']);
    const removedByBody = await call(org.token, 'DELETE', '/api/roles/modules', { roleId: role.id, privileges: ['meter-reading'] });
    expect(removedByBody.json().privileges).toEqual([]);

    const del = await call(org.token, 'DELETE', `/api/roles/${role.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true, message: 'Deleted.' });
    expect((await call(org.token, 'GET', `/api/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('refuses a duplicate name (any case) and unknown privileges with field errors, changing nothing', async () => {
    await createRole(org.token, 'Cashiers', ['receive-payment']);
    const before = await tableState(org.clientId);
    const dup = await call(org.token, 'POST', '/api/roles', { name: 'CASHIERS', privileges: [] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'VALIDATION', details: [{ field: 'name', message: 'A role with this name already exists.' }] });
    const unknown = await call(org.token, 'POST', '/api/roles', { name: 'Hackers', privileges: ['dashboard', 'root-everything'] }, 'so');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'privileges', message: 'Ogolaansho aan la aqoon.' }]);
    const unknownAdd = await call(org.token, 'POST', '/api/roles/modules', { roleId: 1, privileges: ['nope'] });
    expect(unknownAdd.json().details).toEqual([{ field: 'privileges', message: 'Unknown privilege.' }]);
    const missing = await ctx.app.inject({ method: 'DELETE', url: '/api/roles/modules?privileges=dashboard', headers: bearer(org.token) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'roleId', message: 'Field is required.' }]);
    expect(await tableState(org.clientId)).toEqual(before);
  });

  it('keeps a role that users hold (409 role.inUse)', async () => {
    const role = await createRole(org.token, 'Storekeepers', ['list-item']);
    await createUser(org.token, { username: 'store.keeper', roleId: role.id });
    const res = await call(org.token, 'DELETE', `/api/roles/${role.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IN_USE', message: 'This role is assigned to users and cannot be deleted.' });
    expect((await call(org.token, 'GET', `/api/roles/${role.id}`)).json().userCount).toBe(1);
  });
});

describe('users', () => {
  it('creates a user who must change the password, then sees only what the role allows', async () => {
    const role = await createRole(org.token, 'Role clerks', ['list-role', 'dashboard']);
    const created = await createUser(org.token, { username: 'clerk.one', fullname: 'Clerk One', phone: '0615123456', email: '', roleId: role.id });
    expect(created).toMatchObject({ username: 'clerk.one', mustChangePassword: true, roleName: 'Role clerks', isAdmin: false });
    expect(created.temporaryPassword).toMatch(/^[A-Za-z]{8}\d{2}$/);
    expect(JSON.stringify(created)).not.toContain('argon2');

    const first = await login('clerk.one', created.temporaryPassword!);
    expect(first.statusCode).toBe(200);
    const temporaryToken = first.json().token as string;
    const blocked = await call(temporaryToken, 'GET', '/api/roles');
    expect(blocked.statusCode).toBe(402);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');

    const changed = await call(temporaryToken, 'POST', '/api/users/change-password', {
      currentPassword: created.temporaryPassword,
      newPassword: 'Clerk@2026x',
      confirmPassword: 'Clerk@2026x',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(temporaryToken, 'GET', '/api/roles')).statusCode).toBe(200);
    const denied = await call(temporaryToken, 'GET', '/api/admin');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You do not have permission for this action.' });

    // A role editor cannot hand out keys they do not hold.
    const escalate = await call(temporaryToken, 'POST', '/api/roles', { name: 'Self promotion', privileges: ['list-user'] });
    expect(escalate.statusCode).toBe(400);
    expect(escalate.json().details).toEqual([{ field: 'privileges', message: 'You cannot grant a privilege you do not hold yourself.' }]);
    const escalateAdd = await call(temporaryToken, 'POST', '/api/roles/modules', { roleId: role.id, privileges: ['list-user'] });
    expect(escalateAdd.statusCode).toBe(400);
    expect((await call(org.token, 'GET', `/api/roles/${role.id}`)).json().privileges).toEqual(['dashboard', 'list-role']);
  });

  it('ends the tokens of a disabled user at once and refuses their sign-in until enabled again', async () => {
    const created = await createUser(org.token, { username: 'Disable.Me', extraPrivileges: ['dashboard'] });
    const token = await activate('Disable.Me', created.temporaryPassword!);
    expect((await call(token, 'GET', '/api/auth')).statusCode).toBe(200);

    const disabled = await call(org.token, 'PATCH', `/api/admin/${created.id}/status`, { status: 'Disabled' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().status).toBe('Disabled');
    expect((await call(token, 'GET', '/api/auth')).statusCode).toBe(401);
    expect((await login('disable.me', 'Permanent@2026')).statusCode).toBe(401);
    const open = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, created.id));
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);

    const enabled = await call(org.token, 'PATCH', `/api/admin/${created.id}/status`, { status: 'Active' });
    expect(enabled.json().status).toBe('Active');
    expect((await call(token, 'GET', '/api/auth')).statusCode).toBe(401);
    expect((await login('disable.me', 'Permanent@2026')).statusCode).toBe(200);

    const bad = await call(org.token, 'PATCH', `/api/admin/${created.id}/status`, { status: 'Deleted' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('status');
  });

  it('resets a password: old tokens and password stop, the new temporary one forces a change', async () => {
    const created = await createUser(org.token, { username: 'reset.me', password: 'Chosen@123' });
    expect(created.temporaryPassword).toBeUndefined();
    const token = await activate('reset.me', 'Chosen@123');
    const reset = await call(org.token, 'POST', `/api/admin/${created.id}/reset-password`);
    expect(reset.statusCode, reset.body).toBe(200);
    const { temporaryPassword, message } = reset.json();
    expect(message).toContain('temporary password');
    expect((await call(token, 'GET', '/api/auth')).statusCode).toBe(401);
    expect((await login('reset.me', 'Permanent@2026')).statusCode).toBe(401);
    const next = await login('reset.me', temporaryPassword);
    expect(next.statusCode).toBe(200);
    expect((await call(next.json().token, 'GET', '/api/roles/modules')).statusCode).toBe(402);
  });

  it('refuses duplicate usernames (any case), bad usernames, bad passwords and unknown references field by field', async () => {
    await createUser(org.token, { username: 'taken.name' });
    const before = await tableState(org.clientId);
    const dup = await call(org.token, 'POST', '/api/admin', { username: 'TAKEN.name', fullname: 'Someone Else' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().details).toEqual([{ field: 'username', message: 'This username is already in use.' }]);

    const badName = await call(org.token, 'POST', '/api/admin', { username: 'has space', fullname: 'X Y', password: 'short', email: 'nope' });
    expect(badName.statusCode).toBe(400);
    const fields = Object.fromEntries(badName.json().details.map((d: { field: string; message: string }) => [d.field, d.message]));
    expect(fields).toEqual({
      username: 'Use 3 to 50 letters, digits, dots, underscores or hyphens, without spaces.',
      password: 'Invalid password. Password must be at least 6 characters long, and contain a number.',
      email: 'Valid email is required!.',
    });

    const unknownPrivilege = await call(org.token, 'POST', '/api/admin', { username: 'new.one', fullname: 'New One', extraPrivileges: ['dashboard', 'fly'] });
    expect(unknownPrivilege.json().details).toEqual([{ field: 'extraPrivileges', message: 'Unknown privilege.' }]);

    const other = await newOrganisation(ctx);
    const foreignRole = (await call(other.token, 'POST', '/api/roles', { name: 'Foreign', privileges: [] })).json();
    const refs = await call(org.token, 'POST', '/api/admin', { username: 'taken.NAME', fullname: 'New One', roleId: foreignRole.id, branchId: 999999 }, 'so');
    expect(refs.statusCode).toBe(400);
    expect(refs.json().details).toEqual([
      { field: 'username', message: 'Magacan isticmaalaha horay ayaa loo isticmaalay.' },
      { field: 'roleId', message: 'Diiwaanka la doortay ma jiro.' },
      { field: 'branchId', message: 'Diiwaanka la doortay ma jiro.' },
    ]);
    expect(await tableState(org.clientId)).toEqual(before);
  });

  it('edits a user, lists with search, filter and paging', async () => {
    const role = await createRole(org.token, 'Listers', ['list-customer']);
    const created = await createUser(org.token, { username: 'edit.me', fullname: 'Edit Me' });
    const put = await call(org.token, 'PUT', `/api/admin/${created.id}`, {
      username: 'edited.user',
      fullname: 'Edited User',
      email: 'edited@example.so',
      roleId: role.id,
      extraPrivileges: ['dashboard'],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ username: 'edited.user', email: 'edited@example.so', roleName: 'Listers', extraPrivileges: ['dashboard'] });
    const clash = await call(org.token, 'PUT', `/api/admin/${created.id}`, { username: 'ADMIN', fullname: 'Edited User' });
    expect(clash.json().details).toEqual([{ field: 'username', message: 'This username is already in use.' }]);

    const search = await call(org.token, 'GET', '/api/admin?q=edited');
    expect(search.json()).toMatchObject({ total: 1, page: 1, limit: 100, data: [{ id: created.id, roleId: role.id, status: 'Active' }] });
    const wildcard = await call(org.token, 'GET', '/api/admin?q=%25');
    expect(wildcard.json().total).toBe(0);
    const paged = await call(org.token, 'GET', '/api/admin?_page=2&_limit=1&_sort=username');
    const all = await call(org.token, 'GET', '/api/admin?_sort=username');
    expect(paged.json().data[0].id).toBe(all.json().data[1].id);
    expect(paged.json().total).toBe(all.json().total);
    const byRole = await call(org.token, 'GET', `/api/admin?roleId=${role.id}`);
    expect(byRole.json().data.map((u: { id: number }) => u.id)).toEqual([created.id]);
    expect((await call(org.token, 'GET', `/api/admin/${created.id}`)).json().username).toBe('edited.user');
  });

  it('soft-deletes a user: gone from the list, cannot sign in, username kept', async () => {
    const created = await createUser(org.token, { username: 'delete.me' });
    const token = await activate('delete.me', created.temporaryPassword!);
    const res = await call(org.token, 'DELETE', `/api/admin/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/auth')).statusCode).toBe(401);
    expect((await login('delete.me', 'Permanent@2026')).statusCode).toBe(401);
    const active = await call(org.token, 'GET', '/api/admin?q=delete.me');
    expect(active.json().total).toBe(0);
    const deleted = await call(org.token, 'GET', '/api/admin?q=delete.me&status=Deleted');
    expect(deleted.json().data).toMatchObject([{ id: created.id, status: 'Deleted', username: 'delete.me' }]);
    const change = await call(org.token, 'PATCH', `/api/admin/${created.id}/status`, { status: 'Active' });
    expect(change.statusCode).toBe(409);
    expect(change.json().code).toBe('USER_DELETED');
    const reuse = await call(org.token, 'POST', '/api/admin', { username: 'Delete.Me', fullname: 'Another' });
    expect(reuse.json().details).toEqual([{ field: 'username', message: 'This username is already in use.' }]);
  });

  it('refuses to disable or delete yourself and to remove the last active administrator', async () => {
    const self = await call(org.token, 'PATCH', `/api/admin/${org.adminId}/status`, { status: 'Disabled' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'SELF_DISABLE', message: 'You cannot disable or delete your own account.' });
    expect((await call(org.token, 'DELETE', `/api/admin/${org.adminId}`)).json().code).toBe('SELF_DISABLE');
    const demote = await call(org.token, 'PUT', `/api/admin/${org.adminId}`, { username: 'admin', fullname: 'Administrator', isAdmin: false });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'LAST_ADMIN', message: 'The organisation must keep at least one active administrator.' });
    expect((await call(org.token, 'GET', `/api/admin/${org.adminId}`)).json()).toMatchObject({ isAdmin: true, status: 'Active' });

    // With a second administrator the first may step down; the second then cannot remove the last one.
    const small = await newOrganisation(ctx);
    const second = await createUser(small.token, { username: 'second.admin', isAdmin: true });
    const secondToken = await activate('second.admin', second.temporaryPassword!, 'Permanent@2026', small.code);
    const stepDown = await call(small.token, 'PUT', `/api/admin/${small.adminId}`, { username: 'admin', fullname: 'Administrator', isAdmin: false });
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    const last = await call(small.token, 'PATCH', `/api/admin/${second.id}/status`, { status: 'Disabled' });
    expect(last.statusCode).toBe(403); // no longer an administrator, and without list-user
    const again = await call(secondToken, 'PUT', `/api/admin/${second.id}`, { username: 'second.admin', fullname: 'Second', isAdmin: false });
    expect(again.json().code).toBe('LAST_ADMIN');
  });

  it('keeps one administrator when two step down at the same moment', async () => {
    const pair = await newOrganisation(ctx);
    const second = await createUser(pair.token, { username: 'twin.admin', isAdmin: true });
    const secondToken = await activate('twin.admin', second.temporaryPassword!, 'Permanent@2026', pair.code);
    const [a, b] = await Promise.all([
      call(pair.token, 'PUT', `/api/admin/${pair.adminId}`, { username: 'admin', fullname: 'Administrator', isAdmin: false }),
      call(secondToken, 'PUT', `/api/admin/${second.id}`, { username: 'twin.admin', fullname: 'Twin', isAdmin: false }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const admins = await ctx.database.db
      .select()
      .from(users)
      .where(and(eq(users.clientId, pair.clientId), eq(users.isAdmin, true), eq(users.status, 'Active')));
    expect(admins).toHaveLength(1);
  });

  it('lets a user manager manage staff but not administrators or privileges they lack', async () => {
    const created = await createUser(org.token, { username: 'user.manager', extraPrivileges: ['list-user', 'dashboard'] });
    const token = await activate('user.manager', created.temporaryPassword!);
    const makeAdmin = await call(token, 'POST', '/api/admin', { username: 'sneaky', fullname: 'Sneaky One', isAdmin: true });
    expect(makeAdmin.statusCode).toBe(403);
    expect(makeAdmin.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Only an administrator can create or change an administrator account.' });
    expect((await call(token, 'POST', `/api/admin/${org.adminId}/reset-password`)).statusCode).toBe(403);
    expect((await call(token, 'PATCH', `/api/admin/${org.adminId}/status`, { status: 'Disabled' })).statusCode).toBe(403);
    const grant = await call(token, 'PUT', `/api/admin/${created.id}`, {
      username: 'user.manager',
      fullname: 'Manager',
      extraPrivileges: ['list-user', 'write-check'],
    });
    expect(grant.json().details).toEqual([{ field: 'extraPrivileges', message: 'You cannot grant a privilege you do not hold yourself.' }]);
    const staff = await call(token, 'POST', '/api/admin', { username: 'staff.member', fullname: 'Staff Member', extraPrivileges: ['dashboard'] });
    expect(staff.statusCode, staff.body).toBe(200);
    expect((await call(org.token, 'GET', `/api/admin/${org.adminId}`)).json()).toMatchObject({ status: 'Active', isAdmin: true });
  });
});

describe('tenancy', () => {
  it("does not let organisation B read or change A's users and roles, and leaves A's rows as they were", async () => {
    const role = await createRole(org.token, 'Tenant role', ['dashboard']);
    const user = await createUser(org.token, { username: 'tenant.user', roleId: role.id });
    const b = await newOrganisation(ctx, { name: 'Other Water' });
    const before = await tableState(org.clientId);

    const attempts: Array<[Method, string, object?]> = [
      ['GET', `/api/admin/${user.id}`],
      ['PUT', `/api/admin/${user.id}`, { username: 'stolen', fullname: 'Stolen User' }],
      ['PATCH', `/api/admin/${user.id}/status`, { status: 'Disabled' }],
      ['POST', `/api/admin/${user.id}/reset-password`],
      ['DELETE', `/api/admin/${user.id}`],
      ['GET', `/api/roles/${role.id}`],
      ['PUT', `/api/roles/${role.id}`, { name: 'Stolen', privileges: ['list-user'] }],
      ['DELETE', `/api/roles/${role.id}`],
      ['POST', '/api/roles/modules', { roleId: role.id, privileges: ['list-user'] }],
      ['DELETE', '/api/roles/modules', { roleId: role.id, privileges: ['dashboard'] }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(b.token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const assign = await call(b.token, 'POST', '/api/admin', { username: 'b.user', fullname: 'B User', roleId: role.id });
    expect(assign.json().details).toEqual([{ field: 'roleId', message: 'The selected record does not exist.' }]);
    const listB = await call(b.token, 'GET', '/api/admin');
    expect(listB.json().data.map((u: { username: string }) => u.username)).toEqual(['admin']);
    expect((await call(b.token, 'GET', '/api/roles?q=Tenant')).json().total).toBe(0);

    expect(await tableState(org.clientId)).toEqual(before);
  });
});

describe('audit', () => {
  it('logs every change to users and roles, never a password hash', async () => {
    const role = await createRole(org.token, 'Audited role', ['dashboard']);
    const user = await createUser(org.token, { username: 'audited.user', roleId: role.id });
    await call(org.token, 'PUT', `/api/roles/${role.id}`, { name: 'Audited role 2', privileges: ['dashboard', 'list-item'] });
    await call(org.token, 'POST', '/api/roles/modules', { roleId: role.id, privileges: ['list-unit'] });
    await call(org.token, 'PUT', `/api/admin/${user.id}`, { username: 'audited.user', fullname: 'Audited User', roleId: null });
    await call(org.token, 'PATCH', `/api/admin/${user.id}/status`, { status: 'Disabled' });
    await call(org.token, 'POST', `/api/admin/${user.id}/reset-password`);
    await call(org.token, 'DELETE', `/api/admin/${user.id}`);
    await call(org.token, 'DELETE', `/api/roles/${role.id}`);

    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.clientId, org.clientId),
          or(
            and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(user.id))),
            and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, String(role.id))),
          ),
        ),
      )
      .orderBy(asc(auditLog.id));
    expect(rows.map((r) => `${r.entity}:${r.action}`)).toEqual([
      'role:create',
      'user:create',
      'role:update',
      'role:update',
      'user:update',
      'user:status',
      'user:reset-password',
      'user:delete',
      'role:delete',
    ]);
    expect(rows.every((r) => r.userId === org.adminId && r.username === 'admin')).toBe(true);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/argon2|passwordHash|password_hash|tokenVersion/);
    expect(rows[1].after).toMatchObject({ username: 'audited.user', roleId: role.id, isAdmin: false, status: 'Active' });
    expect(rows[5]).toMatchObject({ before: { status: 'Active' }, after: { status: 'Disabled' } });
  });
});
