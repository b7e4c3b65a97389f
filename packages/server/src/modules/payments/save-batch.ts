// POST /api/finance/payments/batch: saves the rows of a batch receive as payments, all in the caller's
// one transaction: a payment_batches row, then each row as a payment (post-payment.ts, oldest bills
// first). Everything is checked first; any refused row (unknown customer, reference already posted on
// the account or repeated in the batch, date in a closed period, ...) refuses the whole batch with
// errors naming the row (rows.3.reference) and nothing is written. A row's manual receipt number (the
// collector's receipt book) is checked with the rest (rows.3.manualReceiptNumber: in an Active book of the
// signed-in collector, unused, not repeated in the batch) and recorded with its payment, in this
// transaction, as for a single payment. One audit line for the batch.
import { sql } from 'drizzle-orm';
import { type BatchSaveInput, type BatchSaved, RECEIPT_SERIES, bdec, billMoney } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber, systemAccountId } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import type { FieldError } from '../../plugins/errors.ts';
import { getBatch } from './list-batches.ts';
import { checkReceivingAccount, holdLockDate, isFieldError, nextRowId, validationError } from './payments-common.ts';
import { postPayment } from './post-payment.ts';
import { checkManualReceipts, useManualReceipt } from '../receipt-books/index.ts';

export async function saveBatch(opts: { tx: Db; actor: Actor; input: BatchSaveInput }): Promise<BatchSaved> {
  const { tx, actor, input } = opts;
  const { clientId, userId } = actor;
  const errors: FieldError[] = [];
  const account = await checkReceivingAccount(tx, clientId, input.accountId);
  if (isFieldError(account)) errors.push(account);

  const customerIds = [...new Set(input.rows.map((r) => r.customerId))];
  const customers = await queryRows<{ id: number; customer_no: string; name: string }>(
    tx,
    sql`
    select id, customer_no, name from customers
    where client_id = ${clientId} and id in (select (jsonb_array_elements_text(${JSON.stringify(customerIds)}::jsonb))::int)`,
  );
  const customerById = new Map(customers.map((c) => [Number(c.id), c]));

  const references = [...new Set(input.rows.map((r) => r.reference.toLowerCase()))];
  const posted = isFieldError(account)
    ? []
    : await queryRows<{ key: string; receipt_no: string | number }>(
        tx,
        sql`
        select lower(reference) as key, min(receipt_no) as receipt_no from payments
        where client_id = ${clientId} and account_id = ${account.id} and status = 'Posted'
          and lower(reference) in (select jsonb_array_elements_text(${JSON.stringify(references)}::jsonb))
        group by lower(reference)`,
      );
  const postedByRef = new Map(posted.map((p) => [p.key, documentNumber(RECEIPT_SERIES, Number(p.receipt_no))]));

  const lockDate = await holdLockDate(tx, clientId);
  const seen = new Set<string>();
  input.rows.forEach((r, i) => {
    if (!customerById.has(r.customerId)) errors.push({ field: `rows.${i}.customerId`, message: 'v.notFound' });
    const key = r.reference.toLowerCase();
    const taken = postedByRef.get(key);
    if (taken) errors.push({ field: `rows.${i}.reference`, message: `payments.duplicateReference|${taken}` });
    else if (seen.has(key)) errors.push({ field: `rows.${i}.reference`, message: 'payments.repeatedReference' });
    seen.add(key);
    if (lockDate !== null && r.date <= lockDate) errors.push({ field: `rows.${i}.date`, message: `ledger.locked|${lockDate}` });
  });
  const receipts = input.rows.flatMap((r, i) => (r.manualReceiptNumber ? [{ receipt: r.manualReceiptNumber, field: `rows.${i}.manualReceiptNumber` }] : []));
  errors.push(...(await checkManualReceipts({ tx, actor, receipts })));
  if (errors.length > 0 || isFieldError(account)) throw validationError(errors, 'payments.batchRefused');

  const batchId = await nextRowId(tx, 'payment_batches');
  const total = input.rows.reduce((s, r) => s.plus(r.amount), bdec(0));
  await tx.execute(sql`
    insert into payment_batches (id, client_id, source, file_name, account_id, method, payment_count, total, created_by)
    values (${batchId}, ${clientId}, ${input.source}, ${input.fileName ?? null}, ${account.id}, ${input.method}, ${input.rows.length},
            ${billMoney(total)}::numeric, ${userId})`);
  const receivableId = await systemAccountId(tx, clientId, 'receivable');
  const payments: BatchSaved['payments'] = [];
  for (const [i, r] of input.rows.entries()) {
    const c = customerById.get(r.customerId)!;
    const p = await postPayment({
      tx,
      actor,
      receivableId,
      payment: {
        customer: { id: Number(c.id), customerNo: c.customer_no, name: c.name },
        accountId: account.id,
        amount: r.amount,
        date: r.date,
        method: input.method,
        reference: r.reference,
        batchId,
        amountField: `rows.${i}.amount`,
      },
    });
    if (r.manualReceiptNumber) await useManualReceipt({ tx, actor, receipt: r.manualReceiptNumber, paymentId: p.id, field: `rows.${i}.manualReceiptNumber` });
    payments.push({ id: p.id, number: p.number, customerId: Number(c.id), amount: p.amount, allocated: p.allocated });
  }
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'payment-batch',
    entityId: batchId,
    after: {
      source: input.source,
      fileName: input.fileName ?? null,
      account: account.code,
      method: input.method,
      payments: payments.length,
      total: billMoney(total),
      receipts: `${payments[0].number} - ${payments[payments.length - 1].number}`,
      manualReceipts: receipts.map((x) => `${x.receipt.series} ${x.receipt.number}`),
    },
  });
  return { ...(await getBatch({ tx, clientId, lang: actor.lang, id: batchId })), payments };
}
