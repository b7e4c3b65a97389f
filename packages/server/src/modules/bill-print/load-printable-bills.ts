// Reads what a printed bill shows, for one bill or for every open bill of a zone and period: the bill
// with its customer, house, zone and meter, its tariff lines and the readings it billed, plus the
// organisation's header and logo. Three set-based reads whatever the number of bills, inside the
// caller's tenant transaction (row-level security keeps other organisations' bills out as well).
import { type SQL, sql } from 'drizzle-orm';
import { type BreakdownLine, billMoney, plainDecimal } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { billNumber } from '../bills/index.ts';

export interface PrintableReading {
  type: string;
  readingDate: string;
  previousDate: string;
  previousReading: string;
  currentReading: string;
  consumption: string;
}

export interface PrintableBill {
  id: number;
  number: string;
  period: string;
  service: 'water' | 'electricity';
  status: 'Open' | 'Cancelled';
  customerNo: string;
  customerName: string;
  customerPhone: string;
  customerAddress: string | null;
  houseNo: string | null;
  houseAddress: string | null;
  zoneName: string;
  meterNumber: string | null;
  previousReading: string;
  currentReading: string;
  consumption: string;
  subtotal: string;
  tax: string;
  amount: string;
  previousBalance: string;
  amountDue: string;
  billDate: string;
  dueDate: string;
  lines: BreakdownLine[];
  readings: PrintableReading[];
}

/**
 * Which bills: one by id (any status), the open bills of a zone's period, or every bill of a period in
 * every zone, cancelled ones too (the organisation's export keeps them all).
 */
export type BillSelection = { billId: number } | { period: string; zoneId: number } | { period: string; allZones: true };

function selection(clientId: number, which: BillSelection): SQL {
  if ('billId' in which) return sql`b.client_id = ${clientId} and b.id = ${which.billId}`;
  if ('allZones' in which) return sql`b.client_id = ${clientId} and b.period = ${which.period}`;
  return sql`b.client_id = ${clientId} and b.period = ${which.period} and b.zone_id = ${which.zoneId} and b.status = 'Open'`;
}

interface BillRow {
  id: string | number;
  bill_no: string | number;
  period: string;
  service: 'water' | 'electricity';
  status: 'Open' | 'Cancelled';
  customer_no: string;
  customer_name: string;
  phone: string;
  customer_address: string | null;
  house_no: string | null;
  house_address: string | null;
  zone_name: string;
  meter_no: string | null;
  previous_reading: string;
  current_reading: string;
  consumption: string;
  subtotal: string;
  tax: string;
  amount: string;
  previous_balance: string;
  amount_due: string;
  bill_date: string;
  due_date: string;
}

interface LineRow {
  bill_id: string | number;
  kind: BreakdownLine['kind'];
  block: number | null;
  from_units: string | null;
  to_units: string | null;
  units: string | null;
  rate: string | null;
  amount: string;
}

interface ReadingRow {
  bill_id: string | number;
  type: string;
  reading_date: string;
  previous_date: string;
  previous_reading: string;
  current_reading: string;
  consumption: string;
}

const opt = (v: string | null) => (v === null ? null : plainDecimal(v));

/** The bills in the order they are printed: by house number as the zone is walked (like the reading sheet). */
export async function loadPrintableBills(opts: { tx: Db; clientId: number; which: BillSelection }): Promise<PrintableBill[]> {
  const { tx, clientId, which } = opts;
  const where = selection(clientId, which);
  const rows = await queryRows<BillRow>(
    tx,
    sql`
    select b.id, b.bill_no, b.period, b.service, b.status, c.customer_no, c.name as customer_name, c.phone, c.address as customer_address,
           h.house_no, h.address as house_address, z.name as zone_name, m.meter_no,
           b.previous_reading::text as previous_reading, b.current_reading::text as current_reading, b.consumption::text as consumption,
           b.subtotal::text as subtotal, b.tax::text as tax, b.amount::text as amount, b.previous_balance::text as previous_balance,
           b.amount_due::text as amount_due, b.bill_date::text as bill_date, b.due_date::text as due_date
    from bills b
    join houses h on h.client_id = b.client_id and h.id = b.house_id
    join customers c on c.client_id = b.client_id and c.id = b.customer_id
    join zones z on z.client_id = b.client_id and z.id = b.zone_id
    left join meters m on m.client_id = b.client_id and m.id = b.meter_id
    where ${where}
    order by lower(h.house_no) nulls last, h.id, b.bill_no`,
  );
  if (rows.length === 0) return [];

  const lines = await queryRows<LineRow>(
    tx,
    sql`
    select l.bill_id, l.kind, l.block, l.from_units::text as from_units, l.to_units::text as to_units, l.units::text as units,
           l.rate::text as rate, l.amount::text as amount
    from bill_lines l join bills b on b.client_id = l.client_id and b.id = l.bill_id
    where ${where}
    order by l.bill_id, l.position`,
  );
  const readings = await queryRows<ReadingRow>(
    tx,
    sql`
    select r.billed_bill_id as bill_id, r.type, r.reading_date::text as reading_date, r.previous_date::text as previous_date,
           r.previous_reading::text as previous_reading, r.current_reading::text as current_reading, r.consumption::text as consumption
    from meter_readings r
    join bills b on b.client_id = r.client_id and b.house_id = r.house_id and b.period = r.period and b.id = r.billed_bill_id
    where ${where}
    order by r.billed_bill_id, r.type <> 'final', r.reading_date, r.id`,
  );

  const linesOf = new Map<number, BreakdownLine[]>();
  for (const l of lines) {
    const list = linesOf.get(Number(l.bill_id)) ?? [];
    list.push({
      kind: l.kind,
      block: l.block,
      from: opt(l.from_units),
      to: opt(l.to_units),
      units: opt(l.units),
      rate: opt(l.rate),
      amount: billMoney(l.amount),
    });
    linesOf.set(Number(l.bill_id), list);
  }
  const readingsOf = new Map<number, PrintableReading[]>();
  for (const r of readings) {
    const list = readingsOf.get(Number(r.bill_id)) ?? [];
    list.push({
      type: r.type,
      readingDate: r.reading_date,
      previousDate: r.previous_date,
      previousReading: plainDecimal(r.previous_reading),
      currentReading: plainDecimal(r.current_reading),
      consumption: plainDecimal(r.consumption),
    });
    readingsOf.set(Number(r.bill_id), list);
  }

  return rows.map((r) => ({
    id: Number(r.id),
    number: billNumber(Number(r.bill_no)),
    period: r.period,
    service: r.service,
    status: r.status,
    customerNo: r.customer_no,
    customerName: r.customer_name,
    customerPhone: r.phone,
    customerAddress: r.customer_address,
    houseNo: r.house_no,
    houseAddress: r.house_address,
    zoneName: r.zone_name,
    meterNumber: r.meter_no,
    previousReading: plainDecimal(r.previous_reading),
    currentReading: plainDecimal(r.current_reading),
    consumption: plainDecimal(r.consumption),
    subtotal: billMoney(r.subtotal),
    tax: billMoney(r.tax),
    amount: billMoney(r.amount),
    previousBalance: billMoney(r.previous_balance),
    amountDue: billMoney(r.amount_due),
    billDate: r.bill_date,
    dueDate: r.due_date,
    lines: linesOf.get(Number(r.id)) ?? [],
    readings: readingsOf.get(Number(r.id)) ?? [],
  }));
}
