// The sales balance rows (migration 0056): per day, branch, customer and item (or a free line's income
// account), the quantity, revenue before tax and cost of the posted sales less their returns, and how many
// document lines make them up. Every posting of an invoice, cash sale or return adds its lines (+1) and
// every cancellation takes them back (-1), in the document's transaction, dated as the document: so the
// sales activity report reads these rows (a year is one range of them) and says exactly what the
// documents say. salesBalanceDifferences is the check (verify-ledger, and the tests after every scenario).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Adds (sign 1, on posting) or takes back (sign -1, on cancelling) a sales document's lines to its
 * balance rows. A return's figures count against the sale (negative); its lines count +1 like any line.
 * Quotations are not sales: nothing is recorded for them.
 */
export async function recordSalesBalances(tx: Db, documentId: number, sign: 1 | -1): Promise<void> {
  await tx.execute(sql`
    insert into sales_balances as b (client_id, day, branch_id, customer_id, item_id, account_id, quantity, revenue, cost, lines)
    select d.client_id, d.date, d.branch_id, d.customer_id, l.item_id, case when l.item_id is null then l.account_id end,
           sum(s.f * l.quantity), sum(s.f * (l.net - l.discount)), sum(s.f * l.cost), ${sign}::int * count(*)::int
    from sales_documents d
    join sales_document_lines l on l.document_id = d.id
    cross join lateral (select ${sign}::int * case when d.kind = 'return' then -1 else 1 end as f) s
    where d.id = ${documentId} and d.kind in ('invoice', 'receipt', 'return')
    group by 1, 2, 3, 4, 5, 6
    on conflict (client_id, day, branch_id, customer_id, item_id, account_id) do update
      set quantity = b.quantity + excluded.quantity, revenue = b.revenue + excluded.revenue,
          cost = b.cost + excluded.cost, lines = b.lines + excluded.lines`);
}

export interface SalesBalanceDifference {
  clientId: number;
  day: string;
  branchId: number;
  customerId: number;
  itemId: number | null;
  accountId: number | null;
  stored: { quantity: string; revenue: string; cost: string; lines: number };
  documents: { quantity: string; revenue: string; cost: string; lines: number };
}

/**
 * The balance rows that differ from the posted documents' lines (a row of zeros with no lines equals no
 * row). Read as whoever calls it: an organisation in its tenant transaction, the operator over all or one.
 */
export async function salesBalanceDifferences(tx: Db, opts: { clientId?: number } = {}): Promise<SalesBalanceDifference[]> {
  const only = (column: string) => (opts.clientId === undefined ? sql`true` : sql`${sql.raw(column)} = ${opts.clientId}`);
  const rows = await queryRows<{
    client_id: number;
    day: string;
    branch_id: number;
    customer_id: number;
    item_id: number | null;
    account_id: number | null;
    sq: string | null;
    sr: string | null;
    sc: string | null;
    sl: number | null;
    dq: string | null;
    dr: string | null;
    dc: string | null;
    dl: number | null;
  }>(
    tx,
    sql`
    with docs as (
      select d.client_id, d.date as day, d.branch_id, d.customer_id, l.item_id, case when l.item_id is null then l.account_id end as account_id,
             sum(case when d.kind = 'return' then -l.quantity else l.quantity end) as quantity,
             sum(case when d.kind = 'return' then -(l.net - l.discount) else l.net - l.discount end) as revenue,
             sum(case when d.kind = 'return' then -l.cost else l.cost end) as cost,
             count(*)::int as lines
      from sales_documents d join sales_document_lines l on l.document_id = d.id
      where d.kind in ('invoice', 'receipt', 'return') and d.status = 'Posted' and ${only('d.client_id')}
      group by 1, 2, 3, 4, 5, 6
    ), stored as (
      select client_id, day, branch_id, customer_id, item_id, account_id, quantity, revenue, cost, lines from sales_balances where ${only('client_id')}
    )
    select coalesce(s.client_id, d.client_id) as client_id, coalesce(s.day, d.day)::text as day, coalesce(s.branch_id, d.branch_id) as branch_id,
           coalesce(s.customer_id, d.customer_id) as customer_id, coalesce(s.item_id, d.item_id) as item_id, coalesce(s.account_id, d.account_id) as account_id,
           s.quantity::text as sq, s.revenue::text as sr, s.cost::text as sc, s.lines as sl,
           d.quantity::text as dq, d.revenue::text as dr, d.cost::text as dc, d.lines as dl
    from stored s full join docs d
      on d.client_id = s.client_id and d.day = s.day and d.branch_id = s.branch_id and d.customer_id = s.customer_id
     -- (coalesced: a full join needs equality to hash or merge on)
     and coalesce(d.item_id, 0) = coalesce(s.item_id, 0) and coalesce(d.account_id, 0) = coalesce(s.account_id, 0)
    where coalesce(s.quantity, 0) <> coalesce(d.quantity, 0) or coalesce(s.revenue, 0) <> coalesce(d.revenue, 0)
       or coalesce(s.cost, 0) <> coalesce(d.cost, 0) or coalesce(s.lines, 0) <> coalesce(d.lines, 0)
    order by 1, 2, 3, 4, 5, 6`,
  );
  const figures = (q: string | null, r: string | null, c: string | null, l: number | null) => ({
    quantity: q ?? '0',
    revenue: r ?? '0.00',
    cost: c ?? '0.00',
    lines: Number(l ?? 0),
  });
  return rows.map((r) => ({
    clientId: Number(r.client_id),
    day: r.day,
    branchId: Number(r.branch_id),
    customerId: Number(r.customer_id),
    itemId: r.item_id === null ? null : Number(r.item_id),
    accountId: r.account_id === null ? null : Number(r.account_id),
    stored: figures(r.sq, r.sr, r.sc, r.sl),
    documents: figures(r.dq, r.dr, r.dc, r.dl),
  }));
}
