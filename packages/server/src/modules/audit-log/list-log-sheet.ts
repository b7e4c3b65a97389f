// The log sheet: the organisation's audit lines (written by writeAudit), newest first, filtered by
// user, entity, action, whole UTC days and a search over username, entity and entity id. Each line
// carries its user's full name (joined) and its record's name (record-names.ts, one statement a page).
import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Lang, LogSheetEntry, logSheetQuery, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { containsPattern } from '../../lib/sql.ts';
import { users } from '../users/index.ts';
import { auditLog } from './audit-log.tables.ts';
import { recordNames } from './record-names.ts';

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

function toEntry(r: Row, userName: string | null, recordName: string | null): LogSheetEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    userId: r.userId,
    username: r.username,
    userName,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    recordName,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
  };
}

/** The lines with their user's name and their record's name. */
async function named(tx: Db, clientId: number, lang: Lang, rows: { log: Row; fullname: string | null }[]): Promise<LogSheetEntry[]> {
  const logs = rows.map((r) => r.log);
  const names = await recordNames({ tx, clientId, lang, lines: logs });
  return rows.map((r, i) => toEntry(r.log, r.fullname, names[i]));
}

const withUser = { log: auditLog, fullname: users.fullname };
const sameUser = and(eq(users.id, auditLog.userId), eq(users.clientId, auditLog.clientId));

export async function listLogSheet(opts: { tx: Db; clientId: number; lang: Lang; query: Query }) {
  const { tx, clientId, lang, query } = opts;
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
    .select(withUser)
    .from(auditLog)
    .leftJoin(users, sameUser)
    .where(where)
    .orderBy(direction(sortBy), direction(auditLog.id))
    .limit(query._limit)
    .offset((query._page - 1) * query._limit);
  const [{ total }] = await tx.select({ total: count() }).from(auditLog).where(where);
  return { data: await named(tx, clientId, lang, rows), total, page: query._page, limit: query._limit };
}

export async function getLogSheetEntry(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<LogSheetEntry> {
  const { tx, clientId, lang, id } = opts;
  const rows = await tx.select(withUser).from(auditLog).leftJoin(users, sameUser).where(eq(auditLog.id, id));
  if (rows.length === 0) throw notFound();
  return (await named(tx, clientId, lang, rows))[0];
}
