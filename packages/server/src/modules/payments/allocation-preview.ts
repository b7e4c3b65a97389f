// GET /api/finance/payments/allocation-preview?customerId&amount: what receiving `amount` from the
// customer would do, without writing anything: their balance and open charges (oldest first; the bills
// among them listed apart as before), the part of the amount each would take, the credit left and the
// balance after.
import { sql } from 'drizzle-orm';
import { type AllocationPreview, bdec, billMoney, proposeAllocation } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../plugins/errors.ts';
import { customerBalance } from '../customers/index.ts';
import { openBillsOf, openChargesOf } from './customer-account.ts';

export async function allocationPreview(opts: { tx: Db; clientId: number; customerId: number; amount?: string }): Promise<AllocationPreview> {
  const { tx, clientId, customerId } = opts;
  const [c] = await queryRows<{ id: number; customer_no: string; name: string; phone: string; status: string }>(
    tx,
    sql`
    select id, customer_no, name, phone, status from customers where client_id = ${clientId} and id = ${customerId}`,
  );
  if (!c) throw notFound();
  const amount = billMoney(bdec(opts.amount ?? '0').lt(0) ? '0' : (opts.amount ?? '0'));
  const balance = await customerBalance(tx, clientId, customerId);
  const bills = await openBillsOf(tx, clientId, customerId);
  const items = await openChargesOf(tx, clientId, customerId);
  const { amounts, rest } = proposeAllocation(
    items.map((b) => b.open),
    amount,
  );
  const openTotal = items.reduce((s, b) => s.plus(b.open), bdec(0));
  const toBill = new Map(items.map((it, i) => [it.kind === 'bill' ? it.number : '', amounts[i]]));
  return {
    customer: { id: c.id, customerNo: c.customer_no, name: c.name, phone: c.phone, status: c.status },
    balance,
    openTotal: billMoney(openTotal),
    openBills: bills.map((b) => ({ ...b, allocate: toBill.get(b.number) ?? '0.00' })),
    openItems: items.map((it, i) => ({ ...it, allocate: amounts[i] })),
    amount,
    allocated: billMoney(bdec(amount).minus(rest)),
    creditLeft: rest,
    balanceAfter: billMoney(bdec(balance).minus(amount)),
  };
}
