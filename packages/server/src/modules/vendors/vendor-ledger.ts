// A vendor's statement (GET /api/elc/vendors/:id/transaction) and the vendor-transaction report (one
// vendor or every vendor): the payable account's lines naming vendors, read from the ledger, with the
// balance before the range, a running balance (what is owed: credit less debit) and the closing balance.
// Each line names its document: a vendor payment's number (PV-000003), the opening balance's vendor
// number, or the entry's reference (a vendor bill's number as the purchases module posts it).
import { sql } from 'drizzle-orm';
import { type Lang, type VendorLedgerLine, type VendorLineKind, type VendorTransaction, VENDOR_PAYMENT_SERIES, billMoney, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { dec, documentNumber, money } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { VENDOR_OPENING_SOURCE_TYPE, VENDOR_PAYMENT_SOURCE_TYPE, payableAccountId } from './vendors-common.ts';

interface LineRow {
  id: string | number;
  entry_id: string | number;
  date: string;
  debit: string;
  credit: string;
  running: string;
  line_memo: string | null;
  party_id: number;
  vendor_number: string;
  vendor_name: string;
  series: string;
  entry_no: string | number;
  reference: string | null;
  memo: string | null;
  source_type: string;
  is_reversal: boolean;
  payment_no: string | number | null;
}

function kindOf(r: LineRow): VendorLineKind {
  if (r.is_reversal) return 'reversal';
  if (r.source_type === VENDOR_OPENING_SOURCE_TYPE) return 'opening';
  if (r.source_type === VENDOR_PAYMENT_SOURCE_TYPE) return 'payment';
  if (/bill|purchase/.test(r.source_type)) return dec(r.credit).gt(0) ? 'bill' : 'other';
  if (/return|debit-note/.test(r.source_type)) return 'return';
  return 'other';
}

function describe(r: LineRow, kind: VendorLineKind, doc: string | null, lang: Lang): string {
  const own = r.line_memo ?? r.memo ?? '';
  if (kind === 'opening') return translate('vendors.desc.opening', lang);
  if (r.payment_no !== null) {
    const text = translate('vendors.desc.payment', lang, { n: doc ?? '' }) + (r.reference && r.reference !== doc ? ` ${r.reference}` : '');
    return kind === 'reversal' ? translate('vendors.desc.cancelled', lang, { n: text }) : text;
  }
  return kind === 'reversal' ? translate('vendors.desc.cancelled', lang, { n: own }) : own;
}

export interface VendorLedgerQuery {
  vendorId?: number;
  startDate?: string;
  endDate?: string;
  _page: number;
  _limit: number;
}

export async function vendorLedger(opts: { tx: Db; clientId: number; lang: Lang; query: VendorLedgerQuery }): Promise<VendorTransaction> {
  const { tx, clientId, lang, query } = opts;
  const payableId = await payableAccountId(tx, clientId);
  let vendor: VendorTransaction['vendor'] = null;
  if (query.vendorId) {
    const [v] = await queryRows<{ id: number; number: string; name: string; status: 'Active' | 'Inactive' }>(
      tx,
      sql`select id, number, name, status from vendors where client_id = ${clientId} and id = ${query.vendorId}`,
    );
    if (!v) throw notFound();
    vendor = { id: Number(v.id), number: v.number, name: v.name, status: v.status, balance: '0.00' };
  }
  const party = query.vendorId
    ? sql`l.client_id = ${clientId} and l.party_type = 'vendor' and l.party_id = ${query.vendorId} and l.account_id = ${payableId}`
    : sql`l.client_id = ${clientId} and l.party_type = 'vendor' and l.account_id = ${payableId}`;
  const before = query.startDate ? sql`l.date < ${query.startDate}::date` : sql`false`;
  const to = query.endDate ? sql`and l.date <= ${query.endDate}::date` : sql``;
  const from = query.startDate ? sql`and l.date >= ${query.startDate}::date` : sql``;
  const [sums] = await queryRows<{ opening: string; debit: string; credit: string; lines: number; balance: string }>(
    tx,
    sql`
    select coalesce(sum(l.credit - l.debit) filter (where ${before}), 0)::text as opening,
           coalesce(sum(l.debit) filter (where not (${before})), 0)::text as debit,
           coalesce(sum(l.credit) filter (where not (${before})), 0)::text as credit,
           (count(*) filter (where not (${before})))::int as lines,
           (select coalesce(sum(l.credit - l.debit), 0) from journal_lines l where ${party})::text as balance
    from journal_lines l where ${party} ${to}`,
  );
  if (vendor) vendor.balance = billMoney(sums.balance);
  const rows = await queryRows<LineRow>(
    tx,
    sql`
    with page as (
      select * from (
        select l.id, l.entry_id, l.date, l.debit, l.credit, l.memo, l.party_id,
               sum(l.credit - l.debit) over (order by l.date, l.entry_id, l.id rows between unbounded preceding and current row) as running
        from journal_lines l
        where ${party} ${from} ${to}
      ) ordered
      order by date, entry_id, id
      limit ${query._limit} offset ${(query._page - 1) * query._limit}
    )
    select p.id, p.entry_id, p.date::text as date, p.debit::text as debit, p.credit::text as credit, p.running::text as running,
           p.memo as line_memo, p.party_id, coalesce(v.number, '') as vendor_number, coalesce(v.name, '#' || p.party_id) as vendor_name,
           e.series, e.entry_no, e.reference, e.memo, e.source_type, e.reverses_id is not null as is_reversal, vp.payment_no
    from page p
    join journal_entries e on e.client_id = ${clientId} and e.id = p.entry_id
    left join vendors v on v.client_id = ${clientId} and v.id = p.party_id
    left join vendor_payments vp on e.source_type = ${VENDOR_PAYMENT_SOURCE_TYPE} and vp.client_id = ${clientId} and vp.id = e.source_id
    order by p.date, p.entry_id, p.id`,
  );
  const opening = dec(sums.opening);
  const lines: VendorLedgerLine[] = rows.map((r) => {
    const kind = kindOf(r);
    const document = r.payment_no !== null ? documentNumber(VENDOR_PAYMENT_SERIES, Number(r.payment_no)) : r.reference;
    return {
      lineId: Number(r.id),
      entryId: Number(r.entry_id),
      date: r.date,
      kind,
      number: documentNumber(r.series, Number(r.entry_no)),
      document,
      vendorId: Number(r.party_id),
      vendorNumber: r.vendor_number,
      vendorName: r.vendor_name,
      description: describe(r, kind, document, lang),
      debit: billMoney(r.debit),
      credit: billMoney(r.credit),
      balance: money(opening.plus(dec(r.running))),
    };
  });
  return {
    vendor,
    startDate: query.startDate ?? null,
    endDate: query.endDate ?? null,
    openingBalance: money(opening),
    lines,
    totals: { debit: billMoney(sums.debit), credit: billMoney(sums.credit) },
    closingBalance: money(opening.plus(dec(sums.credit)).minus(dec(sums.debit))),
    total: Number(sums.lines),
    page: query._page,
    limit: query._limit,
  };
}
