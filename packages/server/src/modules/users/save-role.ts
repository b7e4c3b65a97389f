// POST /api/roles and PUT /api/roles/:id: a role's name, description and full privilege list.
// The name is unique per organisation regardless of case; a non-administrator may add only keys
// they hold. The change and its log line are written in the caller's one transaction.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RoleInput, RoleRecord } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { fieldError, notFound } from '../../plugins/errors.ts';
import { getRole } from './list-roles.ts';
import { assertCanGrant } from './user-rules.ts';
import { rolePrivileges, roles } from './users.tables.ts';

async function assertNameFree(tx: Db, clientId: number, name: string, exceptId?: number): Promise<void> {
  const same = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.clientId, clientId), sql`lower(${roles.name}) = lower(${name})`, exceptId ? ne(roles.id, exceptId) : undefined));
  if (same.length > 0) throw fieldError('name', 'role.nameTaken');
}

export async function rolePrivilegeKeys(tx: Db, roleId: number): Promise<string[]> {
  const rows = await tx.select({ p: rolePrivileges.privilege }).from(rolePrivileges).where(eq(rolePrivileges.roleId, roleId));
  return rows.map((r) => r.p).sort();
}

export async function insertRolePrivileges(tx: Db, clientId: number, roleId: number, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(rolePrivileges)
    .values(keys.map((privilege) => ({ clientId, roleId, privilege })))
    .onConflictDoNothing();
}

export async function deleteRolePrivileges(tx: Db, roleId: number, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.delete(rolePrivileges).where(and(eq(rolePrivileges.roleId, roleId), inArray(rolePrivileges.privilege, [...keys])));
}

export async function createRole(opts: { tx: Db; actor: Actor; input: RoleInput }): Promise<RoleRecord> {
  const { tx, actor, input } = opts;
  await assertCanGrant(tx, actor, input.privileges, 'privileges');
  await assertNameFree(tx, actor.clientId, input.name);
  const [row] = await tx
    .insert(roles)
    .values({ clientId: actor.clientId, name: input.name, description: input.description ?? null })
    .returning();
  await insertRolePrivileges(tx, actor.clientId, row.id, input.privileges);
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'role',
    entityId: row.id,
    after: { name: row.name, description: row.description, privileges: input.privileges },
  });
  return getRole({ tx, clientId: actor.clientId, id: row.id });
}

export async function updateRole(opts: { tx: Db; actor: Actor; id: number; input: RoleInput }): Promise<RoleRecord> {
  const { tx, actor, id, input } = opts;
  const [before] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.clientId, actor.clientId)))
    .for('update');
  if (!before) throw notFound();
  const current = await rolePrivilegeKeys(tx, id);
  const added = input.privileges.filter((k) => !current.includes(k));
  const removed = current.filter((k) => !input.privileges.includes(k));
  await assertCanGrant(tx, actor, added, 'privileges');
  await assertNameFree(tx, actor.clientId, input.name, id);
  const description = input.description === undefined ? before.description : input.description;
  await tx.update(roles).set({ name: input.name, description, updatedAt: new Date() }).where(eq(roles.id, id));
  await deleteRolePrivileges(tx, id, removed);
  await insertRolePrivileges(tx, actor.clientId, id, added);
  await writeAudit(tx, actor, {
    action: 'update',
    entity: 'role',
    entityId: id,
    before: { name: before.name, description: before.description, privileges: current },
    after: { name: input.name, description, privileges: input.privileges },
  });
  return getRole({ tx, clientId: actor.clientId, id });
}
