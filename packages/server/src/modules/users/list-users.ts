// GET /api/admin and /api/admin/:id: the organisation's staff accounts with their role's name.
// Without a status filter deleted accounts are left out; they stay readable by id and by status=Deleted.
import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AdminUser, UserListQuery, UserStatus } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { likePattern } from './like-pattern.ts';
import { roles, userClasses, users } from './users.tables.ts';

const columns = {
  id: users.id,
  username: users.username,
  fullname: users.fullname,
  email: users.email,
  phone: users.phone,
  isAdmin: users.isAdmin,
  status: users.status,
  roleId: users.roleId,
  roleName: roles.name,
  extraPrivileges: users.extraPrivileges,
  branchId: users.branchId,
  userClassId: users.userClassId,
  userClassName: userClasses.name,
  lastLoginAt: users.lastLoginAt,
  mustChangePassword: users.mustChangePassword,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type UserListRow = {
  id: number;
  username: string;
  fullname: string;
  email: string | null;
  phone: string | null;
  isAdmin: boolean;
  status: string;
  roleId: number | null;
  roleName: string | null;
  extraPrivileges: string[];
  branchId: number | null;
  userClassId: number | null;
  userClassName: string | null;
  lastLoginAt: Date | null;
  mustChangePassword: boolean;
  createdAt: Date;
  updatedAt: Date;
};

function toAdminUser(u: UserListRow): AdminUser {
  return {
    ...u,
    status: u.status as UserStatus,
    extraPrivileges: u.extraPrivileges ?? [],
    lastLoginAt: u.lastLoginAt ? new Date(u.lastLoginAt).toISOString() : null,
    createdAt: new Date(u.createdAt).toISOString(),
    updatedAt: new Date(u.updatedAt).toISOString(),
  };
}

const sortColumns = {
  username: sql`lower(${users.username})`,
  fullname: sql`lower(${users.fullname})`,
  status: users.status,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
} as const;

export async function listUsers(opts: { tx: Db; clientId: number; query: UserListQuery }) {
  const { tx, clientId, query } = opts;
  const page = query._page;
  const limit = query._limit;
  const filters: SQL[] = [eq(users.clientId, clientId), query.status ? eq(users.status, query.status) : ne(users.status, 'Deleted')];
  if (query.roleId) filters.push(eq(users.roleId, query.roleId));
  if (query.userClassId) filters.push(eq(users.userClassId, query.userClassId));
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(or(ilike(users.username, pattern), ilike(users.fullname, pattern)) as SQL);
  }
  const where = and(...filters);
  const sortBy = sortColumns[query._sort ?? 'username'];
  const rows = await tx
    .select(columns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(userClasses, and(eq(userClasses.clientId, users.clientId), eq(userClasses.id, users.userClassId)))
    .where(where)
    .orderBy(query._order === 'desc' ? sql`${sortBy} desc nulls last` : asc(sortBy), asc(users.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [{ total }] = await tx.select({ total: count() }).from(users).where(where);
  return { data: rows.map(toAdminUser), total, page, limit };
}

/** One account of the caller's organisation (deleted ones included), or 404. */
export async function getUser(opts: { tx: Db; clientId: number; id: number }): Promise<AdminUser> {
  const [row] = await opts.tx
    .select(columns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(userClasses, and(eq(userClasses.clientId, users.clientId), eq(userClasses.id, users.userClassId)))
    .where(and(eq(users.id, opts.id), eq(users.clientId, opts.clientId)));
  if (!row) throw notFound();
  return toAdminUser(row);
}
