// User classes (GET/POST /api/user-classes, GET/PUT/DELETE /api/user-classes/:id, PATCH .../status;
// privilege user-classes): kinds of staff presetting a role and a dashboard, kept as a reference list
// (lib/reference-list.ts). The preset role must be the organisation's; a class some user has cannot be
// deleted (the users' foreign key answers "in use"), only set Inactive.
import { and, eq, sql } from 'drizzle-orm';
import { type DashboardKind, type ReferenceStatus, userClass, userClassBody, userClassesEndpoints, userClassListQuery } from '@ubo/contracts';
import type { ReferenceList } from '../../lib/reference-list.ts';
import { fieldError } from '../../plugins/errors.ts';
import { roles, userClasses } from './users.tables.ts';

const iso = (d: Date) => d.toISOString();

export const userClassList: ReferenceList<typeof userClasses, typeof userClassBody, typeof userClass> = {
  entity: 'user-class',
  endpoints: userClassesEndpoints,
  privilege: 'user-classes',
  tag: 'users',
  table: userClasses,
  body: userClassBody,
  item: userClass,
  query: userClassListQuery,
  sortColumns: {
    id: userClasses.id,
    name: sql`lower(${userClasses.name})`,
    dashboard: userClasses.dashboard,
    status: userClasses.status,
    createdAt: userClasses.createdAt,
    updatedAt: userClasses.updatedAt,
  },
  searchColumns: [userClasses.name, userClasses.description],
  toValues: (input) => ({ name: input.name, description: input.description, roleId: input.roleId ?? null, dashboard: input.dashboard }),
  toItem: (row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    roleId: row.roleId,
    dashboard: row.dashboard as DashboardKind,
    status: row.status as ReferenceStatus,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }),
  async beforeSave({ tx, input }) {
    if (!input.roleId) return;
    // Row-level security limits roles to the caller's organisation; another's id is simply not found.
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.id, input.roleId)));
    if (!role) throw fieldError('roleId', 'v.notFound');
  },
};
