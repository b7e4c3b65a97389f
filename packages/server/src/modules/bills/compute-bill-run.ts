// What a bill run would do for a period (and zone): every house with its pending (unbilled) readings of
// the period summed (a meter replacement's final reading plus the new meter's regular one), priced with
// the tariff in force on the period's last day, and the houses that cannot be billed with the reason.
// Reads only; the preview answers it as is and the save writes exactly what it computed.
import { sql } from 'drizzle-orm';
import {
  type BillException,
  type BillExceptionReason,
  type BillPreview,
  type BillPreviewRow,
  type Tariff,
  bdec,
  billMoney,
  plainDecimal,
  priceConsumption,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { getTariff } from '../tariffs/index.ts';

/** Days between the end of the billed period and the due date printed on the bill. */
export const DUE_DAYS_AFTER_PERIOD = 15;

/** Last day of a YYYY-MM period, and that day plus the payment term. */
export function periodDates(period: string): { billDate: string; dueDate: string } {
  const [y, m] = period.split('-').map(Number);
  const end = new Date(Date.UTC(y, m, 0));
  const due = new Date(end.getTime() + DUE_DAYS_AFTER_PERIOD * 86400000);
  return { billDate: end.toISOString().slice(0, 10), dueDate: due.toISOString().slice(0, 10) };
}

interface HouseRow {
  house_id: number;
  house_no: string | null;
  customer_id: number;
  customer_name: string;
  zone_id: number;
  status: string;
  meter_id: number | null;
  meter_no: string | null;
  is_billed: boolean;
  reading_count: number;
  consumption: string | null;
  previous_reading: string | null;
  current_reading: string | null;
  is_unconfirmed: boolean | null;
  reading_ids: Array<string | number> | null;
  tariff_id: number | null;
  previous_balance: string;
}

export interface ComputedBill extends BillPreviewRow {
  zoneId: number;
  meterId: number | null;
  readingIds: number[];
}

export interface ComputedRun extends Omit<BillPreview, 'bills'> {
  bills: ComputedBill[];
  /** Connected houses without a bill for the period, ready or not (the ungenerated report). */
  unbilled: Array<{ house: HouseRow; reason: BillExceptionReason | 'ready' }>;
}

/**
 * One set-based read of the houses of the period (house, customer, installed meter, pending readings
 * summed, existing live bill, tariff id, the customer's open receivable), then pricing in code.
 * Disconnected houses appear only when readings wait for them.
 */
export async function computeBillRun(opts: { tx: Db; clientId: number; period: string; zoneId?: number; houseIds?: number[] }): Promise<ComputedRun> {
  const { tx, clientId, period } = opts;
  const { billDate, dueDate } = periodDates(period);
  const houseIds = opts.houseIds ? JSON.stringify(opts.houseIds) : null;
  const rows = await queryRows<HouseRow>(tx, sql`
    select h.id as house_id, h.house_no, h.customer_id, c.name as customer_name, h.zone_id, h.status,
           m.id as meter_id, m.meter_no,
           exists (select 1 from bills b where b.client_id = h.client_id and b.house_id = h.id and b.period = ${period} and b.status <> 'Cancelled') as is_billed,
           coalesce(r.n, 0)::int as reading_count, r.consumption::text as consumption,
           r.previous_reading::text as previous_reading, r.current_reading::text as current_reading,
           r.is_unconfirmed, r.reading_ids, t.id as tariff_id,
           coalesce((select sum(b.amount - b.paid_amount) from bills b
                     where b.client_id = h.client_id and b.customer_id = h.customer_id and b.status = 'Open'), 0)::text as previous_balance
    from houses h
    join customers c on c.client_id = h.client_id and c.id = h.customer_id
    left join meters m on m.client_id = h.client_id and m.house_id = h.id and m.removed_on is null
    left join lateral (
      -- The old meter's final reading first, then the new meter's: the bill shows from the first
      -- baseline to the last register value.
      select count(*) as n, sum(x.consumption) as consumption,
             (array_agg(x.previous_reading order by x.type <> 'final', x.reading_date, x.id))[1] as previous_reading,
             (array_agg(x.current_reading order by x.type <> 'final' desc, x.reading_date desc, x.id desc))[1] as current_reading,
             bool_or(x.flags && array['zero', 'spike', 'negative']::text[] and x.confirmed_by is null) as is_unconfirmed,
             array_agg(x.id order by x.id) as reading_ids
      from meter_readings x
      where x.client_id = h.client_id and x.house_id = h.id and x.period = ${period} and x.billed_bill_id is null
    ) r on true
    left join lateral (
      select t.id from tariffs t
      where t.client_id = h.client_id and t.customer_class = coalesce(h.tariff_class, c.customer_class)
        and (t.zone_id = h.zone_id or t.zone_id is null)
        and t.effective_from <= ${billDate}::date and (t.effective_to is null or t.effective_to >= ${billDate}::date)
      order by t.zone_id is null
      limit 1
    ) t on true
    where h.client_id = ${clientId}
      and (${opts.zoneId ?? null}::int is null or h.zone_id = ${opts.zoneId ?? null}::int)
      and (${houseIds}::jsonb is null or h.id in (select (jsonb_array_elements_text(${houseIds}::jsonb))::int))
      and (h.status = 'Connected' or r.n > 0)
    order by h.zone_id, h.id`);

  const tariffs = new Map<number, Tariff>();
  for (const tariffId of new Set(rows.map((r) => r.tariff_id).filter((t): t is number => t !== null))) {
    tariffs.set(tariffId, await getTariff({ tx, id: tariffId }));
  }

  const bills: ComputedBill[] = [];
  const exceptions: BillException[] = [];
  const unbilled: ComputedRun['unbilled'] = [];
  let total = bdec(0);
  for (const row of rows) {
    const reason = exceptionReason(row);
    if (!row.is_billed && row.status === 'Connected') unbilled.push({ house: row, reason: reason ?? 'ready' });
    if (reason) {
      exceptions.push({ houseId: row.house_id, customerId: row.customer_id, meterNumber: row.meter_no, reason });
      continue;
    }
    const tariff = tariffs.get(row.tariff_id as number) as Tariff;
    const priced = priceConsumption(tariff, row.consumption as string);
    const amount = bdec(priced.total);
    total = total.plus(amount);
    bills.push({
      houseId: row.house_id,
      customerId: row.customer_id,
      customerName: row.customer_name,
      meterNumber: row.meter_no,
      previousReading: plainDecimal(row.previous_reading as string),
      currentReading: plainDecimal(row.current_reading as string),
      consumption: priced.consumption,
      tariffId: tariff.id,
      subtotal: priced.subtotal,
      tax: priced.tax,
      amount: priced.total,
      previousBalance: billMoney(row.previous_balance),
      amountDue: billMoney(bdec(row.previous_balance).plus(amount)),
      dueDate,
      lines: priced.lines,
      zoneId: row.zone_id,
      meterId: row.meter_id,
      readingIds: (row.reading_ids ?? []).map(Number),
    });
  }
  return { period, billDate, dueDate, bills, exceptions, unbilled, totals: { houses: rows.length, billed: bills.length, amount: billMoney(total) } };
}

function exceptionReason(row: HouseRow): BillExceptionReason | null {
  if (row.is_billed) return 'already_billed';
  if (row.status !== 'Connected') return 'disconnected';
  if (row.reading_count === 0) return 'no_reading';
  if (row.is_unconfirmed) return 'flagged_unconfirmed';
  if (row.tariff_id === null) return 'no_tariff';
  // A correction below the previous reading that outweighs the period's use is a credit, which a
  // bill cannot carry; it waits for a credit note.
  if (bdec(row.consumption).isNegative()) return 'negative_consumption';
  return null;
}
