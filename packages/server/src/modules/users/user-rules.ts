// The rules every change to accounts and roles obeys, checked inside the changing transaction:
// nobody grants more than they hold, only administrators touch administrator accounts, nobody
// disables or deletes themselves, and the organisation always keeps an active administrator.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, fieldError, notFound } from '../../plugins/errors.ts';
import { privilegesOf } from './privileges-of.ts';
import { sessions, users } from './users.tables.ts';

export const roleInUse = () => new AppError(409, 'IN_USE', 'role.inUse');
export const selfDisable = () => new AppError(409, 'SELF_DISABLE', 'user.selfDisable');
export const lastAdmin = () => new AppError(409, 'LAST_ADMIN', 'user.lastAdmin');
export const adminOnly = () => new AppError(403, 'FORBIDDEN', 'user.adminOnly');
export const userDeleted = () => new AppError(409, 'USER_DELETED', 'user.deleted');

export type UserRow = typeof users.$inferSelect;

/**
 * The keys the actor holds (role keys plus extra keys), read in the changing transaction so the service
 * needs nothing from the request and a command-line or job actor is judged the same way.
 */
export async function heldPrivileges(tx: Db, actor: Actor): Promise<string[]> {
  const [row] = await tx
    .select({ roleId: users.roleId, extraPrivileges: users.extraPrivileges })
    .from(users)
    .where(and(eq(users.id, actor.userId), eq(users.clientId, actor.clientId)));
  return row ? privilegesOf(tx, row) : [];
}

/** A non-administrator may grant only keys they hold; administrators may grant any catalogue key. */
export async function assertCanGrant(tx: Db, actor: Actor, keys: readonly string[], field: string): Promise<void> {
  if (actor.isAdmin || keys.length === 0) return;
  const held = await heldPrivileges(tx, actor);
  if (keys.some((k) => !held.includes(k))) throw fieldError(field, 'v.privilegeNotHeld');
}

/** The user to change, locked for the rest of the transaction; deleted users and admins (for non-admins) refused. */
export async function lockUserForChange(tx: Db, actor: Actor, userId: number): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clientId, actor.clientId)))
    .for('update');
  if (!row) throw notFound();
  if (row.status === 'Deleted') throw userDeleted();
  if (row.isAdmin && !actor.isAdmin) throw adminOnly();
  return row;
}

/**
 * Serialises, per organisation, the changes that can take an administrator away (disable, delete,
 * demote), so two running at once cannot each count the other's administrator as still there.
 * Taken first, before any row lock, so it cannot deadlock with them.
 */
export async function serialiseAdminChanges(tx: Db, clientId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7301, ${clientId})`);
}

/** Refuses a change that takes `userId` out of the active administrators when no other one is left. */
export async function assertAnotherActiveAdmin(tx: Db, clientId: number, userId: number): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.isAdmin, true), eq(users.status, 'Active')));
  if (!admins.some((a) => a.id !== userId)) throw lastAdmin();
}

/** Ends every token of the user at once: a new token version and every open session revoked. */
export async function endUserSessions(tx: Db, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** What the log sheet keeps of a user: never the password hash or token version. */
export function auditView(u: UserRow) {
  return {
    username: u.username,
    fullname: u.fullname,
    email: u.email,
    phone: u.phone,
    isAdmin: u.isAdmin,
    status: u.status,
    roleId: u.roleId,
    extraPrivileges: u.extraPrivileges,
    branchId: u.branchId,
    userClassId: u.userClassId,
  };
}

/** A unique index hit (a concurrent insert won the race after our check) becomes the same field error. */
export function asFieldErrorOnUnique(field: string, messageKey: string) {
  return (err: unknown): never => {
    const e = err as { code?: unknown; cause?: { code?: unknown } };
    if (e?.code === '23505' || e?.cause?.code === '23505') throw fieldError(field, messageKey);
    throw err;
  };
}
