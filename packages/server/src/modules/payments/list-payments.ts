// GET /api/finance/payments (paged, newest first, with filters) and GET /api/finance/payments/:id: a
// payment with its allocations, the customer's balance before and after it (receivable lines of entries
// posted up to it) and now, the amount in words and the company block, everything its receipt prints.
import { listTransactionFiles } from '../treasury/index.ts';
import { type SQL, sql } from 'drizzle-orm';
import {
  type Lang,
  type Payment,
  type PaymentDetail,
  type PaymentMethod,
  type PaymentPage,
  RECEIPT_SERIES,
  amountInWords,
  type paymentListQuery,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { SYSTEM_ACCOUNTS, dec, documentNumber, money } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { billNumber } from '../bills/index.ts';
import { customerBalance, customerMatches } from '../customers/index.ts';
import { manualReceiptOf } from '../receipt-books/index.ts';

interface PaymentRow {
  id: string | number;
  receipt_no: string | number;
  date: string;
  amount: string;
  allocated: string;
  method: PaymentMethod;
  reference: string | null;
  memo: string | null;
  status: 'Posted' | 'Cancelled';
  batch_id: string | number | null;
  journal_entry_id: string | number;
  cancelled_at: Date | string | null;
  cancel_reason: string | null;
  created_at: Date | string;
  customer_id: number;
  customer_no: string;
  customer_name: string;
  customer_phone: string;
  account_id: number;
  account_code: string;
  account_name_en: string;
  account_name_so: string;
  currency: string;
  series: string;
  entry_no: string | number;
  cancel_id: string | number | null;
  cancel_series: string | null;
  cancel_no: string | number | null;
  cancel_date: string | null;
  created_by: string | null;
}

const select = sql`
  select p.id, p.receipt_no, p.date::text as date, p.amount::text as amount, p.allocated::text as allocated, p.method, p.reference, p.memo,
         p.status, p.batch_id, p.journal_entry_id, p.cancelled_at, p.cancel_reason, p.created_at,
         c.id as customer_id, c.customer_no, c.name as customer_name, c.phone as customer_phone,
         a.id as account_id, a.code as account_code, a.name_en as account_name_en, a.name_so as account_name_so, a.currency,
         e.series, e.entry_no, r.id as cancel_id, r.series as cancel_series, r.entry_no as cancel_no, r.date::text as cancel_date,
         u.fullname as created_by
  from payments p
  join customers c on c.client_id = p.client_id and c.id = p.customer_id
  join accounts a on a.client_id = p.client_id and a.id = p.account_id
  join journal_entries e on e.client_id = p.client_id and e.id = p.journal_entry_id
  left join journal_entries r on r.client_id = p.client_id and r.id = p.reversal_entry_id
  left join users u on u.client_id = p.client_id and u.id = p.created_by`;

const iso = (v: Date | string) => new Date(v).toISOString();

function toPayment(r: PaymentRow, lang: Lang): Payment {
  return {
    id: Number(r.id),
    receiptNo: Number(r.receipt_no),
    number: documentNumber(RECEIPT_SERIES, Number(r.receipt_no)),
    date: r.date,
    customer: { id: Number(r.customer_id), customerNo: r.customer_no, name: r.customer_name, phone: r.customer_phone },
    amount: money(r.amount),
    allocated: money(r.allocated),
    credit: money(dec(r.amount).minus(r.allocated)),
    method: r.method,
    account: { id: Number(r.account_id), code: r.account_code, name: lang === 'so' ? r.account_name_so : r.account_name_en },
    reference: r.reference,
    memo: r.memo,
    status: r.status,
    batchId: r.batch_id === null ? null : Number(r.batch_id),
    entryId: Number(r.journal_entry_id),
    entryNumber: documentNumber(r.series, Number(r.entry_no)),
    cancelEntryId: r.cancel_id === null ? null : Number(r.cancel_id),
    cancelEntryNumber: r.cancel_series === null ? null : documentNumber(r.cancel_series, Number(r.cancel_no)),
    cancelDate: r.cancel_date,
    cancelReason: r.cancel_reason,
    cancelledAt: r.cancelled_at === null ? null : iso(r.cancelled_at),
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
  };
}

export async function getPayment(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<PaymentDetail> {
  const { tx, clientId, lang, id } = opts;
  const [row] = await queryRows<PaymentRow>(tx, sql`${select} where p.client_id = ${clientId} and p.id = ${id}`);
  if (!row) throw notFound();
  const allocations = await queryRows<{
    bill_id: string | number;
    bill_no: string | number;
    period: string;
    bill_date: string;
    due_date: string;
    bill_amount: string;
    amount: string;
    paid_amount: string;
  }>(
    tx,
    sql`
    select b.id as bill_id, b.bill_no, b.period, b.bill_date::text as bill_date, b.due_date::text as due_date,
           b.amount::text as bill_amount, pa.amount::text as amount, b.paid_amount::text as paid_amount
    from open_items pi
    join open_item_allocations pa on pa.client_id = pi.client_id and pa.credit_item_id = pi.id
    join open_items bi on bi.client_id = pa.client_id and bi.id = pa.debit_item_id and bi.source_type = 'bill'
    join bills b on b.client_id = bi.client_id and b.id = bi.source_id
    where pi.client_id = ${clientId} and pi.source_type = 'payment' and pi.source_id = ${id}
    order by b.bill_date, b.bill_no`,
  );
  // The customer's receivable over the entries posted up to this payment's (entries are append-only and
  // numbered in posting order, so this never changes once printed).
  const [balances] = await queryRows<{ before: string; after: string }>(
    tx,
    sql`
    select coalesce(sum(l.debit - l.credit) filter (where l.entry_id < ${row.journal_entry_id}), 0)::text as before,
           coalesce(sum(l.debit - l.credit), 0)::text as after
    from journal_lines l join accounts a on a.client_id = l.client_id and a.id = l.account_id
    where l.client_id = ${clientId} and l.party_type = 'customer' and l.party_id = ${row.customer_id}
      and a.code = ${SYSTEM_ACCOUNTS.receivable} and l.entry_id <= ${row.journal_entry_id}`,
  );
  const [company] = await queryRows<{ name: string; address: string | null; phone: string | null; email: string | null; logo_file_id: string | null }>(
    tx,
    sql`
    select name, address, phone, email, logo_file_id::text as logo_file_id from clients where id = ${clientId}`,
  );
  const payment = toPayment(row, lang);
  return {
    ...payment,
    allocations: allocations.map((a) => ({
      billId: Number(a.bill_id),
      billNumber: billNumber(Number(a.bill_no)),
      period: a.period,
      billDate: a.bill_date,
      dueDate: a.due_date,
      billAmount: money(a.bill_amount),
      amount: money(a.amount),
      billPaid: money(a.paid_amount),
      billOpen: money(dec(a.bill_amount).minus(a.paid_amount)),
    })),
    balanceBefore: money(balances.before),
    balanceAfter: money(balances.after),
    balanceNow: await customerBalance(tx, clientId, payment.customer.id),
    currency: row.currency,
    amountInWords: { en: amountInWords(payment.amount, 'en', row.currency), so: amountInWords(payment.amount, 'so', row.currency) },
    company: {
      name: company?.name ?? '',
      address: company?.address ?? null,
      phone: company?.phone ?? null,
      email: company?.email ?? null,
      logoFileId: company?.logo_file_id ?? null,
    },
    manualReceipt: await manualReceiptOf(tx, clientId, id),
    attachments: await listTransactionFiles({ tx, clientId, entryId: Number(row.journal_entry_id) }),
  };
}

type ListQuery = z.output<typeof paymentListQuery>;

function filter(clientId: number, query: ListQuery): SQL {
  const where: SQL[] = [sql`p.client_id = ${clientId}`];
  if (query.customerId) where.push(sql`p.customer_id = ${query.customerId}`);
  if (query.accountId) where.push(sql`p.account_id = ${query.accountId}`);
  if (query.batchId) where.push(sql`p.batch_id = ${query.batchId}`);
  if (query.startDate) where.push(sql`p.date >= ${query.startDate}::date`);
  if (query.endDate) where.push(sql`p.date <= ${query.endDate}::date`);
  if (query.status) where.push(sql`p.status = ${query.status}`);
  if (query.method) where.push(sql`p.method = ${query.method}`);
  if (query.q) {
    const q = query.q.toLowerCase();
    const number = /^(rc-?)?0*(\d{1,15})$/i.exec(query.q.trim());
    const customer = customerMatches(sql`p.customer_id`, clientId, query.q);
    where.push(sql`(strpos(lower(coalesce(p.reference, '')), ${q}) > 0
      ${number ? sql`or p.receipt_no = ${Number(number[2])}` : sql``}
      ${customer ? sql`or (${customer})` : sql``})`);
  }
  return sql.join(where, sql` and `);
}

const sortColumns = { date: sql`p.date`, receiptNo: sql`p.receipt_no`, amount: sql`p.amount` } as const;

export async function listPayments(opts: { tx: Db; clientId: number; lang: Lang; query: ListQuery }): Promise<PaymentPage> {
  const { tx, clientId, lang, query } = opts;
  const where = filter(clientId, query);
  const direction = query._order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<PaymentRow>(
    tx,
    sql`
    ${select} where ${where}
    order by ${sortColumns[query._sort ?? 'date']} ${direction}, p.receipt_no ${direction}
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from payments p where ${where}`);
  return { data: rows.map((r) => toPayment(r, lang)), total: count.n, page: query._page, limit: query._limit };
}
