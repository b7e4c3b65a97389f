// GET /api/roles and /api/roles/:id: roles of the caller's organisation with their privilege keys
// and the number of (not deleted) users holding each.
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { RoleListQuery, RoleRecord } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { likePattern } from './like-pattern.ts';
import { roles } from './users.tables.ts';

// Written against the outer "roles" by name: an interpolated column would render unqualified and bind to the subquery's table.
const privilegesOfRole = sql<
  string[]
>`coalesce((select array_agg(rp.privilege order by rp.privilege) from role_privileges rp where rp.role_id = roles.id), '{}')`;
const userCountOfRole = sql<number>`(select count(*)::int from users u where u.client_id = roles.client_id and u.role_id = roles.id and u.status <> 'Deleted')`;

const columns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  privileges: privilegesOfRole,
  userCount: userCountOfRole,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
};

type RoleRow = { id: number; name: string; description: string | null; privileges: string[] | null; userCount: number; createdAt: Date; updatedAt: Date };

function toRecord(r: RoleRow): RoleRecord {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    privileges: r.privileges ?? [],
    userCount: Number(r.userCount),
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

const sortColumns = { name: sql`lower(${roles.name})`, userCount: userCountOfRole, createdAt: roles.createdAt } as const;

export async function listRoles(opts: { tx: Db; clientId: number; query: RoleListQuery }) {
  const { tx, clientId, query } = opts;
  const page = query._page ?? 1;
  const limit = query._limit ?? 100;
  const filters: SQL[] = [eq(roles.clientId, clientId)];
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(or(ilike(roles.name, pattern), ilike(roles.description, pattern)) as SQL);
  }
  const where = and(...filters);
  const sortBy = sortColumns[query._sort ?? 'name'];
  const rows = await tx
    .select(columns)
    .from(roles)
    .where(where)
    .orderBy(query._order === 'desc' ? desc(sortBy) : asc(sortBy), asc(roles.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [{ total }] = await tx.select({ total: count() }).from(roles).where(where);
  return { data: rows.map(toRecord), total, page, limit };
}

/** One role of the caller's organisation, or 404 (another organisation's role does not exist here). */
export async function getRole(opts: { tx: Db; clientId: number; id: number }): Promise<RoleRecord> {
  const [row] = await opts.tx
    .select(columns)
    .from(roles)
    .where(and(eq(roles.id, opts.id), eq(roles.clientId, opts.clientId)));
  if (!row) throw notFound();
  return toRecord(row);
}
