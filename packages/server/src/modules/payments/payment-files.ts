// Scans of a received payment's manual receipt or bank slip (the spec's finance/attache-file-offilne-payment
// and finance/remove-attached-file). They are journal attachments of the payment's own entry (the treasury's
// journal_entry_files, the same rules: type by content, 2 MiB, 20 per entry, bytes in `files`), so the
// entry's page shows them too; here they are reached through the payment, by whoever receives payments.
import { sql } from 'drizzle-orm';
import { longId } from '@ubo/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { fieldError, notFound } from '../../plugins/errors.ts';
import {
  attachmentFilename,
  attachTransactionFile,
  detectAttachmentType,
  readTransactionFile,
  removeTransactionFile,
  type AttachmentUpload,
} from '../treasury/index.ts';

export interface PaymentFileUpload extends Omit<AttachmentUpload, 'entryId'> {
  paymentId: number;
}

/** Reads the multipart body (paymentId and one file, in any order) and checks it before any transaction. */
export async function readPaymentFileUpload(req: FastifyRequest): Promise<PaymentFileUpload> {
  if (!req.isMultipart()) throw fieldError('file', 'file.required');
  let rawPaymentId: unknown;
  let file: { filename: string; content: Buffer } | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') file = { filename: part.filename, content: await part.toBuffer() };
    else if (part.fieldname === 'paymentId') rawPaymentId = part.value;
  }
  if (rawPaymentId === undefined || rawPaymentId === '') throw fieldError('paymentId', 'v.required');
  const paymentId = longId.safeParse(rawPaymentId);
  if (!paymentId.success) throw fieldError('paymentId', 'v.number');
  if (!file || file.content.length === 0) throw fieldError('file', 'file.required');
  const mime = detectAttachmentType(file.content);
  if (!mime) throw fieldError('file', 'file.transactionTypes');
  return { paymentId: paymentId.data, filename: attachmentFilename(file.filename, mime), mime, content: file.content };
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
