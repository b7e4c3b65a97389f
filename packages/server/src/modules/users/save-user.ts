// POST /api/admin and PUT /api/admin/:id: create and edit staff accounts. Every reference (role,
// branch) must belong to the caller's organisation, the username is unique per organisation
// regardless of case, and all field problems are reported together. A new account always starts
// with mustChangePassword, so the temporary password works for one sign-in only.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AdminUser, CreateUserBody, UpdateUserBody } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError } from '../../plugins/errors.ts';
import { hashPassword, temporaryPassword } from '../../lib/passwords.ts';
import { branches } from '../organisations/index.ts';
import { getUser } from './list-users.ts';
import { rolePrivilegeKeys } from './save-role.ts';
import { adminOnly, assertAnotherActiveAdmin, auditView, heldPrivileges, lockUserForChange, serialiseAdminChanges } from './user-rules.ts';
import { roles, userClasses, users } from './users.tables.ts';

/** A generated temporary password and its hash; hashing is slow, so it runs before the transaction. */
export async function newTemporaryPassword(): Promise<{ passwordHash: string; temporaryPassword: string }> {
  const generated = temporaryPassword();
  return { passwordHash: await hashPassword(generated), temporaryPassword: generated };
}

/** The hash of the password an administrator typed, or of a generated one that is returned once. */
export async function prepareNewPassword(given?: string): Promise<{ passwordHash: string; temporaryPassword?: string }> {
  return given ? { passwordHash: await hashPassword(given) } : newTemporaryPassword();
}

interface References {
  username: string;
  roleId?: number | null;
  branchId?: number | null;
  userClassId?: number | null;
  /** Keys newly given to the user; a non-administrator must hold each. */
  addedPrivileges: string[];
  /** Whether roleId is a new assignment (its keys count as granted). */
  roleChanged: boolean;
}

async function checkReferences(tx: Db, actor: Actor, refs: References, exceptUserId?: number): Promise<void> {
  const problems: FieldError[] = [];
  // Administrators may grant any key; anyone else only the keys they hold.
  const held = actor.isAdmin ? null : await heldPrivileges(tx, actor);
  const same = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.clientId, actor.clientId), sql`lower(${users.username}) = lower(${refs.username})`, exceptUserId ? ne(users.id, exceptUserId) : undefined),
    );
  if (same.length > 0) problems.push({ field: 'username', message: 'user.usernameTaken' });

  if (refs.roleId) {
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.id, refs.roleId), eq(roles.clientId, actor.clientId)));
    if (!role) problems.push({ field: 'roleId', message: 'v.notFound' });
    else if (refs.roleChanged && held) {
      const keys = await rolePrivilegeKeys(tx, role.id);
      if (keys.some((k) => !held.includes(k))) problems.push({ field: 'roleId', message: 'v.privilegeNotHeld' });
    }
  }
  if (refs.branchId) {
    const [branch] = await tx
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, refs.branchId), eq(branches.clientId, actor.clientId)));
    if (!branch) problems.push({ field: 'branchId', message: 'v.notFound' });
  }
  if (refs.userClassId) {
    const [found] = await tx
      .select({ id: userClasses.id, status: userClasses.status })
      .from(userClasses)
      .where(and(eq(userClasses.id, refs.userClassId), eq(userClasses.clientId, actor.clientId)));
    if (found?.status !== 'Active') problems.push({ field: 'userClassId', message: 'v.notFound' });
  }
  if (held && refs.addedPrivileges.some((k) => !held.includes(k))) {
    problems.push({ field: 'extraPrivileges', message: 'v.privilegeNotHeld' });
  }
  if (problems.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', problems);
}

/** The role a class presets (null: none, or the class is not the organisation's: checkReferences says so). */
async function classRole(tx: Db, clientId: number, userClassId: number): Promise<number | null> {
  const [row] = await tx
    .select({ roleId: userClasses.roleId })
    .from(userClasses)
    .where(and(eq(userClasses.id, userClassId), eq(userClasses.clientId, clientId)));
  return row?.roleId ?? null;
}

export async function createUser(opts: { tx: Db; actor: Actor; input: CreateUserBody; passwordHash: string }): Promise<AdminUser> {
  const { tx, actor, input, passwordHash } = opts;
  if (input.isAdmin && !actor.isAdmin) throw adminOnly();
  const userClassId = input.userClassId ?? null;
  // A class presets the role: a new user without a role of their own takes the class's.
  const roleId = input.roleId ?? (userClassId ? await classRole(tx, actor.clientId, userClassId) : null);
  await checkReferences(tx, actor, {
    username: input.username,
    userClassId,
    roleId,
    branchId: input.branchId,
    addedPrivileges: input.extraPrivileges,
    roleChanged: true,
  });
  const [row] = await tx
    .insert(users)
    .values({
      clientId: actor.clientId,
      username: input.username,
      fullname: input.fullname,
      email: input.email ?? null,
      phone: input.phone ?? null,
      passwordHash,
      isAdmin: input.isAdmin,
      status: 'Active',
      mustChangePassword: true,
      roleId,
      extraPrivileges: input.extraPrivileges,
      branchId: input.branchId ?? null,
      userClassId,
    })
    .returning();
  await writeAudit(tx, actor, { action: 'create', entity: 'user', entityId: row.id, after: auditView(row) });
  return getUser({ tx, clientId: actor.clientId, id: row.id });
}

export async function updateUser(opts: { tx: Db; actor: Actor; id: number; input: UpdateUserBody }): Promise<AdminUser> {
  const { tx, actor, id, input } = opts;
  if (input.isAdmin === false) await serialiseAdminChanges(tx, actor.clientId);
  const before = await lockUserForChange(tx, actor, id);
  if (input.isAdmin === true && !before.isAdmin && !actor.isAdmin) throw adminOnly();
  if (before.isAdmin && input.isAdmin === false && before.status === 'Active') {
    await assertAnotherActiveAdmin(tx, actor.clientId, id);
  }
  const roleId = input.roleId === undefined ? before.roleId : input.roleId;
  const branchId = input.branchId === undefined ? before.branchId : input.branchId;
  const userClassId = input.userClassId === undefined ? before.userClassId : input.userClassId;
  const extraPrivileges = input.extraPrivileges ?? before.extraPrivileges;
  await checkReferences(
    tx,
    actor,
    {
      username: input.username,
      roleId,
      branchId,
      userClassId: userClassId === before.userClassId ? null : userClassId,
      addedPrivileges: extraPrivileges.filter((k) => !before.extraPrivileges.includes(k)),
      roleChanged: roleId !== before.roleId,
    },
    id,
  );
  const [after] = await tx
    .update(users)
    .set({
      username: input.username,
      fullname: input.fullname,
      email: input.email === undefined ? before.email : input.email,
      phone: input.phone === undefined ? before.phone : input.phone,
      isAdmin: input.isAdmin ?? before.isAdmin,
      roleId,
      branchId,
      userClassId,
      extraPrivileges,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  await writeAudit(tx, actor, { action: 'update', entity: 'user', entityId: id, before: auditView(before), after: auditView(after) });
  return getUser({ tx, clientId: actor.clientId, id });
}
