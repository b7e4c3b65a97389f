// GET /api/billing-reports/unpaid: the live bills not paid in full today (the partial index of migration
// 0026), with what is left on each and the days past due, oldest due first; filters: the bill's zone,
// billing period, customer and a least amount left. Totals cover every matching bill.
import { type SQL, sql } from 'drizzle-orm';
import type { UnpaidQuery, UnpaidReport } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { money } from '../../ledger/index.ts';
import { billNo, businessDate } from './receivable-at.ts';
import type { ReportScope } from './report-scope.ts';

const ORDER = {
  dueDate: sql`b.due_date`,
  balance: sql`b.amount - b.paid_amount`,
  name: sql`lower(c.name)`,
  period: sql`b.period`,
} as const;

interface Row {
  id: string | number;
  bill_no: string | number;
  period: string;
  due_date: string;
  days_overdue: number;
  customer_id: number;
  customer_no: string;
  name: string;
  phone: string;
  zone_id: number;
  zone_name: string;
  amount: string;
  paid: string;
  balance: string;
}

export async function unpaidReport(opts: ReportScope & { query: UnpaidQuery }): Promise<UnpaidReport> {
  const { tx, clientId, query } = opts;
  const today = await businessDate(tx);
  const where: SQL[] = [sql`b.client_id = ${clientId}`, sql`b.status = 'Open'`, sql`b.paid_amount < b.amount`];
  if (query.zoneId) where.push(sql`b.zone_id = ${query.zoneId}`);
  if (query.period) where.push(sql`b.period = ${query.period}`);
  if (query.customerId) where.push(sql`b.customer_id = ${query.customerId}`);
  if (query.minAmount) where.push(sql`b.amount - b.paid_amount >= ${query.minAmount}::numeric`);
  const condition = sql.join(where, sql` and `);
  const sort = query._sort ?? 'dueDate';
  const direction = (query._order ?? (sort === 'balance' ? 'desc' : 'asc')) === 'desc' ? sql`desc` : sql`asc`;

  const [totals] = await queryRows<{ bills: number; customers: number; amount: string; paid: string; balance: string }>(
    tx,
    sql`
    select count(*)::int as bills, count(distinct b.customer_id)::int as customers,
           coalesce(sum(b.amount), 0)::text as amount, coalesce(sum(b.paid_amount), 0)::text as paid,
           coalesce(sum(b.amount - b.paid_amount), 0)::text as balance
    from bills b where ${condition}`,
  );
  const rows = await queryRows<Row>(
    tx,
    sql`
    select b.id, b.bill_no, b.period, b.due_date::text as due_date, greatest(${today}::date - b.due_date, 0)::int as days_overdue,
           b.customer_id, c.customer_no, c.name, c.phone, b.zone_id, zn.name as zone_name,
           b.amount::text as amount, b.paid_amount::text as paid, (b.amount - b.paid_amount)::text as balance
    from bills b
    join customers c on c.client_id = ${clientId} and c.id = b.customer_id
    join zones zn on zn.client_id = ${clientId} and zn.id = b.zone_id
    where ${condition}
    order by ${ORDER[sort]} ${direction}, b.bill_no
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );

  return {
    date: today,
    rows: rows.map((r) => ({
      billId: Number(r.id),
      billNo: billNo(Number(r.bill_no)),
      period: r.period,
      dueDate: r.due_date,
      daysOverdue: Number(r.days_overdue),
      customerId: Number(r.customer_id),
      customerNo: r.customer_no,
      name: r.name,
      phone: r.phone,
      zoneId: Number(r.zone_id),
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
