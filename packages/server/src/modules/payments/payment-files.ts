// Scans of a received payment's manual receipt or bank slip (the spec's finance/attache-file-offilne-payment
// and finance/remove-attached-file). They are journal attachments of the payment's own entry (the treasury's
// journal_entry_files, the same rules: type by content, 2 MiB, 20 per entry, bytes in `files`), so the
// entry's page shows them too; here they are reached through the payment, by whoever receives payments.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { fieldError, notFound } from '../../plugins/errors.ts';
import { attachTransactionFile, readTransactionFile, removeTransactionFile, type AttachmentUpload } from '../treasury/index.ts';

export interface PaymentFileUpload extends Omit<AttachmentUpload, 'entryId'> {
  paymentId: number;
}

export async function attachPaymentFile(opts: { tx: Db; actor: Actor; upload: PaymentFileUpload }) {
  const { tx, actor, upload } = opts;
  const [payment] = await queryRows<{ entry_id: string | number }>(
    tx,
    sql`select journal_entry_id as entry_id from payments where client_id = ${actor.clientId} and id = ${upload.paymentId}`,
  );
  if (!payment) throw fieldError('paymentId', 'v.notFound');
  const { paymentId: _, ...file } = upload;
  return attachTransactionFile({ tx, actor, upload: { ...file, entryId: Number(payment.entry_id) } });
}

/** 404 unless the attachment is on a payment of the caller's organisation. */
async function assertPaymentFile(tx: Db, clientId: number, id: number): Promise<void> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select l.id from journal_entry_files l
        join payments p on p.client_id = l.client_id and p.journal_entry_id = l.entry_id
        where l.client_id = ${clientId} and l.id = ${id}`,
  );
  if (!row) throw notFound();
}

export async function readPaymentFile(opts: { tx: Db; clientId: number; id: number }) {
  await assertPaymentFile(opts.tx, opts.clientId, opts.id);
  return readTransactionFile(opts);
}

export async function removePaymentFile(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  await assertPaymentFile(opts.tx, opts.actor.clientId, opts.id);
  await removeTransactionFile(opts);
}
