// Branches (elc/branches): a reference list with one extra rule. The organisation keeps at least one
// active branch, so the last one can be neither deleted nor made inactive. A branch that users (or any
// later document) point at is "in use": the foreign keys refuse the delete.
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { branch, branchBody, branchesEndpoints, branchListQuery, type ReferenceStatus } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { ReferenceList } from '../../lib/reference-list.ts';
import { branches } from './organisations.tables.ts';

async function assertAnotherActiveBranch(tx: Db, id: number): Promise<void> {
  const [{ others }] = await tx
    .select({ others: count() })
    .from(branches)
    .where(and(eq(branches.status, 'Active'), ne(branches.id, id)));
  if (others === 0) throw new AppError(409, 'LAST_ACTIVE_BRANCH', 'branch.lastActive');
}

export const branchList: ReferenceList<typeof branches, typeof branchBody, typeof branch> = {
  entity: 'branch',
  endpoints: branchesEndpoints,
  privilege: 'list-branch',
  tag: 'settings',
  table: branches,
  body: branchBody,
  item: branch,
  query: branchListQuery,
  sortColumns: {
    id: branches.id,
    name: sql`lower(${branches.name})`,
    status: branches.status,
    createdAt: branches.createdAt,
    updatedAt: branches.updatedAt,
  },
  searchColumns: [branches.name, branches.address, branches.phone],
  toValues: (input) => ({ name: input.name, address: input.address, phone: input.phone }),
  toItem: (row) => ({
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    status: row.status as ReferenceStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }),
  beforeDelete: async ({ tx, row }) => {
    if (row.status === 'Active') await assertAnotherActiveBranch(tx, row.id);
  },
  beforeStatus: async ({ tx, row, status }) => {
    if (status !== 'Active') await assertAnotherActiveBranch(tx, row.id);
  },
};
