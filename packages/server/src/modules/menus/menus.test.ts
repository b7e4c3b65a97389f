import { filterMenu, menu, type MenuItem } from '@ubo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, signIn, startTestApp, type TestContext } from '../../../test/harness.ts';
import { inTenant } from '../../db/tenant.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { rolePrivileges, roles, users } from '../users/index.ts';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;

async function userWith(username: string, rolePrivs: string[], extra: string[] = []): Promise<string> {
  const password = 'Staff@2026';
  const passwordHash = await hashPassword(password);
  await inTenant(ctx.database.db, org.clientId, async (tx) => {
    const [role] = await tx
      .insert(roles)
      .values({ clientId: org.clientId, name: `Role of ${username}` })
      .returning();
    if (rolePrivs.length > 0) await tx.insert(rolePrivileges).values(rolePrivs.map((privilege) => ({ clientId: org.clientId, roleId: role.id, privilege })));
    await tx.insert(users).values({ clientId: org.clientId, username, fullname: username, passwordHash, roleId: role.id, extraPrivileges: extra });
  });
  return signIn(ctx, { username, password, code: org.code });
}

const menusOf = async (token: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/menus', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as MenuItem[];
};
const outline = (items: MenuItem[]) => items.map((i) => (i.children ? `${i.path}[${i.children.map((c) => c.path).join(',')}]` : i.path));
const links = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => (i.children ? links(i.children) : [i]));

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx);
});
afterAll(() => ctx.close());

describe('GET /api/menus', () => {
  it('gives a cashier-like role the dashboard and only the ready entries it holds', async () => {
    const token = await userWith('cashier', ['dashboard', 'list-customer', 'list-user']);
    const items = await menusOf(token);
    expect(items[0]).toMatchObject({ path: '/dashboard', en: 'Dashboard', so: 'Muuqaalka Guud', type: 'link' });
    expect(items).toEqual(filterMenu(menu, (p) => p === undefined || ['dashboard', 'list-customer', 'list-user'].includes(p)));
    expect(outline(items)).toContain('/settings[list-users]');
    for (const link of links(items)) expect(['dashboard', 'list-customer', 'list-user']).toContain(link.privilege);
  });

  it('removes a sub-menu none of whose children is visible', async () => {
    const token = await userWith('viewer', ['dashboard']);
    expect(outline(await menusOf(token))).toEqual(['/dashboard']);
  });

  it('counts extra privileges like role privileges, and needs no dashboard to show the rest', async () => {
    const token = await userWith('auditor', [], ['list-log-sheet', 'list-role']);
    expect(outline(await menusOf(token))).toEqual(['/settings[list-roles,list-log-sheet]']);
  });

  it('never offers an entry that is not ready, even to an administrator', async () => {
    const items = await menusOf(org.token);
    expect(items).toEqual(filterMenu(menu, () => true));
    for (const link of links(items)) expect(link.ready).toBe(true);
    expect(items.every((i) => i.type === 'link' || (i.children ?? []).length > 0)).toBe(true);
    const readyCount = links(menu).filter((l) => l.ready).length;
    expect(links(items)).toHaveLength(readyCount);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/menus' })).statusCode).toBe(401);
  });
});
