// DELETE /api/roles/:id. A role still held by an active or disabled user stays (409 role.inUse).
// Deleted users keep their row for history but let go of the role, so the reference does not block.
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { notFound } from '../../plugins/errors.ts';
import { rolePrivilegeKeys } from './save-role.ts';
import { roleInUse } from './user-rules.ts';
import { roles, users } from './users.tables.ts';

export async function deleteRole(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  const { tx, actor, id } = opts;
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.clientId, actor.clientId)))
    .for('update');
  if (!role) throw notFound();
  const holders = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, id), ne(users.status, 'Deleted')))
    .limit(1);
  if (holders.length > 0) throw roleInUse();
  const privileges = await rolePrivilegeKeys(tx, id);
  const detached = await tx
    .update(users)
    .set({ roleId: null })
    .where(and(eq(users.roleId, id), eq(users.status, 'Deleted')))
    .returning({ id: users.id });
  // role_privileges rows go with the role (ON DELETE CASCADE).
  await tx.delete(roles).where(eq(roles.id, id));
  await writeAudit(tx, actor, {
    action: 'delete',
    entity: 'role',
    entityId: id,
    before: { name: role.name, description: role.description, privileges },
    after: detached.length > 0 ? { detachedDeletedUserIds: detached.map((u) => u.id) } : null,
  });
}
