// GET /api/elc/reads/sheet?period&zoneId: the grid a meter reader fills in. Every connected house of the
// zone with its installed meter, the baseline the period's reading is compared with (the meter's last
// reading before the period, else its installation), the house's average over its last 3 readings before
// the period, and the period's reading when already entered. One query, whatever the zone's size.
import { eq, sql } from 'drizzle-orm';
import { bdec, plainDecimal, type ReadingFlag, type ReadingSheet, type ReadingType } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../plugins/errors.ts';
import { zones } from '../zones/index.ts';
import { zoneAverage } from './house-state.ts';
import { AVERAGE_OVER } from './reading-rules.ts';

interface SheetRow {
  house_id: number;
  house_no: string | null;
  address: string | null;
  customer_id: number;
  customer_no: string;
  customer_name: string;
  meter_id: number;
  meter_no: string;
  digits: number;
  previous_reading: string;
  previous_date: string;
  previous_period: string | null;
  average: string | null;
  reading_id: number | string | null;
  current_reading: string | null;
  reading_date: string | null;
  type: string | null;
  consumption: string | null;
  flags: string[] | null;
  billed_bill_id: number | string | null;
}

const averageText = (v: string | null) => (v === null ? null : plainDecimal(bdec(v).toDecimalPlaces(3)));

export async function readingSheet(opts: { tx: Db; period: string; zoneId: number }): Promise<ReadingSheet> {
  const { tx, period, zoneId } = opts;
  const [zone] = await tx.select({ id: zones.id, name: zones.name }).from(zones).where(eq(zones.id, zoneId));
  if (!zone) throw notFound();
  const rows = await queryRows<SheetRow>(
    tx,
    sql`
    select h.id as house_id, h.house_no, h.address, c.id as customer_id, c.customer_no, c.name as customer_name,
      m.id as meter_id, m.meter_no, m.digits,
      coalesce(prev.current_reading, m.initial_reading) as previous_reading,
      coalesce(prev.reading_date, m.installed_on)::text as previous_date,
      prev.period as previous_period,
      avg3.average::text as average,
      cur.id as reading_id, cur.current_reading, cur.reading_date::text as reading_date, cur.type, cur.consumption, cur.flags, cur.billed_bill_id
    from houses h
    join customers c on c.id = h.customer_id
    join meters m on m.house_id = h.id and m.removed_on is null
    left join lateral (
      select r.current_reading, r.reading_date, r.period from meter_readings r
      where r.meter_id = m.id and r.period < ${period} order by r.reading_date desc, r.id desc limit 1
    ) prev on true
    left join lateral (
      select avg(x.consumption) as average from (
        select r.consumption from meter_readings r
        where r.client_id = h.client_id and r.house_id = h.id and r.type <> 'final' and r.consumption >= 0 and r.period < ${period}
        order by r.period desc, r.reading_date desc, r.id desc limit ${AVERAGE_OVER}
      ) x
    ) avg3 on true
    left join lateral (
      select r.id, r.current_reading, r.reading_date, r.type, r.consumption, r.flags, r.billed_bill_id from meter_readings r
      where r.client_id = h.client_id and r.house_id = h.id and r.period = ${period} and r.type <> 'final' limit 1
    ) cur on true
    where h.zone_id = ${zoneId} and h.status = 'Connected'
    order by lower(h.house_no) nulls last, h.id`,
  );
  const zoneAvg = await zoneAverage(tx, zoneId, period);
  return {
    period,
    zoneId,
    zoneName: zone.name,
    zoneAverageConsumption: zoneAvg === null ? null : plainDecimal(zoneAvg.toDecimalPlaces(3)),
    rows: rows.map((r) => ({
      houseId: r.house_id,
      houseNo: r.house_no,
      address: r.address,
      customerId: r.customer_id,
      customerNo: r.customer_no,
      customerName: r.customer_name,
      meterId: r.meter_id,
      meterNumber: r.meter_no,
      meterDigits: Number(r.digits),
      previousReading: plainDecimal(r.previous_reading),
      previousDate: r.previous_date,
      previousPeriod: r.previous_period,
      averageConsumption: averageText(r.average),
      reading:
        r.reading_id === null
          ? null
          : {
              id: Number(r.reading_id),
              currentReading: plainDecimal(r.current_reading!),
              readingDate: r.reading_date!,
              type: r.type as ReadingType,
              consumption: plainDecimal(r.consumption!),
              flags: (r.flags ?? []) as ReadingFlag[],
              billed: r.billed_bill_id !== null,
            },
    })),
  };
}
