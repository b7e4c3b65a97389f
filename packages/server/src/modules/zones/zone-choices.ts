// GET /api/elc/zones/choices: the zone form's options. The branch list (list-branch) and the user list
// (list-user) need privileges a billing officer may not hold, yet choosing a zone's branch and meter
// reader is part of keeping zones; this answers with ids and names only, under list-zone.
import { asc, eq, ne, sql } from 'drizzle-orm';
import type { ZoneChoices } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { branches } from '../organisations/index.ts';
import { users } from '../users/index.ts';

export async function zoneChoices(opts: { tx: Db }): Promise<ZoneChoices> {
  const { tx } = opts;
  const activeBranches = await tx
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(eq(branches.status, 'Active'))
    .orderBy(sql`lower(${branches.name})`, asc(branches.id));
  // The same users save-zone accepts: any that is not deleted (a disabled reader can be enabled again).
  const readers = await tx
    .select({ id: users.id, fullname: users.fullname, status: users.status })
    .from(users)
    .where(ne(users.status, 'Deleted'))
    .orderBy(sql`lower(${users.fullname})`, asc(users.id));
  return { branches: activeBranches, meterReaders: readers };
}
