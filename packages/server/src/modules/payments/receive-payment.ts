// POST /api/finance/payments: checks the customer, the receiving account and the reference (field
// errors), posts the payment with its allocations (post-payment.ts) and audits it, in the caller's
// transaction; records the collector's manual receipt number in its receipt book (receipt-books) in the same
// transaction; answers the payment as its receipt shows it.
import { sql } from 'drizzle-orm';
import { type PaymentDetail, type PaymentInput, RECEIPT_SERIES } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import type { FieldError } from '../../plugins/errors.ts';
import { getPayment } from './list-payments.ts';
import { checkReceivingAccount, holdLockDate, isFieldError, validationError } from './payments-common.ts';
import { postPayment } from './post-payment.ts';
import { useManualReceipt } from '../receipt-books/index.ts';

/** The posted payment already carrying this reference on this account (case-insensitive), if any. */
export async function postedReference(tx: Db, clientId: number, accountId: number, reference: string): Promise<string | null> {
  const [row] = await queryRows<{ receipt_no: string | number }>(
    tx,
    sql`
    select receipt_no from payments
    where client_id = ${clientId} and account_id = ${accountId} and status = 'Posted' and lower(reference) = lower(${reference}) limit 1`,
  );
  return row ? documentNumber(RECEIPT_SERIES, Number(row.receipt_no)) : null;
}

export async function receivePayment(opts: { tx: Db; actor: Actor; input: PaymentInput }): Promise<PaymentDetail> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  const errors: FieldError[] = [];
  const [customer] = await queryRows<{ id: number; customer_no: string; name: string }>(
    tx,
    sql`
    select id, customer_no, name from customers where client_id = ${clientId} and id = ${input.customerId}`,
  );
  if (!customer) errors.push({ field: 'customerId', message: 'v.notFound' });
  const account = await checkReceivingAccount(tx, clientId, input.accountId);
  if (isFieldError(account)) errors.push(account);
  if (input.reference && !isFieldError(account)) {
    const taken = await postedReference(tx, clientId, account.id, input.reference);
    if (taken) errors.push({ field: 'reference', message: `payments.duplicateReference|${taken}` });
  }
  if (errors.length > 0 || !customer || isFieldError(account)) throw validationError(errors);

  await holdLockDate(tx, clientId);
  const posted = await postPayment({
    tx,
    actor,
    payment: {
      customer: { id: customer.id, customerNo: customer.customer_no, name: customer.name },
      accountId: account.id,
      amount: input.amount,
      date: input.date,
      method: input.method,
      reference: input.reference,
      memo: input.memo,
      allocations: input.allocations,
    },
  });
  // The leaf the collector wrote: in their Active book, never used before (refused on its field otherwise).
  if (input.manualReceiptNumber) {
    await useManualReceipt({ tx, actor, receipt: input.manualReceiptNumber, paymentId: posted.id, field: 'manualReceiptNumber' });
  }
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'payment',
    entityId: posted.id,
    after: {
      number: posted.number,
      customer: customer.customer_no,
      date: input.date,
      amount: posted.amount,
      allocated: posted.allocated,
      method: input.method,
      account: account.code,
      reference: input.reference ?? null,
      entry: posted.entryNumber,
      manualReceipt: input.manualReceiptNumber ? `${input.manualReceiptNumber.series} ${input.manualReceiptNumber.number}` : null,
    },
  });
  return getPayment({ tx, clientId, lang: actor.lang, id: posted.id });
}
