// GET /api/elc/reads (filters: period, zone, house, customer, type, flagged, pending), /reads/pending
// (entered, not yet billed) and /reads/:id: readings with their house, customer, zone and meter.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { plainDecimal, type Reading, type ReadingFlag, type ReadingType, type readingListQuery, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { customers, startsWithPattern } from '../customers/index.ts';
import { users } from '../users/index.ts';
import { zones } from '../zones/index.ts';
import { houses, meterReadings, meters } from './metering.tables.ts';

const columns = {
  r: meterReadings,
  houseNo: houses.houseNo,
  customerId: houses.customerId,
  customerNo: customers.customerNo,
  customerName: customers.name,
  zoneId: houses.zoneId,
  zoneName: zones.name,
  meterNumber: meters.meterNo,
  confirmedByName: users.fullname,
};

type Row = {
  r: typeof meterReadings.$inferSelect;
  houseNo: string | null;
  customerId: number;
  customerNo: string;
  customerName: string;
  zoneId: number;
  zoneName: string;
  meterNumber: string;
  confirmedByName: string | null;
};

function toReading(row: Row): Reading {
  const r = row.r;
  return {
    id: r.id,
    houseId: r.houseId,
    houseNo: row.houseNo,
    customerId: row.customerId,
    customerNo: row.customerNo,
    customerName: row.customerName,
    zoneId: row.zoneId,
    zoneName: row.zoneName,
    meterId: r.meterId,
    meterNumber: row.meterNumber,
    period: r.period,
    readingDate: r.readingDate,
    type: r.type as ReadingType,
    previousReading: plainDecimal(r.previousReading),
    previousDate: r.previousDate,
    currentReading: plainDecimal(r.currentReading),
    consumption: plainDecimal(r.consumption),
    isRollover: r.isRollover,
    flags: (r.flags ?? []) as ReadingFlag[],
    confirmedBy: r.confirmedBy,
    confirmedByName: row.confirmedByName,
    confirmedAt: r.confirmedAt ? new Date(r.confirmedAt).toISOString() : null,
    note: r.note,
    billedBillId: r.billedBillId,
    createdBy: r.createdBy,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

function selectReadings(tx: Db) {
  return tx
    .select(columns)
    .from(meterReadings)
    .innerJoin(houses, eq(houses.id, meterReadings.houseId))
    .innerJoin(customers, eq(customers.id, houses.customerId))
    .innerJoin(zones, eq(zones.id, houses.zoneId))
    .innerJoin(meters, eq(meters.id, meterReadings.meterId))
    .leftJoin(users, eq(users.id, meterReadings.confirmedBy));
}

const sortColumns = {
  id: meterReadings.id,
  period: meterReadings.period,
  readingDate: meterReadings.readingDate,
  consumption: meterReadings.consumption,
  meterNumber: sql`lower(${meters.meterNo})`,
  createdAt: meterReadings.createdAt,
} as const;

type ListQuery = z.output<typeof readingListQuery>;

export async function listReadings(opts: { tx: Db; query: ListQuery }) {
  const { tx, query } = opts;
  const filters: SQL[] = [];
  if (query.period) filters.push(eq(meterReadings.period, query.period));
  if (query.zoneId) filters.push(eq(houses.zoneId, query.zoneId));
  if (query.houseId) filters.push(eq(meterReadings.houseId, query.houseId));
  if (query.customerId) filters.push(eq(houses.customerId, query.customerId));
  if (query.type) filters.push(eq(meterReadings.type, query.type));
  if (query.flagged === true) filters.push(sql`cardinality(${meterReadings.flags}) > 0`);
  if (query.flagged === false) filters.push(sql`cardinality(${meterReadings.flags}) = 0`);
  if (query.pending === true) filters.push(isNull(meterReadings.billedBillId));
  if (query.pending === false) filters.push(isNotNull(meterReadings.billedBillId));
  if (query.q?.trim()) filters.push(startsWithPattern(sql`lower(${meters.meterNo})`, query.q.trim().toLowerCase()));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const direction = query._order === 'desc' ? desc : asc;
  const orderBy =
    query._sort === undefined
      ? [desc(meterReadings.period), asc(houses.zoneId), asc(meterReadings.houseId), asc(meterReadings.id)]
      : [direction(sortColumns[query._sort]), direction(meterReadings.id)];
  const rows = await selectReadings(tx)
    .where(where)
    .orderBy(...orderBy)
    .limit(query._limit)
    .offset((query._page - 1) * query._limit);
  const [{ total }] = await tx
    .select({ total: count() })
    .from(meterReadings)
    .innerJoin(houses, eq(houses.id, meterReadings.houseId))
    .innerJoin(meters, eq(meters.id, meterReadings.meterId))
    .where(where);
  return { data: rows.map(toReading), total, page: query._page, limit: query._limit };
}

export async function getReading(opts: { tx: Db; id: number }): Promise<Reading> {
  const [row] = await selectReadings(opts.tx).where(eq(meterReadings.id, opts.id));
  if (!row) throw notFound();
  return toReading(row);
}

export async function getReadings(tx: Db, ids: number[]): Promise<Reading[]> {
  if (ids.length === 0) return [];
  const rows = await selectReadings(tx).where(inArray(meterReadings.id, ids)).orderBy(asc(meterReadings.id));
  return rows.map(toReading);
}
