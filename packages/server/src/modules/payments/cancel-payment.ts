// POST /api/finance/payments/:id/cancel: reverses the payment's entry (dated as asked, by default the
// payment's date), deletes its allocations and lowers the bills' paid amounts by them, marks it
// Cancelled with the reason, lets the customer's other waiting credit pay the reopened bills, and
// audits it. The entry is reversed first: the reversal locks the entry row (a second cancel waits and
// then finds it reversed) and the document counter before any bill, as every posting does.
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { type PaymentCancelBody, type PaymentDetail, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { reverseJournal } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { caller } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { getPayment } from './list-payments.ts';
import { applyCustomerCredit } from './payments-common.ts';

const alreadyCancelled = () => new AppError(409, 'ALREADY_CANCELLED', 'payments.alreadyCancelled');

export async function cancelPayment(opts: { tx: Db; req: FastifyRequest; id: number; input: PaymentCancelBody }): Promise<PaymentDetail> {
  const { tx, req, id, input } = opts;
  const { clientId, userId } = caller(req);
  const payment = await getPayment({ tx, clientId, lang: req.lang, id });
  if (payment.status === 'Cancelled') throw alreadyCancelled();
  const label = translate(`payments.cancelMemo|${payment.number}`, req.lang);
  const reversal = await reverseJournal(tx, {
    clientId,
    entryId: payment.entryId,
    date: input.date ?? null,
    userId,
    memo: `${label}: ${input.reason}`,
  }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'ALREADY_REVERSED') throw alreadyCancelled();
    throw err;
  });
  const released = await queryRows<{ bill_id: string | number; amount: string }>(tx, sql`
    delete from payment_allocations where client_id = ${clientId} and payment_id = ${id} returning bill_id, amount::text as amount`);
  if (released.length > 0) {
    await tx.execute(sql`
      update bills b set paid_amount = b.paid_amount - x.amount
      from jsonb_to_recordset(${JSON.stringify(released.map((r) => ({ billId: Number(r.bill_id), amount: r.amount })))}::jsonb)
        as x("billId" bigint, amount numeric)
      where b.client_id = ${clientId} and b.id = x."billId"`);
  }
  await tx.execute(sql`
    update payments set status = 'Cancelled', allocated = 0, reversal_entry_id = ${reversal.id}, cancelled_by = ${userId},
           cancelled_at = now(), cancel_reason = ${input.reason}
    where client_id = ${clientId} and id = ${id}`);
  await applyCustomerCredit(tx, clientId, [payment.customer.id]);
  await writeAudit(tx, req, {
    action: 'cancel',
    entity: 'payment',
    entityId: id,
    before: { status: 'Posted', allocated: payment.allocated, allocations: payment.allocations.map((a) => ({ bill: a.billNumber, amount: a.amount })) },
    after: { status: 'Cancelled', reversal: reversal.number, date: reversal.date, reason: input.reason },
  });
  return getPayment({ tx, clientId, lang: req.lang, id });
}
