// POST and DELETE /api/roles/modules: add keys to, or remove keys from, one role without resending
// the whole list (the role editor's per-group toggles). Unchanged roles write no log line.
import { and, eq } from 'drizzle-orm';
import type { RolePrivilegesChange, RoleRecord } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { notFound } from '../../plugins/errors.ts';
import { getRole } from './list-roles.ts';
import { deleteRolePrivileges, insertRolePrivileges, rolePrivilegeKeys } from './save-role.ts';
import { assertCanGrant } from './user-rules.ts';
import { roles } from './users.tables.ts';

export async function changeRolePrivileges(opts: { tx: Db; actor: Actor; input: RolePrivilegesChange; change: 'add' | 'remove' }): Promise<RoleRecord> {
  const { tx, actor, input, change } = opts;
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, input.roleId), eq(roles.clientId, actor.clientId)))
    .for('update');
  if (!role) throw notFound();
  const before = await rolePrivilegeKeys(tx, role.id);
  if (change === 'add') {
    const added = input.privileges.filter((k) => !before.includes(k));
    await assertCanGrant(tx, actor, added, 'privileges');
    await insertRolePrivileges(tx, actor.clientId, role.id, added);
  } else {
    await deleteRolePrivileges(
      tx,
      role.id,
      input.privileges.filter((k) => before.includes(k)),
    );
  }
  const after = await rolePrivilegeKeys(tx, role.id);
  if (after.join() !== before.join()) {
    await tx.update(roles).set({ updatedAt: new Date() }).where(eq(roles.id, role.id));
    await writeAudit(tx, actor, { action: 'update', entity: 'role', entityId: role.id, before: { privileges: before }, after: { privileges: after } });
  }
  return getRole({ tx, clientId: actor.clientId, id: role.id });
}
