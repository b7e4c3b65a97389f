// GET /api/billing-reports/unpaid: the customers' charges not paid in full today, read from the open items
// of the receivable (bills, opening balances, balance transfers received, invoices; the unsettled items'
// partial index), with what is left on each and the days past due, oldest due first. A bill's row is as
// it always was (its item mirrors the bill: amount, paid, number); its period and zone come from the bill.
// Filters: zone (a bill's own, else the zone of the customer's first house), billing period (bills only),
// customer and a least amount left. Totals cover every matching charge.
import { type SQL, sql } from 'drizzle-orm';
import type { UnpaidQuery, UnpaidReport } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { money } from '../../ledger/index.ts';
import { businessDate, receivableScope } from './receivable-at.ts';
import type { ReportScope } from './report-scope.ts';

const ORDER = {
  dueDate: sql`o.due_date`,
  balance: sql`o.amount - o.settled`,
  name: sql`lower(c.name)`,
  period: sql`o.period`,
} as const;

interface Row {
  item_id: string | number;
  kind: string;
  bill_id: string | number | null;
  number: string;
  period: string | null;
  due_date: string;
  days_overdue: number;
  customer_id: number;
  customer_no: string;
  name: string;
  phone: string;
  zone_id: number | null;
  zone_name: string | null;
  amount: string;
  paid: string;
  balance: string;
}

export async function unpaidReport(opts: ReportScope & { query: UnpaidQuery }): Promise<UnpaidReport> {
  const { tx, clientId, query } = opts;
  const today = await businessDate(tx);
  const { receivableId } = await receivableScope(tx, clientId);
  // The customers' open charges (the predicate of open_items_unsettled), each with its bill when it is one
  // and its zone: the bill's, else the customer's first house's.
  const charges = sql`
    select o.id, o.kind, o.source_id, o.number, o.party_id, o.due_date, o.amount, o.settled, b.id as bill_id, b.bill_no, b.period,
           coalesce(b.zone_id, (select h.zone_id from houses h where h.client_id = ${clientId} and h.customer_id = o.party_id order by h.id limit 1)) as zone_id
    from open_items o
    left join bills b on o.kind = 'bill' and b.client_id = ${clientId} and b.id = o.source_id
    where o.client_id = ${clientId} and o.account_id = ${receivableId} and o.side = 'debit' and o.party_type = 'customer'
      and o.status = 'Open' and o.settled < o.amount`;
  const where: SQL[] = [sql`true`];
  if (query.zoneId) where.push(sql`o.zone_id = ${query.zoneId}`);
  if (query.period) where.push(sql`o.period = ${query.period}`);
  if (query.customerId) where.push(sql`o.party_id = ${query.customerId}`);
  if (query.minAmount) where.push(sql`o.amount - o.settled >= ${query.minAmount}::numeric`);
  const condition = sql.join(where, sql` and `);
  const sort = query._sort ?? 'dueDate';
  const direction = (query._order ?? (sort === 'balance' ? 'desc' : 'asc')) === 'desc' ? sql`desc` : sql`asc`;
  const order = ORDER[sort];

  const [totals] = await queryRows<{ bills: number; customers: number; amount: string; paid: string; balance: string }>(
    tx,
    sql`
    select count(*)::int as bills, count(distinct o.party_id)::int as customers,
           coalesce(sum(o.amount), 0)::text as amount, coalesce(sum(o.settled), 0)::text as paid,
           coalesce(sum(o.amount - o.settled), 0)::text as balance
    from (${charges}) o where ${condition}`,
  );
  const rows = await queryRows<Row>(
    tx,
    sql`
    select o.id as item_id, o.kind, o.bill_id, o.number, o.period, o.due_date::text as due_date,
           greatest(${today}::date - o.due_date, 0)::int as days_overdue,
           o.party_id as customer_id, c.customer_no, c.name, c.phone, o.zone_id, zn.name as zone_name,
           o.amount::text as amount, o.settled::text as paid, (o.amount - o.settled)::text as balance
    from (${charges}) o
    join customers c on c.client_id = ${clientId} and c.id = o.party_id
    left join zones zn on zn.client_id = ${clientId} and zn.id = o.zone_id
    where ${condition}
    order by ${order} ${direction}, o.bill_no, o.id
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );

  return {
    date: today,
    rows: rows.map((r) => ({
      openItemId: Number(r.item_id),
      kind: r.kind,
      billId: r.bill_id === null ? null : Number(r.bill_id),
      billNo: r.number,
      period: r.period,
      dueDate: r.due_date,
      daysOverdue: Number(r.days_overdue),
      customerId: Number(r.customer_id),
      customerNo: r.customer_no,
      name: r.name,
      phone: r.phone,
      zoneId: r.zone_id === null ? null : Number(r.zone_id),
      zoneName: r.zone_name,
      amount: money(r.amount),
      paid: money(r.paid),
      balance: money(r.balance),
    })),
    totals: { bills: totals.bills, customers: totals.customers, amount: money(totals.amount), paid: money(totals.paid), balance: money(totals.balance) },
    total: totals.bills,
    page: query._page,
    limit: query._limit,
  };
}
