// Puts a new payment on the customer's open bills: exactly the allocations given (each within the
// bill's open amount, bills of this customer that are open), or else oldest first until the amount is
// used. Runs after the payment's entry is posted, so the bills it locks (FOR UPDATE) are locked in the
// same order as every other posting (document counter first): no deadlock with a bill run.
import { sql } from 'drizzle-orm';
import { type AllocationInput, bdec, billMoney, proposeAllocation } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { FieldError } from '../../plugins/errors.ts';
import { openBillsOf } from './customer-account.ts';
import { validationError } from './payments-common.ts';

export async function allocatePayment(opts: {
  tx: Db;
  clientId: number;
  paymentId: number;
  customerId: number;
  amount: string;
  allocations?: AllocationInput[];
}): Promise<string> {
  const { tx, clientId, paymentId, customerId, amount } = opts;
  const bills = await openBillsOf(tx, clientId, customerId, { forUpdate: true });
  let plan: Array<{ billId: number; amount: string }>;
  if (opts.allocations) {
    const byId = new Map(bills.map((b) => [b.billId, b]));
    const errors: FieldError[] = [];
    opts.allocations.forEach((a, i) => {
      const bill = byId.get(a.billId);
      if (!bill) errors.push({ field: `allocations.${i}.billId`, message: 'payments.billNotOpen' });
      else if (bdec(a.amount).gt(bill.open)) errors.push({ field: `allocations.${i}.amount`, message: `payments.allocationTooLarge|${bill.open}` });
    });
    if (errors.length > 0) throw validationError(errors);
    plan = opts.allocations.map((a) => ({ billId: a.billId, amount: billMoney(a.amount) }));
  } else {
    const { amounts } = proposeAllocation(bills.map((b) => b.open), amount);
    plan = bills.map((b, i) => ({ billId: b.billId, amount: amounts[i] }));
  }
  plan = plan.filter((p) => bdec(p.amount).gt(0));
  if (plan.length === 0) return '0.00';

  const payload = JSON.stringify(plan);
  await tx.execute(sql`
    insert into payment_allocations (client_id, payment_id, bill_id, amount)
    select ${clientId}, ${paymentId}, x."billId", x.amount from jsonb_to_recordset(${payload}::jsonb) as x("billId" bigint, amount numeric)`);
  await tx.execute(sql`
    update bills b set paid_amount = b.paid_amount + x.amount
    from jsonb_to_recordset(${payload}::jsonb) as x("billId" bigint, amount numeric)
    where b.client_id = ${clientId} and b.id = x."billId"`);
  const [row] = await queryRows<{ allocated: string }>(tx, sql`
    update payments set allocated = (select coalesce(sum(amount), 0) from payment_allocations where client_id = ${clientId} and payment_id = ${paymentId})
    where client_id = ${clientId} and id = ${paymentId} returning allocated::text as allocated`);
  return billMoney(row.allocated);
}
