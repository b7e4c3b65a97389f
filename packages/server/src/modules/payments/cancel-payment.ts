// POST /api/finance/payments/:id/cancel: reverses the payment's entry (dated as asked, by default the
// payment's date), cancels its open item (its allocations go and the bills they paid reopen), marks it
// Cancelled with the reason, lets the customer's other waiting credit pay the reopened bills, and
// audits it. The entry is reversed first: the reversal locks the entry row (a second cancel waits and
// then finds it reversed) and the document counter before any bill, as every posting does.
import { sql } from 'drizzle-orm';
import { type PaymentCancelBody, type PaymentDetail, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { reverseJournal } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../plugins/errors.ts';
import { getPayment } from './list-payments.ts';
import { cancelOpenItem, openItemOfDocument } from '../open-items/index.ts';
import { PAYMENT_SOURCE_TYPE, applyCustomerCredit } from './payments-common.ts';
import { voidReceiptOfPayment } from '../receipt-books/index.ts';

const alreadyCancelled = () => new AppError(409, 'ALREADY_CANCELLED', 'payments.alreadyCancelled');

export async function cancelPayment(opts: { tx: Db; actor: Actor; id: number; input: PaymentCancelBody }): Promise<PaymentDetail> {
  const { tx, actor, id, input } = opts;
  const { clientId, userId } = actor;
  const payment = await getPayment({ tx, clientId, lang: actor.lang, id });
  if (payment.status === 'Cancelled') throw alreadyCancelled();
  const label = translate(`payments.cancelMemo|${payment.number}`, actor.lang);
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
  // Its open item is cancelled: the allocations go, the bills they paid reopen by as much.
  const item = await openItemOfDocument(tx, clientId, PAYMENT_SOURCE_TYPE, id);
  if (item) await cancelOpenItem(tx, clientId, item.id);
  await tx.execute(sql`
    update payments set status = 'Cancelled', allocated = 0, reversal_entry_id = ${reversal.id}, cancelled_by = ${userId},
           cancelled_at = now(), cancel_reason = ${input.reason}
    where client_id = ${clientId} and id = ${id}`);
  await applyCustomerCredit(tx, clientId, [payment.customer.id]);
  // Its receipt-book number is voided, never freed: the leaf was written and handed to the customer.
  const voided = await voidReceiptOfPayment({ tx, actor, paymentId: id, paymentNumber: payment.number });
  await writeAudit(tx, actor, {
    action: 'cancel',
    entity: 'payment',
    entityId: id,
    before: { status: 'Posted', allocated: payment.allocated, allocations: payment.allocations.map((a) => ({ bill: a.billNumber, amount: a.amount })) },
    after: {
      status: 'Cancelled',
      reversal: reversal.number,
      date: reversal.date,
      reason: input.reason,
      voidedReceipt: voided ? `${voided.series} ${voided.number}` : null,
    },
  });
  return getPayment({ tx, clientId, lang: actor.lang, id });
}
