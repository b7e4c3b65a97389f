// The purchase returns of a period line by line, for the return transactions report (its kind 'purchase';
// the sales module answers the route and the sales returns): date, return, the bill or cash purchase
// the goods came back from, vendor, item, quantity, amount (with tax, as credited) and cost (the value
// at cost the stock left with; a line of no stocked good, its amount before tax).
import { sql } from 'drizzle-orm';
import { bdec, billMoney, type ReturnTransaction, type returnTransactionQuery, type z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber } from '../../ledger/index.ts';
import { seriesOf } from './purchase-documents.ts';
import { PURCHASE_RETURN_SERIES } from './vendor-bill.posting.ts';

export async function purchaseReturnTransactions(opts: { tx: Db; query: z.output<typeof returnTransactionQuery> }): Promise<ReturnTransaction> {
  const { tx, query } = opts;
  const where = sql`r.status = 'Posted' and r.date between ${query.startDate}::date and ${query.endDate}::date
    ${query.vendorId ? sql`and r.vendor_id = ${query.vendorId}` : sql``}
    ${query.itemId ? sql`and l.item_id = ${query.itemId}` : sql``}`;
  const from = sql`from purchase_returns r join purchase_return_lines l on l.return_id = r.id left join stock_moves m on m.id = l.stock_move_id`;
  const cost = sql`coalesce(abs(m.value), l.amount)`;
  const rows = await queryRows<{
    id: string;
    date: string;
    return_no: string;
    purchase_kind: 'bill' | 'cash';
    purchase_no: string;
    vendor_id: number;
    vendor_no: string;
    vendor_name: string;
    item_code: string | null;
    item_name: string | null;
    description: string | null;
    quantity: string;
    total: string;
    cost: string;
  }>(
    tx,
    sql`select r.id, r.date::text, r.return_no, p.kind as purchase_kind, p.doc_no as purchase_no, r.vendor_id, v.number as vendor_no,
               v.name as vendor_name, i.code as item_code, i.name as item_name, l.description, l.quantity::text, l.total::text, ${cost}::text as cost
        ${from} join purchases p on p.id = r.purchase_id join vendors v on v.id = r.vendor_id left join items i on i.id = l.item_id
        where ${where} order by r.date, r.id, l.position limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [t] = await queryRows<{ n: number; docs: number; quantity: string; amount: string; cost: string }>(
    tx,
    sql`select count(*)::int as n, count(distinct r.id)::int as docs, coalesce(sum(l.quantity), 0)::text as quantity,
               coalesce(sum(l.total), 0)::text as amount, coalesce(sum(${cost}), 0)::text as cost ${from} where ${where}`,
  );
  return {
    kind: 'purchase',
    startDate: query.startDate,
    endDate: query.endDate,
    rows: rows.map((r) => ({
      returnId: Number(r.id),
      date: r.date,
      number: documentNumber(PURCHASE_RETURN_SERIES, Number(r.return_no)),
      fromNumber: documentNumber(seriesOf(r.purchase_kind), Number(r.purchase_no)),
      partyId: Number(r.vendor_id),
      partyNo: r.vendor_no,
      partyName: r.vendor_name,
      itemCode: r.item_code,
      itemName: r.item_name ?? r.description ?? '',
      quantity: bdec(r.quantity).toString(),
      amount: billMoney(r.total),
      cost: billMoney(r.cost),
    })),
    totals: { returns: Number(t.docs), quantity: bdec(t.quantity).toString(), amount: billMoney(t.amount), cost: billMoney(t.cost) },
    total: Number(t.n),
    page: query._page,
    limit: query._limit,
  };
}
