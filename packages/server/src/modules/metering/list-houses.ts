// GET /api/elc/houses, /houses/maxrecords and /houses/:id: houses with their customer, zone and installed
// meter; the detail adds the meter history. q matches the meter number or house number by prefix, or
// the customer (name, phone, number) through the customers' search words.
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { type CustomerClass, type House, type HouseDetail, type HouseStatus, type houseListQuery, plainDecimal, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { customerMatches, customers, startsWithPattern } from '../customers/index.ts';
import { zones } from '../zones/index.ts';
import { houses, meters } from './metering.tables.ts';

const columns = {
  h: houses,
  customerNo: customers.customerNo,
  customerName: customers.name,
  customerClass: customers.customerClass,
  zoneName: zones.name,
  meterId: meters.id,
  meterNumber: meters.meterNo,
  meterDigits: meters.digits,
  installationReading: meters.initialReading,
  installationDate: meters.installedOn,
};

type Row = {
  h: typeof houses.$inferSelect;
  customerNo: string; customerName: string; customerClass: string; zoneName: string; meterId: number; meterNumber: string; meterDigits: number;
  installationReading: string; installationDate: string;
};

function toHouse(row: Row): House {
  const h = row.h;
  return {
    id: h.id,
    customerId: h.customerId,
    customerNo: row.customerNo,
    customerName: row.customerName,
    customerClass: row.customerClass as CustomerClass,
    zoneId: h.zoneId,
    zoneName: row.zoneName,
    houseNo: h.houseNo,
    address: h.address,
    tariffClass: h.tariffClass as CustomerClass | null,
    effectiveClass: (h.tariffClass ?? row.customerClass) as CustomerClass,
    status: h.status as HouseStatus,
    meterId: row.meterId,
    meterNumber: row.meterNumber,
    meterDigits: Number(row.meterDigits),
    installationReading: plainDecimal(row.installationReading),
    installationDate: row.installationDate,
    createdAt: new Date(h.createdAt).toISOString(),
    updatedAt: new Date(h.updatedAt).toISOString(),
  };
}

function selectHouses(tx: Db) {
  return tx
    .select(columns)
    .from(houses)
    .innerJoin(customers, eq(customers.id, houses.customerId))
    .innerJoin(zones, eq(zones.id, houses.zoneId))
    .innerJoin(meters, and(eq(meters.houseId, houses.id), isNull(meters.removedOn)));
}

const sortColumns = {
  id: houses.id,
  houseNo: sql`lower(${houses.houseNo})`,
  meterNumber: sql`lower(${meters.meterNo})`,
  customerName: sql`lower(${customers.name})`,
  status: houses.status,
  createdAt: houses.createdAt,
} as const;

type ListQuery = z.output<typeof houseListQuery>;

function listFilters(clientId: number, query: Omit<ListQuery, '_page' | '_limit' | '_sort' | '_order'>): SQL | undefined {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(houses.status, query.status));
  if (query.zoneId) filters.push(eq(houses.zoneId, query.zoneId));
  if (query.customerId) filters.push(eq(houses.customerId, query.customerId));
  const q = query.q?.trim().toLowerCase();
  if (q) {
    const byCustomer = customerMatches(houses.customerId, clientId, q);
    filters.push(
      sql`(${startsWithPattern(sql`lower(${meters.meterNo})`, q)} or ${startsWithPattern(sql`lower(${houses.houseNo})`, q)}${byCustomer ? sql` or (${byCustomer})` : sql``})`,
    );
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

export async function listHouses(opts: { tx: Db; clientId: number; query: ListQuery }) {
  const { tx, clientId, query } = opts;
  const where = listFilters(clientId, query);
  const direction = query._order === 'desc' ? desc : asc;
  const rows = await selectHouses(tx)
    .where(where)
    .orderBy(direction(sortColumns[query._sort ?? 'id']), direction(houses.id))
    .limit(query._limit)
    .offset((query._page - 1) * query._limit);
  return { data: rows.map(toHouse), total: await countHouses({ tx, clientId, query }), page: query._page, limit: query._limit };
}

/** GET /api/elc/houses/maxrecords: how many houses the same filters give, for the pager. */
export async function countHouses(opts: { tx: Db; clientId: number; query: Omit<ListQuery, '_page' | '_limit' | '_sort' | '_order'> }): Promise<number> {
  const { tx, clientId, query } = opts;
  const where = listFilters(clientId, query);
  const [{ total }] = await tx
    .select({ total: count() })
    .from(houses)
    .innerJoin(meters, and(eq(meters.houseId, houses.id), isNull(meters.removedOn)))
    .where(where);
  return total;
}

export async function getHouse(opts: { tx: Db; id: number }): Promise<HouseDetail> {
  const [row] = await selectHouses(opts.tx).where(eq(houses.id, opts.id));
  if (!row) throw notFound();
  const history = await opts.tx.select().from(meters).where(eq(meters.houseId, opts.id)).orderBy(asc(meters.installedOn), asc(meters.id));
  return {
    ...toHouse(row),
    meters: history.map((m) => ({
      id: m.id,
      meterNumber: m.meterNo,
      digits: Number(m.digits),
      initialReading: plainDecimal(m.initialReading),
      installedOn: m.installedOn,
      removedOn: m.removedOn,
      finalReading: m.finalReading === null ? null : plainDecimal(m.finalReading),
    })),
  };
}
