// GET /api/elc/customers/:id/account: the customer's balance from the ledger, their open charges (open
// items of the receivable, oldest first; the bills among them with their periods), the credit that waits
// for a charge, what is owed outside open items and the last posted payment.
import { sql } from 'drizzle-orm';
import { type CustomerAccount, type CustomerOpenBill, type CustomerOpenItem, type PaymentMethod, RECEIPT_SERIES, bdec, billMoney } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber, systemAccountId } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { billNumber } from '../bills/index.ts';
import { customerBalance } from '../customers/index.ts';
import { unsettledItems } from '../open-items/index.ts';

interface OpenBillRow {
  id: string | number;
  bill_no: string | number;
  period: string;
  bill_date: string;
  due_date: string;
  amount: string;
  paid_amount: string;
}

/** The customer's open bills, oldest first (bill date, then number): among their open charges, in the order payments pay them. */
export async function openBillsOf(tx: Db, clientId: number, customerId: number): Promise<CustomerOpenBill[]> {
  const rows = await queryRows<OpenBillRow>(
    tx,
    sql`
    select id, bill_no, period, bill_date::text as bill_date, due_date::text as due_date, amount::text as amount, paid_amount::text as paid_amount
    from bills where client_id = ${clientId} and customer_id = ${customerId} and status = 'Open' and paid_amount < amount
    order by bill_date, bill_no`,
  );
  return rows.map((r) => ({
    billId: Number(r.id),
    number: billNumber(Number(r.bill_no)),
    period: r.period,
    billDate: r.bill_date,
    dueDate: r.due_date,
    amount: billMoney(r.amount),
    paidAmount: billMoney(r.paid_amount),
    open: billMoney(bdec(r.amount).minus(r.paid_amount)),
  }));
}

/** Every open charge of the customer on the receivable (bills, invoices, ...), oldest first: what a payment pays, in order. */
export async function openChargesOf(tx: Db, clientId: number, customerId: number): Promise<CustomerOpenItem[]> {
  const receivableId = await systemAccountId(tx, clientId, 'receivable');
  const items = await unsettledItems(tx, clientId, { partyType: 'customer', partyId: customerId, accountId: receivableId }, 'debit');
  return items.map((i) => ({
    openItemId: i.id,
    kind: i.kind,
    number: i.number,
    date: i.date,
    dueDate: i.dueDate,
    amount: i.amount,
    settled: i.settled,
    open: i.open,
  }));
}

export async function getCustomerAccount(opts: { tx: Db; clientId: number; customerId: number }): Promise<CustomerAccount> {
  const { tx, clientId, customerId } = opts;
  const [exists] = await queryRows<{ id: number }>(tx, sql`select id from customers where client_id = ${clientId} and id = ${customerId}`);
  if (!exists) throw notFound();
  const balance = await customerBalance(tx, clientId, customerId);
  const openBills = await openBillsOf(tx, clientId, customerId);
  const openItems = await openChargesOf(tx, clientId, customerId);
  const openTotal = openItems.reduce((sum, b) => sum.plus(b.open), bdec(0));
  const [last] = await queryRows<{ id: string | number; receipt_no: string | number; date: string; amount: string; method: PaymentMethod }>(
    tx,
    sql`
    select id, receipt_no, date::text as date, amount::text as amount, method from payments
    where client_id = ${clientId} and customer_id = ${customerId} and status = 'Posted'
    order by date desc, receipt_no desc limit 1`,
  );
  const diff = openTotal.minus(balance);
  return {
    customerId,
    balance: billMoney(balance),
    openBills,
    openItems,
    openTotal: billMoney(openTotal),
    credit: billMoney(diff.gt(0) ? diff : '0'),
    otherCharges: billMoney(diff.lt(0) ? diff.negated() : '0'),
    lastPayment: last
      ? {
          id: Number(last.id),
          number: documentNumber(RECEIPT_SERIES, Number(last.receipt_no)),
          date: last.date,
          amount: billMoney(last.amount),
          method: last.method,
        }
      : null,
  };
}
