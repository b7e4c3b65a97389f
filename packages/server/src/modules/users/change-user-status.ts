// PATCH /api/admin/:id/status, POST /api/admin/:id/reset-password and DELETE /api/admin/:id.
// Disabling, resetting and deleting end the user's tokens in the same transaction (new token
// version, sessions revoked), so the next request with an old token is refused in every process.
import { eq } from 'drizzle-orm';
import type { AdminUser } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { getUser } from './list-users.ts';
import { assertAnotherActiveAdmin, auditView, endUserSessions, lockUserForChange, selfDisable, serialiseAdminChanges } from './user-rules.ts';
import { users } from './users.tables.ts';

export async function setUserStatus(opts: { tx: Db; actor: Actor; id: number; status: 'Active' | 'Disabled' }): Promise<AdminUser> {
  const { tx, actor, id, status } = opts;
  if (status === 'Disabled') await serialiseAdminChanges(tx, actor.clientId);
  const before = await lockUserForChange(tx, actor, id);
  if (before.status !== status) {
    if (status === 'Disabled') {
      if (id === actor.userId) throw selfDisable();
      if (before.isAdmin) await assertAnotherActiveAdmin(tx, actor.clientId, id);
      await endUserSessions(tx, id);
    }
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
    await writeAudit(tx, actor, { action: 'status', entity: 'user', entityId: id, before: { status: before.status }, after: { status } });
  }
  return getUser({ tx, clientId: actor.clientId, id });
}

/** Soft delete: the row and its username stay for the log sheet and history; the account can never sign in. */
export async function deleteUser(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  const { tx, actor, id } = opts;
  await serialiseAdminChanges(tx, actor.clientId);
  const before = await lockUserForChange(tx, actor, id);
  if (id === actor.userId) throw selfDisable();
  if (before.isAdmin && before.status === 'Active') await assertAnotherActiveAdmin(tx, actor.clientId, id);
  await endUserSessions(tx, id);
  await tx.update(users).set({ status: 'Deleted', updatedAt: new Date() }).where(eq(users.id, id));
  await writeAudit(tx, actor, { action: 'delete', entity: 'user', entityId: id, before: auditView(before), after: { status: 'Deleted' } });
}

/** A new temporary password (hashed by the caller before the transaction); the user must change it at sign-in. */
export async function resetUserPassword(opts: { tx: Db; actor: Actor; id: number; passwordHash: string }): Promise<void> {
  const { tx, actor, id, passwordHash } = opts;
  await lockUserForChange(tx, actor, id);
  await tx.update(users).set({ passwordHash, mustChangePassword: true, updatedAt: new Date() }).where(eq(users.id, id));
  await endUserSessions(tx, id);
  await writeAudit(tx, actor, { action: 'reset-password', entity: 'user', entityId: id });
}
