// The log sheet: the organisation's audit lines (written by writeAudit), newest first, filtered by
// user, entity, action, whole UTC days and a search over username, entity and entity id.
import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { LogSheetEntry, logSheetQuery, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { containsPattern } from '../settings/index.ts';
import { auditLog } from './audit-log.tables.ts';

type Query = z.output<typeof logSheetQuery>;
type Row = typeof auditLog.$inferSelect;

const DAY_MS = 86_400_000;
const utcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

const sortColumns = {
  at: auditLog.at,
  id: auditLog.id,
  username: auditLog.username,
  action: auditLog.action,
  entity: auditLog.entity,
} as const;

function toEntry(r: Row): LogSheetEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    userId: r.userId,
    username: r.username,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
  };
}

export async function listLogSheet(opts: { tx: Db; query: Query }) {
  const { tx, query } = opts;
  const filters: SQL[] = [];
  if (query.userId) filters.push(eq(auditLog.userId, query.userId));
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.startDate) filters.push(gte(auditLog.at, utcMidnight(query.startDate)));
  if (query.endDate) filters.push(lt(auditLog.at, new Date(utcMidnight(query.endDate).getTime() + DAY_MS)));
  if (query.q) {
    const pattern = containsPattern(query.q);
    const search = or(ilike(auditLog.username, pattern), ilike(auditLog.entity, pattern), ilike(auditLog.entityId, pattern));
    if (search) filters.push(search);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  // Newest first unless asked otherwise; id breaks ties between lines of one transaction.
  const direction = query._order === 'asc' ? asc : desc;
  const sortBy = sortColumns[query._sort ?? 'at'];
  const rows = await tx
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(direction(sortBy), direction(auditLog.id))
    .limit(query._limit)
    .offset((query._page - 1) * query._limit);
  const [{ total }] = await tx.select({ total: count() }).from(auditLog).where(where);
  return { data: rows.map(toEntry), total, page: query._page, limit: query._limit };
}

export async function getLogSheetEntry(opts: { tx: Db; id: number }): Promise<LogSheetEntry> {
  const [row] = await opts.tx.select().from(auditLog).where(eq(auditLog.id, opts.id));
  if (!row) throw notFound();
  return toEntry(row);
}
