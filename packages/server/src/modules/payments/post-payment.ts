// Records one customer payment in the caller's transaction: the next receipt number (series RC,
// gapless), one journal entry (payment.posting.ts), the payment row, its open item (a credit on the
// customer's receivable, open-items module) and its allocations. Used by
// Receive payment (one at a time) and by Batch receive (many in one transaction). The caller has
// checked the customer, the account and the reference, and holds the lock-date lock (holdLockDate).
import { sql } from 'drizzle-orm';
import { type AllocationInput, type PaymentMethod, RECEIPT_SERIES, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { documentNumber, nextDocumentNumber, postJournal, systemAccountId } from '../../ledger/index.ts';
import { addOpenItems } from '../open-items/index.ts';
import { allocatePayment } from './allocate-payment.ts';
import { paymentPosting } from './payment.posting.ts';
import { PAYMENT_SOURCE_TYPE, isUniqueViolation, nextRowId, textOrNull, validationError } from './payments-common.ts';

export interface NewPayment {
  customer: { id: number; customerNo: string; name: string };
  accountId: number;
  amount: string;
  date: string;
  method: PaymentMethod;
  reference?: string | null;
  memo?: string | null;
  allocations?: AllocationInput[];
  batchId?: number | null;
  /** The field a refusal over the organisation's per-document maximum names (default 'amount'). */
  amountField?: string;
}

export interface PostedPayment {
  id: number;
  receiptNo: number;
  number: string;
  entryId: number;
  entryNumber: string;
  amount: string;
  allocated: string;
}

export async function postPayment(opts: { tx: Db; actor: Actor; payment: NewPayment; receivableId?: number }): Promise<PostedPayment> {
  const { tx, actor, payment: p } = opts;
  const { clientId, userId } = actor;
  const receiptNo = await nextDocumentNumber(tx, clientId, RECEIPT_SERIES);
  const number = documentNumber(RECEIPT_SERIES, receiptNo);
  const id = await nextRowId(tx, 'payments');
  const receivableId = opts.receivableId ?? (await systemAccountId(tx, clientId, 'receivable'));
  const reference = textOrNull(p.reference);
  const memo = textOrNull(p.memo);
  const entry = await postJournal(tx, {
    clientId,
    date: p.date,
    reference: number,
    memo: memo ?? translate('payments.postingMemo', actor.lang, { n: number, customer: `${p.customer.customerNo} ${p.customer.name}` }),
    sourceType: PAYMENT_SOURCE_TYPE,
    sourceId: id,
    branchId: actor.branchId ?? null,
    userId,
    lines: paymentPosting({ accountId: p.accountId, receivableId, customerId: p.customer.id, amount: p.amount }),
    limitField: p.amountField ?? 'amount',
  });
  try {
    await tx.execute(sql`
      insert into payments (id, client_id, receipt_no, customer_id, date, amount, method, account_id, reference, memo, batch_id, journal_entry_id, created_by)
      values (${id}, ${clientId}, ${receiptNo}, ${p.customer.id}, ${p.date}::date, ${entry.total}::numeric, ${p.method}, ${p.accountId},
              ${reference}, ${memo}, ${p.batchId ?? null}::bigint, ${entry.id}, ${userId})`);
  } catch (err) {
    // Another request posted the same reference on this account a moment ago.
    if (isUniqueViolation(err)) throw validationError([{ field: 'reference', message: 'payments.referenceTaken' }]);
    throw err;
  }
  const [itemId] = await addOpenItems(tx, clientId, [
    {
      partyType: 'customer',
      partyId: p.customer.id,
      accountId: receivableId,
      side: 'credit',
      kind: 'payment',
      sourceType: PAYMENT_SOURCE_TYPE,
      sourceId: id,
      number,
      date: p.date,
      amount: entry.total,
      journalEntryId: entry.id,
    },
  ]);
  const allocated = await allocatePayment({ tx, clientId, itemId, allocations: p.allocations });
  return { id, receiptNo, number, entryId: entry.id, entryNumber: entry.number, amount: entry.total, allocated };
}
