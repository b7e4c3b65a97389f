// GET /api/billing-reports/received-payments: the period's posted (not cancelled) customer payments with
// the part allocated to bills, filtered by receiving account, method, the customer's zone (of their
// first house) or customer, paged by date and receipt number; totals, and totals by account and by
// method over every matching payment.
import { type SQL, sql } from 'drizzle-orm';
import type { ReceiptMethod, ReceivedPayments, ReceivedPaymentsQuery } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { dec, money } from '../../ledger/index.ts';
import { customerZones, receiptNo } from './receivable-at.ts';
import type { ReportScope } from './report-scope.ts';

interface Row {
  id: string | number;
  receipt_no: string | number;
  date: string;
  customer_id: number;
  customer_no: string;
  name: string;
  zone_name: string | null;
  method: ReceiptMethod;
  account_id: number;
  code: string;
  name_en: string;
  name_so: string;
  reference: string | null;
  amount: string;
  allocated: string;
}

export async function receivedPayments(opts: ReportScope & { query: ReceivedPaymentsQuery }): Promise<ReceivedPayments> {
  const { tx, clientId, lang, query } = opts;
  const where: SQL[] = [sql`p.client_id = ${clientId}`, sql`p.status = 'Posted'`, sql`p.date between ${query.startDate}::date and ${query.endDate}::date`];
  if (query.accountId) where.push(sql`p.account_id = ${query.accountId}`);
  if (query.method) where.push(sql`p.method = ${query.method}`);
  if (query.customerId) where.push(sql`p.customer_id = ${query.customerId}`);
  if (query.zoneId) where.push(sql`p.customer_id in (select customer_id from (${customerZones(clientId)}) z where z.zone_id = ${query.zoneId})`);
  const condition = sql.join(where, sql` and `);
  const nameOf = (r: { name_en: string; name_so: string }) => (lang === 'so' ? r.name_so : r.name_en);

  const [totals] = await queryRows<{ payments: number; amount: string; allocated: string }>(
    tx,
    sql`
    select count(*)::int as payments, coalesce(sum(p.amount), 0)::text as amount, coalesce(sum(p.allocated), 0)::text as allocated
    from payments p where ${condition}`,
  );
  const byAccount = await queryRows<{ account_id: number; code: string; name_en: string; name_so: string; payments: number; amount: string }>(
    tx,
    sql`
    select p.account_id, a.code, a.name_en, a.name_so, count(*)::int as payments, sum(p.amount)::text as amount
    from payments p join accounts a on a.client_id = ${clientId} and a.id = p.account_id
    where ${condition} group by p.account_id, a.code, a.name_en, a.name_so order by a.code`,
  );
  const byMethod = await queryRows<{ method: ReceiptMethod; payments: number; amount: string }>(
    tx,
    sql`
    select p.method, count(*)::int as payments, sum(p.amount)::text as amount
    from payments p where ${condition} group by p.method order by p.method`,
  );
  const rows = await queryRows<Row>(
    tx,
    sql`
    with page as (
      select p.* from payments p where ${condition}
      order by p.date, p.receipt_no limit ${query._limit} offset ${(query._page - 1) * query._limit}
    )
    select p.id, p.receipt_no, p.date::text as date, p.customer_id, c.customer_no, c.name, zn.name as zone_name,
           p.method, p.account_id, a.code, a.name_en, a.name_so, p.reference, p.amount::text as amount, p.allocated::text as allocated
    from page p
    join customers c on c.client_id = ${clientId} and c.id = p.customer_id
    join accounts a on a.client_id = ${clientId} and a.id = p.account_id
    left join (${customerZones(clientId)}) z on z.customer_id = p.customer_id
    left join zones zn on zn.client_id = ${clientId} and zn.id = z.zone_id
    order by p.date, p.receipt_no`,
  );

  const unallocated = (amount: string, allocated: string) => money(dec(amount).minus(dec(allocated)));
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    rows: rows.map((r) => ({
      paymentId: Number(r.id),
      receiptNo: receiptNo(Number(r.receipt_no)),
      date: r.date,
      customerId: Number(r.customer_id),
      customerNo: r.customer_no,
      name: r.name,
      zoneName: r.zone_name,
      method: r.method,
      accountId: Number(r.account_id),
      accountCode: r.code,
      accountName: nameOf(r),
      reference: r.reference,
      amount: money(r.amount),
      allocated: money(r.allocated),
      unallocated: unallocated(r.amount, r.allocated),
    })),
    totals: {
      payments: totals.payments,
      amount: money(totals.amount),
      allocated: money(totals.allocated),
      unallocated: unallocated(totals.amount, totals.allocated),
    },
    byAccount: byAccount.map((a) => ({ accountId: Number(a.account_id), code: a.code, name: nameOf(a), payments: a.payments, amount: money(a.amount) })),
    byMethod: byMethod.map((m) => ({ method: m.method, payments: m.payments, amount: money(m.amount) })),
    total: totals.payments,
    page: query._page,
    limit: query._limit,
  };
}
