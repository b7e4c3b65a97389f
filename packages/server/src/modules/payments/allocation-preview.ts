// GET /api/finance/payments/allocation-preview?customerId&amount: what receiving `amount` from the
// customer would do, without writing anything: their balance and open bills (oldest first), the part
// of the amount each bill would take, the credit left and the balance after.
import { sql } from 'drizzle-orm';
import { type AllocationPreview, bdec, billMoney, proposeAllocation } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../plugins/errors.ts';
import { customerBalance } from '../customers/index.ts';
import { openBillsOf } from './customer-account.ts';

export async function allocationPreview(opts: { tx: Db; clientId: number; customerId: number; amount?: string }): Promise<AllocationPreview> {
  const { tx, clientId, customerId } = opts;
  const [c] = await queryRows<{ id: number; customer_no: string; name: string; phone: string; status: string }>(tx, sql`
    select id, customer_no, name, phone, status from customers where client_id = ${clientId} and id = ${customerId}`);
  if (!c) throw notFound();
  const amount = billMoney(bdec(opts.amount ?? '0').lt(0) ? '0' : (opts.amount ?? '0'));
  const balance = await customerBalance(tx, clientId, customerId);
  const bills = await openBillsOf(tx, clientId, customerId);
  const { amounts, rest } = proposeAllocation(bills.map((b) => b.open), amount);
  const openTotal = bills.reduce((s, b) => s.plus(b.open), bdec(0));
  return {
    customer: { id: c.id, customerNo: c.customer_no, name: c.name, phone: c.phone, status: c.status },
    balance,
    openTotal: billMoney(openTotal),
    openBills: bills.map((b, i) => ({ ...b, allocate: amounts[i] })),
    amount,
    allocated: billMoney(bdec(amount).minus(rest)),
    creditLeft: rest,
    balanceAfter: billMoney(bdec(balance).minus(amount)),
  };
}
