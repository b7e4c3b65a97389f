// GET /api/elc/houses/transaction: one house's history as a statement (contracts billing-reports/
// house-transaction.ts). Every event of the house is read (a house has a handful a month), ordered by
// date, and given a running balance of its bills (charges less what payments allocated to them); the
// events before the range make the opening balance. Disconnections and reconnections come from the
// house's audited status changes, meter installations and removals from its meters.
import { sql } from 'drizzle-orm';
import { type HouseEvent, type HouseEventKind, type HouseTransaction, type HouseTransactionQuery, plainDecimal, translate } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { dec, money } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { billNo, receiptNo } from './receivable-at.ts';
import type { ReportScope } from './report-scope.ts';

interface EventRow {
  date: string;
  kind: HouseEventKind;
  seq: string | number;
  document: string | null;
  period: string | null;
  a: string | null;
  b: string | null;
  consumption: string | null;
  charge: string | null;
  paid: string | null;
}

/** Order of events on one day: the reading before its bill, the bill before payments on it. */
const ORDER: HouseEventKind[] = ['meterRemoved', 'meterInstalled', 'connected', 'reading', 'bill', 'payment', 'billCancelled', 'disconnected'];

export async function houseTransaction(opts: ReportScope & { query: HouseTransactionQuery }): Promise<HouseTransaction> {
  const { tx, clientId, lang, query } = opts;
  const [house] = await queryRows<{
    id: number;
    house_no: string | null;
    address: string | null;
    status: string;
    customer_id: number;
    customer_no: string;
    customer_name: string;
    zone_name: string;
  }>(
    tx,
    sql`
    select h.id, h.house_no, h.address, h.status, c.id as customer_id, c.customer_no, c.name as customer_name, z.name as zone_name
    from houses h join customers c on c.client_id = h.client_id and c.id = h.customer_id
    join zones z on z.client_id = h.client_id and z.id = h.zone_id
    where h.client_id = ${clientId} and h.id = ${query.houseId}`,
  );
  if (!house) throw notFound();
  const id = query.houseId;
  const rows = await queryRows<EventRow>(
    tx,
    sql`
    select r.reading_date::text as date, 'reading' as kind, r.id as seq, null as document, r.period,
           r.previous_reading::text as a, r.current_reading::text as b, r.consumption::text as consumption, null as charge, null as paid
    from meter_readings r where r.client_id = ${clientId} and r.house_id = ${id}
    union all
    select b.bill_date::text, 'bill', b.id, b.bill_no::text, b.period, null, null, b.consumption::text, b.amount::text, null
    from bills b where b.client_id = ${clientId} and b.house_id = ${id}
    union all
    select (b.cancelled_at at time zone 'UTC')::date::text, 'billCancelled', b.id, b.bill_no::text, b.period, null, null, null, (-b.amount)::text, null
    from bills b where b.client_id = ${clientId} and b.house_id = ${id} and b.cancelled_at is not null
    union all
    select p.date::text, 'payment', p.id, p.receipt_no::text, b.period, b.bill_no::text, null, null, null, pa.amount::text
    from bills b
    join open_items bi on bi.client_id = b.client_id and bi.source_type = 'bill' and bi.source_id = b.id
    join open_item_allocations pa on pa.client_id = bi.client_id and pa.debit_item_id = bi.id
    join open_items pi on pi.client_id = pa.client_id and pi.id = pa.credit_item_id and pi.source_type = 'payment'
    join payments p on p.client_id = pi.client_id and p.id = pi.source_id
    where b.client_id = ${clientId} and b.house_id = ${id}
    union all
    select m.installed_on::text, 'meterInstalled', m.id, m.meter_no, null, m.initial_reading::text, null, null, null, null
    from meters m where m.client_id = ${clientId} and m.house_id = ${id}
    union all
    select m.removed_on::text, 'meterRemoved', m.id, m.meter_no, null, m.final_reading::text, null, null, null, null
    from meters m where m.client_id = ${clientId} and m.house_id = ${id} and m.removed_on is not null
    union all
    select (l.at at time zone 'UTC')::date::text, case when l.after->>'status' = 'Disconnected' then 'disconnected' else 'connected' end,
           l.id, null, null, l.after->>'reason', null, null, null, null
    from audit_log l where l.client_id = ${clientId} and l.entity = 'house' and l.action = 'status' and l.entity_id = ${String(id)}`,
  );
  rows.sort((x, y) => x.date.localeCompare(y.date) || ORDER.indexOf(x.kind) - ORDER.indexOf(y.kind) || Number(x.seq) - Number(y.seq));

  const t = (key: string, params: Record<string, string | number> = {}) => translate(`billingReports.house.${key}`, lang, params);
  const units = (v: string | null) => (v === null ? '' : plainDecimal(v));
  const describe = (r: EventRow): string => {
    switch (r.kind) {
      case 'reading':
        return t('reading', { period: r.period ?? '', previous: units(r.a), current: units(r.b) });
      case 'bill':
        return t('bill', { period: r.period ?? '' });
      case 'billCancelled':
        return t('billCancelled', { period: r.period ?? '' });
      case 'payment':
        return t('payment', { receipt: receiptNo(Number(r.document)), bill: billNo(Number(r.a)) });
      case 'meterInstalled':
      case 'meterRemoved':
        return t(r.kind, { meter: r.document ?? '', reading: units(r.a) });
      default:
        return t(r.kind, { reason: r.a ?? '—' });
    }
  };
  const documentOf = (r: EventRow): string | null => {
    if (r.kind === 'bill' || r.kind === 'billCancelled') return billNo(Number(r.document));
    if (r.kind === 'payment') return receiptNo(Number(r.document));
    return r.document;
  };

  const inRange = (date: string) => (!query.startDate || date >= query.startDate) && (!query.endDate || date <= query.endDate);
  let balance = dec(0);
  let opening = dec(0);
  let charged = dec(0);
  let paid = dec(0);
  let used = dec(0);
  const events: HouseEvent[] = [];
  for (const r of rows) {
    const change = dec(r.charge ?? 0).minus(r.paid ?? 0);
    if (query.endDate && r.date > query.endDate) break;
    balance = balance.plus(change);
    if (!inRange(r.date)) {
      opening = balance;
      continue;
    }
    charged = charged.plus(r.charge ?? 0);
    paid = paid.plus(r.paid ?? 0);
    if (r.kind === 'reading') used = used.plus(r.consumption ?? 0);
    events.push({
      date: r.date,
      kind: r.kind,
      document: documentOf(r),
      description: describe(r),
      consumption: r.consumption === null ? null : plainDecimal(r.consumption),
      charge: r.charge === null ? null : money(r.charge),
      paid: r.paid === null ? null : money(r.paid),
      balance: money(balance),
    });
  }
  return {
    house: {
      id: house.id,
      houseNo: house.house_no,
      address: house.address,
      status: house.status,
      customerId: house.customer_id,
      customerNo: house.customer_no,
      customerName: house.customer_name,
      zoneName: house.zone_name,
    },
    startDate: query.startDate ?? null,
    endDate: query.endDate ?? null,
    openingBalance: money(opening),
    events,
    totals: { charge: money(charged), paid: money(paid), consumption: plainDecimal(used.toString()) },
    closingBalance: money(balance),
  };
}
