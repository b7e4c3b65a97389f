// GET /api/billing-reports/customer-transaction: one customer's statement from the ledger: the lines of
// the receivable account naming the customer, the balance before the range, a running balance and the
// closing balance, read along the (client, party type, party, date) index of the lines. Each line is
// joined to its document for a description in the caller's language: the bill (number, period,
// consumption), the receipt (number, method, reference), the balance transfer (the other customer), an
// opening balance, a cancellation (the reversal of a bill or receipt), or the entry's own memo.
import { sql } from 'drizzle-orm';
import {
  type CustomerClass,
  type CustomerStatementLine,
  type CustomerTransaction,
  type CustomerTransactionQuery,
  type Lang,
  type StatementLineKind,
  plainDecimal,
  translate,
} from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { dec, documentNumber, money } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { billNo, customerZones, receiptNo, receivableScope, transferNo } from './receivable-at.ts';
import { methodName } from './labels.ts';
import type { ReportScope } from './report-scope.ts';

interface LineRow {
  id: string | number;
  entry_id: string | number;
  date: string;
  debit: string;
  credit: string;
  running: string;
  line_memo: string | null;
  series: string;
  entry_no: string | number;
  reference: string | null;
  memo: string | null;
  source_type: string;
  is_reversal: boolean;
  bill_no: string | number | null;
  bill_period: string | null;
  consumption: string | null;
  receipt_no: string | number | null;
  method: string | null;
  payment_reference: string | null;
  transfer_no: string | number | null;
  other_customer: string | null;
}

function kindOf(r: LineRow): StatementLineKind {
  if (r.is_reversal) return 'reversal';
  switch (r.source_type) {
    case 'bill':
      return 'bill';
    case 'payment':
      return 'payment';
    case 'customer-transfer':
      return 'transfer';
    case 'customer-opening':
      return 'opening';
    case 'journal':
      return 'journal';
    // Sales documents (modules/sales): the entry's reference is the document's number.
    case 'sales-invoice':
      return 'invoice';
    case 'sales-return':
      return 'creditNote';
    case 'sales-receipt':
      return 'cashSale';
    default:
      return 'other';
  }
}

/** The document the line comes from, as people write its number. */
function documentOf(r: LineRow): string | null {
  if (r.bill_no !== null) return billNo(Number(r.bill_no));
  if (r.receipt_no !== null) return receiptNo(Number(r.receipt_no));
  if (r.transfer_no !== null) return transferNo(Number(r.transfer_no));
  return r.reference;
}

function describe(r: LineRow, kind: StatementLineKind, lang: Lang): string {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(key, lang, params);
  const doc = documentOf(r) ?? '';
  const own = r.line_memo ?? r.memo ?? '';
  if (r.bill_no !== null) {
    const bill = t('billingReports.desc.bill', { bill: doc, period: r.bill_period ?? '', units: plainDecimal(r.consumption ?? '0') });
    return kind === 'reversal' ? t('billingReports.desc.cancelled', { what: bill }) : bill;
  }
  if (r.receipt_no !== null) {
    const ref = r.payment_reference ? ` ${r.payment_reference}` : '';
    const payment = t('billingReports.desc.payment', { receipt: doc, method: methodName(r.method ?? '', lang) }) + ref;
    return kind === 'reversal' ? t('billingReports.desc.cancelled', { what: payment }) : payment;
  }
  if (r.transfer_no !== null) {
    const key = dec(r.debit).gt(0) ? 'billingReports.desc.transferIn' : 'billingReports.desc.transferOut';
    const transfer = t(key, { transfer: doc, customer: r.other_customer ?? '' });
    return kind === 'reversal' ? t('billingReports.desc.cancelled', { what: transfer }) : transfer;
  }
  if (kind === 'opening') return t('billingReports.desc.opening');
  if (kind === 'reversal') return t('billingReports.desc.cancelled', { what: own });
  return own;
}

export async function customerTransaction(opts: ReportScope & { query: CustomerTransactionQuery }): Promise<CustomerTransaction> {
  const { tx, clientId, lang, query } = opts;
  const [customer] = await queryRows<{ id: number; customer_no: string; name: string; phone: string; customer_class: CustomerClass; zone_name: string | null }>(
    tx,
    sql`
    select c.id, c.customer_no, c.name, c.phone, c.customer_class, zn.name as zone_name
    from customers c
    left join (${customerZones(clientId)}) z on z.customer_id = c.id
    left join zones zn on zn.client_id = c.client_id and zn.id = z.zone_id
    where c.client_id = ${clientId} and c.id = ${query.customerId}`,
  );
  if (!customer) throw notFound();
  const s = await receivableScope(tx, clientId);

  const party = sql`client_id = ${clientId} and party_type = 'customer' and party_id = ${query.customerId} and account_id = ${s.receivableId}`;
  const before = query.startDate ? sql`date < ${query.startDate}::date` : sql`false`;
  const to = query.endDate ? sql`and date <= ${query.endDate}::date` : sql``;
  const from = query.startDate ? sql`and date >= ${query.startDate}::date` : sql``;
  const [sums] = await queryRows<{ opening: string; debit: string; credit: string; lines: number }>(
    tx,
    sql`
    select coalesce(sum(debit - credit) filter (where ${before}), 0) as opening,
           coalesce(sum(debit) filter (where not (${before})), 0) as debit,
           coalesce(sum(credit) filter (where not (${before})), 0) as credit,
           (count(*) filter (where not (${before})))::int as lines
    from journal_lines where ${party} ${to}`,
  );

  const offset = (query._page - 1) * query._limit;
  const rows = await queryRows<LineRow>(
    tx,
    sql`
    with page as (
      select * from (
        select l.id, l.entry_id, l.date, l.debit, l.credit, l.memo,
               sum(l.debit - l.credit) over (order by l.date, l.entry_id, l.id rows between unbounded preceding and current row) as running
        from journal_lines l
        where ${party} ${from} ${to}
      ) ordered
      order by date, entry_id, id
      limit ${query._limit} offset ${offset}
    )
    select p.id, p.entry_id, p.date::text as date, p.debit::text as debit, p.credit::text as credit, p.running::text as running,
           p.memo as line_memo, e.series, e.entry_no, e.reference, e.memo, e.source_type, e.reverses_id is not null as is_reversal,
           b.bill_no, b.period as bill_period, b.consumption::text as consumption,
           pay.receipt_no, pay.method, pay.reference as payment_reference,
           ct.transfer_no, oc.name as other_customer
    from page p
    join journal_entries e on e.client_id = ${clientId} and e.id = p.entry_id
    left join bills b on e.source_type = 'bill' and b.client_id = ${clientId} and b.id = e.source_id
    left join payments pay on e.source_type = 'payment' and pay.client_id = ${clientId} and pay.id = e.source_id
    left join customer_transfers ct on e.source_type = 'customer-transfer' and ct.client_id = ${clientId} and ct.id = e.source_id
    left join customers oc on oc.client_id = ${clientId}
      and oc.id = case when ct.from_customer_id = ${query.customerId} then ct.to_customer_id else ct.from_customer_id end
    order by p.date, p.entry_id, p.id`,
  );

  const opening = dec(sums.opening);
  const lines: CustomerStatementLine[] = rows.map((r) => {
    const kind = kindOf(r);
    return {
      lineId: Number(r.id),
      entryId: Number(r.entry_id),
      date: r.date,
      kind,
      number: documentNumber(r.series, Number(r.entry_no)),
      document: documentOf(r),
      description: describe(r, kind, lang),
      debit: money(r.debit),
      credit: money(r.credit),
      balance: money(opening.plus(dec(r.running))),
    };
  });
  return {
    customer: {
      id: Number(customer.id),
      customerNo: customer.customer_no,
      name: customer.name,
      phone: customer.phone,
      customerClass: customer.customer_class,
      zoneName: customer.zone_name,
    },
    startDate: query.startDate ?? null,
    endDate: query.endDate ?? null,
    openingBalance: money(opening),
    lines,
    totals: { debit: money(sums.debit), credit: money(sums.credit) },
    closingBalance: money(opening.plus(dec(sums.debit)).minus(dec(sums.credit))),
    total: Number(sums.lines),
    page: query._page,
    limit: query._limit,
  };
}
