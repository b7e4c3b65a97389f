// Reading bills and bill runs: the paged list with its filters, one bill with everything printed on it
// (lines, customer, house, meter, readings, company), the runs, and the ungenerated bill report.
import { type SQL, sql } from 'drizzle-orm';
import {
  type Bill,
  type BillDetail,
  type BillStatus,
  type BillStatusFilter,
  type BillRun,
  type BillRunDetail,
  type BreakdownLine,
  type UngeneratedBillReport,
  type billListQuery,
  type billRunListQuery,
  type z,
  billMoney,
  plainDecimal,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../plugins/errors.ts';
import { computeBillRun } from './compute-bill-run.ts';
import { billNumber } from './save-bill-run.ts';

interface BillRow {
  id: string | number;
  bill_no: string | number;
  run_id: string | number;
  period: string;
  service: 'water' | 'electricity';
  house_id: number;
  house_no: string | null;
  customer_id: number;
  customer_no: string;
  customer_name: string;
  zone_id: number;
  zone_name: string;
  meter_id: number | null;
  meter_no: string | null;
  tariff_id: number;
  previous_reading: string;
  current_reading: string;
  consumption: string;
  subtotal: string;
  tax: string;
  amount: string;
  paid_amount: string;
  previous_balance: string;
  amount_due: string;
  bill_date: string;
  due_date: string;
  status: BillStatus;
  journal_entry_id: string | number | null;
  created_at: Date | string;
  total_count?: string | number;
}

/** The status a reader sees, from the stored one (Open or Cancelled), the paid amount and the due date. */
const shownStatus = sql`case when b.status = 'Cancelled' then 'Cancelled' when b.paid_amount >= b.amount then 'Paid'
  when b.due_date < current_date then 'Overdue' when b.paid_amount > 0 then 'PartlyPaid' else 'Unpaid' end`;

/** The list filter for a shown status (Open: every bill not cancelled), the same rule as shownStatus. */
const statusFilters: Record<BillStatusFilter, SQL> = {
  Open: sql`b.status = 'Open'`,
  Cancelled: sql`b.status = 'Cancelled'`,
  Paid: sql`b.status = 'Open' and b.paid_amount >= b.amount`,
  Overdue: sql`b.status = 'Open' and b.paid_amount < b.amount and b.due_date < current_date`,
  PartlyPaid: sql`b.status = 'Open' and b.paid_amount > 0 and b.paid_amount < b.amount and b.due_date >= current_date`,
  Unpaid: sql`b.status = 'Open' and b.paid_amount = 0 and b.paid_amount < b.amount and b.due_date >= current_date`,
};

const billColumns = (extra: SQL = sql``) => sql`
  select b.id, b.bill_no, b.run_id, b.period, b.service, b.house_id, h.house_no, b.customer_id, c.customer_no, c.name as customer_name,
         b.zone_id, z.name as zone_name, b.meter_id, m.meter_no, b.tariff_id,
         b.previous_reading::text as previous_reading, b.current_reading::text as current_reading, b.consumption::text as consumption,
         b.subtotal::text as subtotal, b.tax::text as tax, b.amount::text as amount, b.paid_amount::text as paid_amount,
         b.previous_balance::text as previous_balance, b.amount_due::text as amount_due,
         b.bill_date::text as bill_date, b.due_date::text as due_date, ${shownStatus} as status, b.journal_entry_id, b.created_at ${extra}
  from bills b
  join houses h on h.client_id = b.client_id and h.id = b.house_id
  join customers c on c.client_id = b.client_id and c.id = b.customer_id
  join zones z on z.client_id = b.client_id and z.id = b.zone_id
  left join meters m on m.client_id = b.client_id and m.id = b.meter_id`;

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

function toBill(r: BillRow): Bill {
  return {
    id: Number(r.id),
    number: billNumber(Number(r.bill_no)),
    runId: Number(r.run_id),
    period: r.period,
    service: r.service,
    houseId: r.house_id,
    houseNo: r.house_no,
    customerId: r.customer_id,
    customerNo: r.customer_no,
    customerName: r.customer_name,
    zoneId: r.zone_id,
    zoneName: r.zone_name,
    meterNumber: r.meter_no,
    tariffId: r.tariff_id,
    previousReading: plainDecimal(r.previous_reading),
    currentReading: plainDecimal(r.current_reading),
    consumption: plainDecimal(r.consumption),
    subtotal: billMoney(r.subtotal),
    tax: billMoney(r.tax),
    amount: billMoney(r.amount),
    paidAmount: billMoney(r.paid_amount),
    previousBalance: billMoney(r.previous_balance),
    amountDue: billMoney(r.amount_due),
    billDate: r.bill_date,
    dueDate: r.due_date,
    status: r.status,
    journalEntryId: r.journal_entry_id === null ? null : Number(r.journal_entry_id),
    createdAt: iso(r.created_at),
  };
}

const sortColumns = { id: sql`b.id`, period: sql`b.period`, amount: sql`b.amount`, dueDate: sql`b.due_date` } as const;

export async function listBills(opts: { tx: Db; clientId: number; query: z.output<typeof billListQuery> }) {
  const { tx, clientId, query } = opts;
  const filters: SQL[] = [sql`b.client_id = ${clientId}`];
  if (query.period) filters.push(sql`b.period = ${query.period}`);
  if (query.zoneId) filters.push(sql`b.zone_id = ${query.zoneId}`);
  if (query.customerId) filters.push(sql`b.customer_id = ${query.customerId}`);
  if (query.status) filters.push(statusFilters[query.status]);
  const direction = query._order === 'asc' ? sql`asc` : sql`desc`;
  const sortBy = sortColumns[query._sort ?? 'id'];
  const rows = await queryRows<BillRow>(
    tx,
    sql`
    ${billColumns(sql`, count(*) over () as total_count`)}
    where ${sql.join(filters, sql` and `)}
    order by ${sortBy} ${direction}, b.id ${direction}
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  let total = rows.length > 0 ? Number(rows[0].total_count) : 0;
  if (rows.length === 0 && query._page > 1) {
    const [c] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from bills b where ${sql.join(filters, sql` and `)}`);
    total = c.n;
  }
  return { data: rows.map(toBill), total, page: query._page, limit: query._limit };
}

export async function getBill(opts: { tx: Db; clientId: number; id: number }): Promise<BillDetail> {
  const { tx, clientId, id } = opts;
  const [row] = await queryRows<BillRow>(tx, sql`${billColumns()} where b.client_id = ${clientId} and b.id = ${id}`);
  if (!row) throw notFound();
  const lines = await queryRows<{
    kind: BreakdownLine['kind'];
    block: number | null;
    from_units: string | null;
    to_units: string | null;
    units: string | null;
    rate: string | null;
    amount: string;
  }>(
    tx,
    sql`select kind, block, from_units::text, to_units::text, units::text, rate::text, amount::text from bill_lines
        where client_id = ${clientId} and bill_id = ${id} order by position`,
  );
  const opt = (v: string | null) => (v === null ? null : plainDecimal(v));
  const [extra] = await queryRows<{
    house_address: string | null;
    phone: string;
    customer_address: string | null;
    company_name: string;
    company_phone: string | null;
    company_address: string | null;
  }>(
    tx,
    sql`
    select h.address as house_address, c.phone, c.address as customer_address, o.name as company_name, o.phone as company_phone, o.address as company_address
    from bills b join houses h on h.id = b.house_id join customers c on c.id = b.customer_id join clients o on o.id = b.client_id
    where b.client_id = ${clientId} and b.id = ${id}`,
  );
  const readings = await queryRows<{
    id: string | number;
    type: string;
    reading_date: string;
    previous_reading: string;
    current_reading: string;
    consumption: string;
  }>(
    tx,
    sql`
    select id, type, reading_date::text as reading_date, previous_reading::text as previous_reading, current_reading::text as current_reading, consumption::text as consumption
    from meter_readings
    where client_id = ${clientId} and house_id = ${row.house_id} and period = ${row.period} and billed_bill_id = ${id}
    order by type <> 'final', reading_date, id`,
  );
  const bill = toBill(row);
  return {
    ...bill,
    lines: lines.map((l) => ({
      kind: l.kind,
      block: l.block,
      from: opt(l.from_units),
      to: opt(l.to_units),
      units: opt(l.units),
      rate: opt(l.rate),
      amount: billMoney(l.amount),
    })),
    house: { id: row.house_id, houseNo: row.house_no, address: extra.house_address },
    customer: { id: row.customer_id, customerNo: row.customer_no, name: row.customer_name, phone: extra.phone, address: extra.customer_address },
    meter: row.meter_id === null ? null : { id: row.meter_id, meterNumber: row.meter_no as string },
    readings: readings.map((r) => ({
      id: Number(r.id),
      type: r.type,
      readingDate: r.reading_date,
      previousReading: plainDecimal(r.previous_reading),
      currentReading: plainDecimal(r.current_reading),
      consumption: plainDecimal(r.consumption),
    })),
    company: { name: extra.company_name, phone: extra.company_phone, address: extra.company_address },
  };
}

interface RunRow {
  id: string | number;
  period: string;
  zone_id: number | null;
  zone_name: string | null;
  service: 'water' | 'electricity';
  status: 'Posted' | 'Cancelled';
  bill_count: number;
  total: string;
  created_by: number | null;
  created_at: Date | string;
  cancelled_at: Date | string | null;
  total_count?: string | number;
}

const runSelect = sql`
  select r.id, r.period, r.zone_id, z.name as zone_name, r.service, r.status, r.bill_count, r.total::text as total,
         r.created_by, r.created_at, r.cancelled_at, count(*) over () as total_count
  from bill_runs r left join zones z on z.client_id = r.client_id and z.id = r.zone_id`;

function toRun(r: RunRow): BillRun {
  return {
    id: Number(r.id),
    period: r.period,
    zoneId: r.zone_id,
    zoneName: r.zone_name,
    service: r.service,
    status: r.status,
    billCount: r.bill_count,
    total: billMoney(r.total),
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    cancelledAt: r.cancelled_at === null ? null : iso(r.cancelled_at),
  };
}

export async function listBillRuns(opts: { tx: Db; clientId: number; query: z.output<typeof billRunListQuery> }) {
  const { tx, clientId, query } = opts;
  const filters: SQL[] = [sql`r.client_id = ${clientId}`];
  if (query.period) filters.push(sql`r.period = ${query.period}`);
  if (query.status) filters.push(sql`r.status = ${query.status}`);
  const direction = query._order === 'asc' ? sql`asc` : sql`desc`;
  const sortBy = query._sort === 'period' ? sql`r.period` : sql`r.id`;
  const rows = await queryRows<RunRow>(
    tx,
    sql`
    ${runSelect} where ${sql.join(filters, sql` and `)}
    order by ${sortBy} ${direction}, r.id ${direction}
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  let total = rows.length > 0 ? Number(rows[0].total_count) : 0;
  if (rows.length === 0 && query._page > 1) {
    const [c] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from bill_runs r where ${sql.join(filters, sql` and `)}`);
    total = c.n;
  }
  return { data: rows.map(toRun), total, page: query._page, limit: query._limit };
}

export async function getBillRun(opts: { tx: Db; clientId: number; id: number }): Promise<BillRunDetail> {
  const { tx, clientId, id } = opts;
  const [row] = await queryRows<RunRow>(tx, sql`${runSelect} where r.client_id = ${clientId} and r.id = ${id}`);
  if (!row) throw notFound();
  const bills = await queryRows<BillRow>(tx, sql`${billColumns()} where b.client_id = ${clientId} and b.run_id = ${id} order by b.bill_no`);
  return { ...toRun(row), bills: bills.map(toBill) };
}

/** Connected houses without a live bill for the period, with why (or 'ready' when a run would bill them). */
export async function ungeneratedBills(opts: { tx: Db; clientId: number; period: string; zoneId?: number }): Promise<UngeneratedBillReport> {
  const run = await computeBillRun(opts);
  const data = run.unbilled.map(({ house, reason }) => ({
    houseId: house.house_id,
    houseNo: house.house_no,
    customerId: house.customer_id,
    customerName: house.customer_name,
    zoneId: house.zone_id,
    meterNumber: house.meter_no,
    reason,
  }));
  return { period: opts.period, data, total: data.length };
}
