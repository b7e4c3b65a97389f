// A user's effective privileges: their role's keys plus their extra keys (administrators pass every
// check anyway, but still see the list their role grants).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rolePrivileges } from './users.tables.ts';

export async function privilegesOf(tx: Db, user: { roleId: number | null; extraPrivileges: string[] }): Promise<string[]> {
  const fromRole = user.roleId
    ? (await tx.select({ p: rolePrivileges.privilege }).from(rolePrivileges).where(eq(rolePrivileges.roleId, user.roleId))).map((r) => r.p)
    : [];
  return [...new Set([...fromRole, ...user.extraPrivileges])].sort();
}
