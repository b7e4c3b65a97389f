// What a bill run would do for a period (and zone): every house with its pending (unbilled) readings of
// the period summed (a meter replacement's final reading plus the new meter's regular one), priced with
// the tariff in force on the period's last day, and the houses that cannot be billed with the reason.
// The bills are dated the day they are issued (today by default), not the period's end: a bill dated
// after today would be missing from every report "as of today" while the balance already counts it.
// The previous balance printed on a bill is the customer's receivable in the ledger (bills, payments,
// opening balances all post there). Reads only; the preview answers it as is and the save writes
// exactly what it computed. A handful of set-based queries whatever the number of houses; pricing is
// done in code, once per distinct (tariff, consumption).
import { sql } from 'drizzle-orm';
import {
  type BillException,
  type BillExceptionReason,
  type BillPreview,
  type BillPreviewRow,
  type PriceBreakdown,
  type PricingTariff,
  bdec,
  billMoney,
  plainDecimal,
  priceConsumption,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { getLockDate, systemAccountId } from '../../ledger/index.ts';
import { fieldError } from '../../plugins/errors.ts';

/** Days between the bill's issue date and the due date printed on it. */
export const DUE_DAYS_AFTER_ISSUE = 15;

/** Last day of a YYYY-MM period: the day whose tariff prices the period. */
export function periodEnd(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** A bill issued on `issueDate` (YYYY-MM-DD): its date and that day plus the payment term. */
export function billDates(issueDate: string): { billDate: string; dueDate: string } {
  const due = new Date(Date.parse(`${issueDate}T00:00:00Z`) + DUE_DAYS_AFTER_ISSUE * 86400000);
  return { billDate: issueDate, dueDate: due.toISOString().slice(0, 10) };
}

/**
 * The run's issue date: the chosen one (refused, field issueDate, in the future of the database's date)
 * or the database's today; either is refused (field issueDate) on or before the lock date, today too
 * when the books were closed up to today. Checked before a run is queued and again when it is computed.
 */
export async function resolveIssueDate(tx: Db, clientId: number, issueDate: string | undefined): Promise<string> {
  const [row] = await queryRows<{ today: string }>(tx, sql`select to_char(current_date, 'YYYY-MM-DD') as today`);
  if (issueDate !== undefined && issueDate > row.today) throw fieldError('issueDate', 'bill.issueDateFuture');
  const issued = issueDate ?? row.today;
  const lockDate = await getLockDate(tx, clientId);
  if (lockDate !== null && issued <= lockDate) throw fieldError('issueDate', `ledger.locked|${lockDate}`);
  return issued;
}

interface HouseRow {
  house_id: number;
  house_no: string | null;
  customer_id: number;
  customer_name: string;
  zone_id: number;
  status: string;
  tariff_class: string;
  meter_id: number | null;
  meter_no: string | null;
  is_billed: boolean;
  reading_count: number;
  consumption: string | null;
  previous_reading: string | null;
  current_reading: string | null;
  is_unconfirmed: boolean | null;
  reading_ids: Array<string | number> | null;
  previous_balance: string;
}

interface TariffRow {
  id: number;
  customer_class: string;
  zone_id: number | null;
  service_charge: string;
  minimum_charge: string;
  tax_percent: string;
  blocks: Array<{ from: string; to: string | null; rate: string }>;
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
 * Set-based reads: the receivable account, the tariffs in force with their blocks, and one statement
 * for the houses (house, customer, installed meter, pending readings summed per house, existing live
 * bill, the customer's receivable balance), joined as whole sets rather than looked up house by house.
 * Disconnected houses appear only when readings wait for them.
 */
export async function computeBillRun(opts: {
  tx: Db;
  clientId: number;
  period: string;
  zoneId?: number;
  houseIds?: number[];
  issueDate?: string;
}): Promise<ComputedRun> {
  const { tx, clientId, period } = opts;
  const { billDate, dueDate } = billDates(await resolveIssueDate(tx, clientId, opts.issueDate));
  const houseIds = opts.houseIds ? JSON.stringify(opts.houseIds) : null;
  const zoneId = opts.zoneId ?? null;
  // For this transaction only: the run's one big join is costed high enough to be JIT-compiled (about
  // 0.7 s of compiling at 100,000 houses, more than it saves) and its sorts and hashes spill to disk
  // with the default 4 MB of work memory.
  await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
  const receivable = await systemAccountId(tx, clientId, 'receivable');
  const tariffs = await tariffsInForce(tx, clientId, periodEnd(period));
  const rows = await queryRows<HouseRow>(
    tx,
    sql`
    with h as (
      select h.id, h.house_no, h.customer_id, h.zone_id, h.status, h.tariff_class, h.client_id
      from houses h
      where h.client_id = ${clientId}
        and (${zoneId}::int is null or h.zone_id = ${zoneId}::int)
        and (${houseIds}::jsonb is null or h.id in (select (jsonb_array_elements_text(${houseIds}::jsonb))::int))
    ),
    pending as (
      -- The old meter's final reading first, then the new meter's: the bill shows from the first
      -- baseline to the last register value.
      select x.house_id, count(*)::int as n, sum(x.consumption) as consumption,
             (array_agg(x.previous_reading order by x.type <> 'final', x.reading_date, x.id))[1] as previous_reading,
             (array_agg(x.current_reading order by x.type <> 'final' desc, x.reading_date desc, x.id desc))[1] as current_reading,
             bool_or(x.flags && array['zero', 'spike', 'negative']::text[] and x.confirmed_by is null) as is_unconfirmed,
             array_agg(x.id order by x.id) as reading_ids
      from meter_readings x
      where x.client_id = ${clientId} and x.period = ${period} and x.billed_bill_id is null
        and x.house_id in (select id from h)
      group by x.house_id
    ),
    billed as (
      select distinct b.house_id from bills b
      where b.client_id = ${clientId} and b.period = ${period} and b.status <> 'Cancelled' and b.house_id in (select id from h)
    ),
    balance as (
      -- customer_ledger_balances: the sums of these lines by source type, kept with every posting (0026).
      select b.customer_id as party_id, sum(b.debit - b.credit) as amount
      from customer_ledger_balances b
      where b.client_id = ${clientId} and b.account_id = ${receivable}
        and b.customer_id in (select customer_id from h)
      group by b.customer_id
    )
    select h.id as house_id, h.house_no, h.customer_id, c.name as customer_name, h.zone_id, h.status,
           coalesce(h.tariff_class, c.customer_class) as tariff_class,
           m.id as meter_id, m.meter_no, (b.house_id is not null) as is_billed,
           coalesce(r.n, 0) as reading_count, r.consumption::text as consumption,
           trim_scale(r.previous_reading)::text as previous_reading, trim_scale(r.current_reading)::text as current_reading,
           r.is_unconfirmed, r.reading_ids, coalesce(bal.amount, 0)::text as previous_balance
    from h
    join customers c on c.client_id = h.client_id and c.id = h.customer_id
    left join meters m on m.client_id = h.client_id and m.house_id = h.id and m.removed_on is null
    left join pending r on r.house_id = h.id
    left join billed b on b.house_id = h.id
    left join balance bal on bal.party_id = h.customer_id
    where h.status = 'Connected' or r.n > 0
    order by h.zone_id, h.id`,
  );

  const priceOf = pricer();
  const bills: ComputedBill[] = [];
  const exceptions: BillException[] = [];
  const unbilled: ComputedRun['unbilled'] = [];
  let total = bdec(0);
  for (const row of rows) {
    const tariff = tariffs.get(`${row.tariff_class}|${row.zone_id}`) ?? tariffs.get(`${row.tariff_class}|`) ?? null;
    const reason = exceptionReason(row, tariff);
    if (!row.is_billed && row.status === 'Connected') unbilled.push({ house: row, reason: reason ?? 'ready' });
    if (reason || !tariff) {
      exceptions.push({ houseId: row.house_id, customerId: row.customer_id, meterNumber: row.meter_no, reason: reason ?? 'no_tariff' });
      continue;
    }
    const priced = priceOf(tariff, row.consumption as string);
    const amount = bdec(priced.total);
    total = total.plus(amount);
    // Most customers owe nothing before the run: no decimal arithmetic for them.
    const hasBalance = !bdec(row.previous_balance).isZero();
    bills.push({
      houseId: row.house_id,
      customerId: row.customer_id,
      customerName: row.customer_name,
      meterNumber: row.meter_no,
      // Readings come without trailing zeros (trim_scale): '125', '3.5'.
      previousReading: row.previous_reading as string,
      currentReading: row.current_reading as string,
      consumption: priced.consumption,
      tariffId: tariff.id,
      subtotal: priced.subtotal,
      tax: priced.tax,
      amount: priced.total,
      previousBalance: hasBalance ? billMoney(row.previous_balance) : '0.00',
      amountDue: hasBalance ? billMoney(bdec(row.previous_balance).plus(amount)) : priced.total,
      dueDate,
      lines: priced.lines,
      zoneId: row.zone_id,
      meterId: row.meter_id,
      readingIds: (row.reading_ids ?? []).map(Number),
    });
  }
  return { period, billDate, dueDate, bills, exceptions, unbilled, totals: { houses: rows.length, billed: bills.length, amount: billMoney(total) } };
}

/**
 * The tariff versions in force on the period's last day with their blocks, keyed "class|zone" (zone empty for
 * the class-wide version). Versions of one key never overlap (migration 0020), so each key has one.
 */
async function tariffsInForce(tx: Db, clientId: number, onDate: string): Promise<Map<string, PricingTariff & { id: number }>> {
  const rows = await queryRows<TariffRow>(
    tx,
    sql`
    select t.id, t.customer_class, t.zone_id, t.service_charge::text as service_charge, t.minimum_charge::text as minimum_charge,
           t.tax_percent::text as tax_percent,
           coalesce((select json_agg(json_build_object('from', b.from_units::text, 'to', b.to_units::text, 'rate', b.rate::text) order by b.position)
                     from tariff_blocks b where b.client_id = t.client_id and b.tariff_id = t.id), '[]'::json) as blocks
    from tariffs t
    where t.client_id = ${clientId} and t.effective_from <= ${onDate}::date and (t.effective_to is null or t.effective_to >= ${onDate}::date)`,
  );
  return new Map(
    rows.map((t) => [
      `${t.customer_class}|${t.zone_id ?? ''}`,
      {
        id: Number(t.id),
        serviceCharge: billMoney(t.service_charge),
        minimumCharge: billMoney(t.minimum_charge),
        taxPercent: plainDecimal(t.tax_percent),
        blocks: t.blocks.map((b) => ({ from: plainDecimal(b.from), to: b.to === null ? null : plainDecimal(b.to), rate: plainDecimal(b.rate) })),
      },
    ]),
  );
}

/** priceConsumption, remembered per tariff and consumption: a run has few distinct pairs. */
function pricer() {
  const seen = new Map<string, PriceBreakdown>();
  return (tariff: PricingTariff & { id: number }, consumption: string): PriceBreakdown => {
    const key = `${tariff.id}|${consumption}`;
    let priced = seen.get(key);
    if (!priced) {
      priced = priceConsumption(tariff, consumption);
      seen.set(key, priced);
    }
    return priced;
  };
}

function exceptionReason(row: HouseRow, tariff: unknown): BillExceptionReason | null {
  if (row.is_billed) return 'already_billed';
  if (row.status !== 'Connected') return 'disconnected';
  if (Number(row.reading_count) === 0) return 'no_reading';
  if (row.is_unconfirmed) return 'flagged_unconfirmed';
  if (tariff === null) return 'no_tariff';
  // A correction below the previous reading that outweighs the period's use is a credit, which a
  // bill cannot carry; it waits for a credit note.
  if (bdec(row.consumption).isNegative()) return 'negative_consumption';
  return null;
}
