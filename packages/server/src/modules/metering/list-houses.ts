// GET /api/elc/houses, /houses/maxrecords and /houses/:id: houses with their customer, zone and installed
// meter; the detail adds the meter history. q matches the meter number or house number by prefix, or
// the customer (name, phone, number) through the customers' search words.
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { type CustomerClass, type House, type HouseDetail, type HouseStatus, type houseListQuery, plainDecimal, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../plugins/errors.ts';
import { customerMatches, customers, startsWithPattern } from '../customers/index.ts';
import { zones } from '../zones/index.ts';
import { houses, meters } from './metering.tables.ts';

// The tariff in force today for the house's effective class in its zone (the zone's own version wins
// over the class-wide one, as findTariffFor decides), and the installed meter's latest reading.
const effectiveClass = sql`coalesce(${houses.tariffClass}, ${customers.customerClass})`;
const todaysTariff = (column: 'id' | 'name') => sql<string | number | null>`(
  select t.${sql.raw(column)} from tariffs t
  where t.customer_class = ${effectiveClass} and (t.zone_id = ${houses.zoneId} or t.zone_id is null)
    and t.effective_from <= current_date and (t.effective_to is null or t.effective_to >= current_date)
  order by t.zone_id is null limit 1)`;
const lastReading = sql<string | null>`(
  select json_build_object('period', r.period, 'readingDate', r.reading_date::text, 'currentReading', r.current_reading::text,
    'consumption', r.consumption::text, 'type', r.type)::text
  from meter_readings r where r.meter_id = ${meters.id} order by r.reading_date desc, r.id desc limit 1)`;

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
  tariffId: todaysTariff('id'),
  tariffName: todaysTariff('name'),
  lastReading,
};

type Row = {
  h: typeof houses.$inferSelect;
  customerNo: string;
  customerName: string;
  customerClass: string;
  zoneName: string;
  meterId: number;
  meterNumber: string;
  meterDigits: number;
  installationReading: string;
  installationDate: string;
  tariffId: string | number | null;
  tariffName: string | number | null;
  lastReading: string | null;
};

function toLastReading(json: string | null): House['lastReading'] {
  if (json === null) return null;
  const r = JSON.parse(json) as { period: string; readingDate: string; currentReading: string; consumption: string; type: string };
  return { ...r, currentReading: plainDecimal(r.currentReading), consumption: plainDecimal(r.consumption) };
}

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
    tariffId: row.tariffId === null ? null : Number(row.tariffId),
    tariffName: row.tariffName === null ? null : String(row.tariffName),
    lastReading: toLastReading(row.lastReading),
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

/**
 * Connections and disconnections with their reasons, newest first. setHouseStatus writes them to the log
 * sheet (audit_log, indexed by entity) in its transaction; the house screen shows them from there.
 */
async function statusHistory(tx: Db, id: number): Promise<HouseDetail['statusHistory']> {
  const rows = await queryRows<{ at: string | Date; status: string | null; reason: string | null; username: string | null }>(
    tx,
    sql`
    select a.at, a.after->>'status' as status, a.after->>'reason' as reason, a.username
    from audit_log a
    where a.entity = 'house' and a.entity_id = ${String(id)} and a.action = 'status'
    order by a.at desc, a.id desc limit 100`,
  );
  return rows.map((r) => ({ at: new Date(r.at).toISOString(), status: r.status ?? '', reason: r.reason, username: r.username }));
}

export async function getHouse(opts: { tx: Db; id: number }): Promise<HouseDetail> {
  const [row] = await selectHouses(opts.tx).where(eq(houses.id, opts.id));
  if (!row) throw notFound();
  const history = await opts.tx.select().from(meters).where(eq(meters.houseId, opts.id)).orderBy(asc(meters.installedOn), asc(meters.id));
  return {
    statusHistory: await statusHistory(opts.tx, opts.id),
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
