// The vendor summary (GET /api/vendor-reports/vendor-summary): per vendor over a period, from the
// payable's lines naming it: the balance before the period (opening), what was billed (every movement
// but payments: bills, opening balances, returns, net of their cancellations), what was paid (vendor
// payments net of cancellations), the balance at the end (opening + billed - paid), and its ageing on the
// period's last day (partyAgeing of the open items: current, 1-30, 31-60, 61-90, over 90 days past due,
// and the credit not on any bill). Every vendor is listed (filter by status, hide the empty ones).
import { sql } from 'drizzle-orm';
import { type VendorSummary, type VendorSummaryFigure, type VendorSummaryRow, vendorSummaryFigures, type vendorSummaryQuery, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, dec, money } from '../../ledger/index.ts';
import { partyAgeing } from '../open-items/index.ts';
import { VENDOR_PAYMENT_SOURCE_TYPE, payableAccountId } from './vendors-common.ts';

export async function vendorSummary(opts: { tx: Db; clientId: number; query: z.output<typeof vendorSummaryQuery> }): Promise<VendorSummary> {
  const { tx, clientId, query } = opts;
  const payableId = await payableAccountId(tx, clientId);
  const [{ today }] = await queryRows<{ today: string }>(tx, sql`select current_date::text as today`);
  const endDate = query.endDate ?? today;
  const start = query.startDate ? sql`${query.startDate}::date` : sql`'1900-01-01'::date`;
  const rows = await queryRows<{ id: number; number: string; name: string; status: 'Active' | 'Inactive'; opening: string; billed: string; paid: string }>(
    tx,
    sql`
    with s as (
      select party_id,
             sum(credit - debit) filter (where date < ${start}) as opening,
             sum(credit - debit) filter (where date >= ${start} and source_type <> ${VENDOR_PAYMENT_SOURCE_TYPE}) as billed,
             sum(debit - credit) filter (where date >= ${start} and source_type = ${VENDOR_PAYMENT_SOURCE_TYPE}) as paid
      from (
        select l.party_id, l.date, l.debit, l.credit, e.source_type from journal_lines l
        join journal_entries e on e.client_id = l.client_id and e.id = l.entry_id
        where l.client_id = ${clientId} and l.party_type = 'vendor' and l.account_id = ${payableId} and l.date <= ${endDate}::date
      ) x group by party_id
    )
    select v.id, v.number, v.name, v.status, coalesce(s.opening, 0)::text as opening, coalesce(s.billed, 0)::text as billed,
           coalesce(s.paid, 0)::text as paid
    from vendors v left join s on s.party_id = v.id
    where v.client_id = ${clientId} ${query.status ? sql`and v.status = ${query.status}` : sql``}
    order by lower(v.name), v.id`,
  );
  const ageing = new Map((await partyAgeing({ tx, clientId, partyType: 'vendor', accountId: payableId, date: endDate })).map((a) => [a.partyId, a]));
  const out: VendorSummaryRow[] = [];
  const totals = Object.fromEntries(vendorSummaryFigures.map((f) => [f, new Decimal(0)])) as Record<VendorSummaryFigure, Decimal>;
  for (const r of rows) {
    const a = ageing.get(Number(r.id));
    const closing = dec(r.opening).plus(dec(r.billed)).minus(dec(r.paid));
    const figures: Record<VendorSummaryFigure, string> = {
      opening: money(r.opening),
      billed: money(r.billed),
      paid: money(r.paid),
      closing: money(closing),
      current: money(a?.current),
      d1_30: money(a?.d1_30),
      d31_60: money(a?.d31_60),
      d61_90: money(a?.d61_90),
      over90: money(a?.over90),
      unallocated: money(a?.unallocated),
    };
    if (query.hideZero && vendorSummaryFigures.every((f) => dec(figures[f]).isZero())) continue;
    for (const f of vendorSummaryFigures) totals[f] = totals[f].plus(dec(figures[f]));
    out.push({ vendorId: Number(r.id), number: r.number, name: r.name, status: r.status, ...figures });
  }
  return {
    startDate: query.startDate ?? null,
    endDate,
    rows: out,
    totals: { vendors: out.length, ...(Object.fromEntries(vendorSummaryFigures.map((f) => [f, money(totals[f])])) as Record<VendorSummaryFigure, string>) },
  };
}
