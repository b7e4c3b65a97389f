// GET /api/elc/zones and /api/elc/zones/:id: zones with their branch, meter reader and house count.
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ReferenceStatus, Zone, z, zoneListQuery } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { branches } from '../organisations/index.ts';
import { containsPattern } from '../../lib/sql.ts';
import { users } from '../users/index.ts';
import { zones } from './zones.tables.ts';

const houseCount = sql<number>`(select count(*)::int from houses h where h.zone_id = ${zones.id})`;

const columns = {
  id: zones.id,
  name: zones.name,
  branchId: zones.branchId,
  branchName: branches.name,
  description: zones.description,
  meterReaderId: zones.meterReaderId,
  meterReaderName: users.fullname,
  status: zones.status,
  houseCount,
  createdAt: zones.createdAt,
  updatedAt: zones.updatedAt,
};

type ZoneRow = {
  id: number;
  name: string;
  branchId: number;
  branchName: string | null;
  description: string | null;
  meterReaderId: number | null;
  meterReaderName: string | null;
  status: string;
  houseCount: number;
  createdAt: Date;
  updatedAt: Date;
};

function toZone(r: ZoneRow): Zone {
  return {
    ...r,
    branchName: r.branchName ?? '',
    status: r.status as ReferenceStatus,
    houseCount: Number(r.houseCount),
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

const sortColumns = {
  id: zones.id,
  name: sql`lower(${zones.name})`,
  status: zones.status,
  createdAt: zones.createdAt,
  updatedAt: zones.updatedAt,
} as const;

function selectZones(tx: Db) {
  return tx.select(columns).from(zones).leftJoin(branches, eq(branches.id, zones.branchId)).leftJoin(users, eq(users.id, zones.meterReaderId));
}

export async function listZones(opts: { tx: Db; query: z.output<typeof zoneListQuery> }) {
  const { tx, query } = opts;
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(zones.status, query.status));
  if (query.branchId) filters.push(eq(zones.branchId, query.branchId));
  if (query.meterReaderId) filters.push(eq(zones.meterReaderId, query.meterReaderId));
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(or(ilike(zones.name, pattern), ilike(zones.description, pattern)) as SQL);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const sortBy = sortColumns[query._sort ?? 'name'];
  const direction = query._order === 'desc' ? desc : asc;
  const rows = await selectZones(tx)
    .where(where)
    .orderBy(direction(sortBy), direction(zones.id))
    .limit(query._limit)
    .offset((query._page - 1) * query._limit);
  const [{ total }] = await tx.select({ total: count() }).from(zones).where(where);
  return { data: rows.map(toZone), total, page: query._page, limit: query._limit };
}

export async function getZone(opts: { tx: Db; id: number }): Promise<Zone> {
  const [row] = await selectZones(opts.tx).where(eq(zones.id, opts.id));
  if (!row) throw notFound();
  return toZone(row);
}
