// Loads, for a set of houses, what the reading rules need (reading-rules.ts): the installed meter, the
// baseline, the periods already read, the recent consumption; and the zone averages for estimates.
// Writers lock the house rows first, so two people entering readings for one house queue instead of
// both comparing with the same baseline.
import { sql } from 'drizzle-orm';
import { type BillingDecimal, bdec } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AVERAGE_OVER, type HouseState, periodMinus } from './reading-rules.ts';

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );

export async function loadHouseStates(opts: {
  tx: Db;
  houseIds: number[];
  /** The earliest period being entered: period sets are loaded from there on. */
  fromPeriod: string;
  /** Lock the houses against concurrent readings (writers). */
  lock?: boolean;
  /** A reading being edited: the state is the one before it. */
  excludeReadingId?: number;
}): Promise<Map<number, HouseState>> {
  const { tx, fromPeriod, lock, excludeReadingId } = opts;
  const houseIds = [...new Set(opts.houseIds)].sort((a, b) => a - b);
  const states = new Map<number, HouseState>();
  if (houseIds.length === 0) return states;
  const ids = idList(houseIds);
  const notExcluded = excludeReadingId ? sql`and r.id <> ${excludeReadingId}` : sql``;

  if (lock) await tx.execute(sql`select id from houses where id in (${ids}) order by id for update`);

  const houses = await queryRows<{
    id: number;
    zone_id: number;
    status: string;
    meter_id: number;
    meter_no: string;
    digits: number;
    initial_reading: string;
    installed_on: string;
    last_value: string | null;
    last_date: string | null;
    last_period: string | null;
  }>(
    tx,
    sql`
    select h.id, h.zone_id, h.status, m.id as meter_id, m.meter_no, m.digits, m.initial_reading, m.installed_on::text as installed_on,
      lr.current_reading as last_value, lr.reading_date::text as last_date,
      (select max(r.period) from meter_readings r where r.client_id = h.client_id and r.house_id = h.id ${notExcluded}) as last_period
    from houses h
    join meters m on m.house_id = h.id and m.removed_on is null
    left join lateral (
      select r.current_reading, r.reading_date from meter_readings r
      where r.meter_id = m.id ${notExcluded} order by r.reading_date desc, r.id desc limit 1
    ) lr on true
    where h.id in (${ids})`,
  );
  for (const h of houses) {
    states.set(h.id, {
      houseId: h.id,
      zoneId: h.zone_id,
      status: h.status,
      meterId: h.meter_id,
      meterNo: h.meter_no,
      digits: Number(h.digits),
      baselineValue: h.last_value ?? h.initial_reading,
      baselineDate: h.last_date ?? h.installed_on,
      lastPeriod: h.last_period,
      readPeriods: new Set(),
      finalPeriods: new Set(),
      recent: [],
    });
  }

  const periods = await queryRows<{ house_id: number; period: string; is_final: boolean }>(
    tx,
    sql`
    select r.house_id, r.period, r.type = 'final' as is_final from meter_readings r
    where r.house_id in (${ids}) and r.period >= ${fromPeriod} ${notExcluded}`,
  );
  for (const p of periods) {
    const s = states.get(p.house_id);
    if (s) (p.is_final ? s.finalPeriods : s.readPeriods).add(p.period);
  }

  const recent = await queryRows<{ house_id: number; consumption: string }>(
    tx,
    sql`
    select house_id, consumption from (
      select r.house_id, r.consumption,
        row_number() over (partition by r.house_id order by r.period desc, r.reading_date desc, r.id desc) as n
      from meter_readings r
      where r.house_id in (${ids}) and r.type <> 'final' and r.consumption >= 0 ${notExcluded}
    ) x where n <= ${AVERAGE_OVER} order by house_id, n`,
  );
  for (const r of recent) states.get(r.house_id)?.recent.push(r.consumption);
  return states;
}

/**
 * The zone's average consumption over the readings of the AVERAGE_OVER periods before `period`
 * (regular, estimated and non-negative corrections), or null when the zone has none.
 */
export async function zoneAverage(tx: Db, zoneId: number, period: string): Promise<BillingDecimal | null> {
  const [row] = await queryRows<{ avg: string | null }>(
    tx,
    sql`
    select avg(r.consumption)::text as avg from meter_readings r
    join houses h on h.id = r.house_id
    where h.zone_id = ${zoneId} and r.type <> 'final' and r.consumption >= 0
      and r.period >= ${periodMinus(period, AVERAGE_OVER)} and r.period < ${period}`,
  );
  return row?.avg == null ? null : bdec(row.avg);
}

/** Zone averages asked for many times in one batch, computed once each. */
export function zoneAverageCache(tx: Db) {
  const cache = new Map<string, Promise<BillingDecimal | null>>();
  return (zoneId: number, period: string) => {
    const key = `${zoneId}|${period}`;
    let hit = cache.get(key);
    if (!hit) {
      hit = zoneAverage(tx, zoneId, period);
      cache.set(key, hit);
    }
    return hit;
  };
}

/**
 * The latest date a reading may carry (YYYY-MM-DD): tomorrow by the database's clock, so a reader east of
 * the server's time zone (Somalia is UTC+3) can date a reading with their own today.
 */
export async function latestReadingDate(tx: Db): Promise<string> {
  const [row] = await queryRows<{ d: string }>(tx, sql`select (current_date + 1)::text as d`);
  return row.d;
}
