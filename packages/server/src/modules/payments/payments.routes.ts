// /api/finance/payments (receive-payment): receive, list, read, cancel, the allocation preview; the
// customer and account pickers of the payment screens (receive-payment or batch-bill, checked in the
// handler); batch receive (batch-bill): match rows or a statement CSV, save a batch, list batches;
// /api/finance/c2c (receive-payment): customer balance transfers; /api/elc/customers/:id/account
// (list-customer). Money-moving POSTs honour an Idempotency-Key header. Paths and schemas are the
// contracts' paymentsEndpoints, paymentBatchesEndpoints, customerTransfersEndpoints and customerAccountEndpoints.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  MAX_BATCH_ROWS,
  paymentBatchesEndpoints as batches,
  customerAccountEndpoints as account,
  customerTransfersEndpoints as c2c,
  hasPrivilege,
  paymentsEndpoints as payments,
  translate,
} from '@ubo/contracts';
import { longId } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { fieldError, forbidden } from '../../plugins/errors.ts';
import { uploadedText } from '../../plugins/input-guard.ts';
import { allocationPreview } from './allocation-preview.ts';
import { matchBatch } from './batch-match.ts';
import { cancelPayment } from './cancel-payment.ts';
import { getCustomerAccount } from './customer-account.ts';
import { lookupCustomers, receivingAccounts } from './customer-lookup.ts';
import { cancelCustomerTransfer, getCustomerTransfer, listCustomerTransfers, postCustomerTransfer } from './customer-transfers.ts';
import { listBatches } from './list-batches.ts';
import { getPayment, listPayments } from './list-payments.ts';
import { attachPaymentFile, type PaymentFileUpload, readPaymentFile, removePaymentFile } from './payment-files.ts';
import { attachmentFilename, detectAttachmentType } from '../treasury/index.ts';
import { receivePayment } from './receive-payment.ts';
import { validationError } from './payments-common.ts';
import { saveBatch } from './save-batch.ts';
import { readStatement } from './statement-csv.ts';

const tags = ['payments'];
const receive = { access: { privilege: 'receive-payment' }, tags } as const;
const batch = { access: { privilege: 'batch-bill' }, tags } as const;
/** The pickers check their privileges in the handler (assertMayPickForPayments). */
const picker = { access: 'authenticated', tags } as const;

/** Runs a posting once per Idempotency-Key; a retry gets the stored answer with Idempotent-Replayed. */
async function idempotentPost<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  operation: string,
  body: unknown,
  statusCode: number,
  work: (tx: Db, actor: Actor) => Promise<T>,
): Promise<T> {
  const key = readIdempotencyKey(req.headers);
  const result = await tenantTx(req, (tx, actor) =>
    withIdempotency(tx, { clientId: actor.clientId, key, operation, body }, async () => ({ statusCode, body: await work(tx, actor) })),
  );
  if (result.isReplay) reply.header('idempotent-replayed', 'true');
  reply.code(result.statusCode);
  return result.body;
}

/** The pickers serve both the cashier (receive-payment) and the batch screen (batch-bill). */
function assertMayPickForPayments(req: FastifyRequest): void {
  const auth = caller(req);
  if (!hasPrivilege(auth, 'receive-payment') && !hasPrivilege(auth, 'batch-bill')) throw forbidden();
}

/** The statement of a batch match: a multipart upload's one file, or a text/csv body. */
async function statementText(req: FastifyRequest): Promise<string | null> {
  if (req.isMultipart()) {
    const part = await req.file();
    if (!part) throw fieldError('file', 'file.required');
    return uploadedText(await part.toBuffer());
  }
  return typeof req.body === 'string' ? req.body : null;
}

/** A JSON body of the match, checked here (the route also takes files, so it declares no body schema). */
function matchJson(body: unknown) {
  const parsed = batches.match.body.safeParse(body);
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
}

export async function paymentsRoutes(app: FastifyInstance) {
  // Statements arrive as text/csv (or as a multipart upload, which @fastify/multipart handles).
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  // Payments -------------------------------------------------------------------------------------
  serve(app, payments.create, receive, async (req, reply) =>
    idempotentPost(req, reply, `POST ${payments.create.path}`, req.body, 201, (tx, actor) => receivePayment({ tx, actor, input: req.body })),
  );

  serve(app, payments.list, receive, async (req) =>
    tenantTx(req, (tx) => listPayments({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );

  serve(app, payments.allocationPreview, receive, async (req) =>
    tenantTx(req, (tx) => allocationPreview({ tx, clientId: caller(req).clientId, customerId: req.query.customerId, amount: req.query.amount })),
  );

  serve(app, payments.customers, picker, async (req) => {
    assertMayPickForPayments(req);
    return tenantTx(req, (tx) => lookupCustomers({ tx, clientId: caller(req).clientId, q: req.query.q, limit: req.query._limit }));
  });

  serve(app, payments.accounts, picker, async (req) => {
    assertMayPickForPayments(req);
    return tenantTx(req, (tx) => receivingAccounts({ tx, clientId: caller(req).clientId, lang: req.lang }));
  });

  // Batch receive --------------------------------------------------------------------------------
  serve(app, batches.list, batch, async (req) => tenantTx(req, (tx) => listBatches({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })));

  serve(app, batches.match, batch, async (req) => {
    const csv = await statementText(req);
    const json = csv === null && typeof req.body === 'object' && req.body !== null ? matchJson(req.body) : null;
    if (csv === null && json === null) throw fieldError('file', 'file.required');
    const rows = csv !== null ? readStatement(csv, MAX_BATCH_ROWS) : (json?.rows ?? []).map((row) => ({ ...row, line: null }));
    const accountId = json?.accountId ?? req.query.accountId;
    return tenantTx(req, (tx) => matchBatch({ tx, clientId: caller(req).clientId, lang: req.lang, accountId, rows }));
  });

  serve(app, batches.save, batch, async (req, reply) =>
    idempotentPost(req, reply, `POST ${batches.save.path}`, req.body, 201, (tx, actor) => saveBatch({ tx, actor, input: req.body })),
  );

  // One payment ----------------------------------------------------------------------------------
  serve(app, payments.get, receive, async (req) =>
    tenantTx(req, (tx) => getPayment({ tx, clientId: caller(req).clientId, lang: req.lang, id: req.params.id })),
  );

  // Scans of the manual receipt or bank slip (the spec's attache-file-offilne-payment, remove-attached-file).
  serve(app, payments.attachFile, receive, async (req) => {
    // Read and check the whole upload before the transaction opens.
    const upload = await readPaymentFileUpload(req);
    return tenantTx(req, (tx, actor) => attachPaymentFile({ tx, actor, upload }));
  });

  serve(app, payments.attachedFile, receive, async (req, reply) => {
    const file = await tenantTx(req, (tx) => readPaymentFile({ tx, clientId: caller(req).clientId, id: req.params.id }));
    const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    const disposition = file.mime === 'application/pdf' || file.mime.startsWith('image/') ? 'inline' : 'attachment';
    return reply
      .header('content-type', file.mime === 'text/csv' ? 'text/csv; charset=utf-8' : file.mime)
      .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=3600')
      .send(file.content);
  });

  serve(app, payments.removeAttachedFile, receive, async (req) => {
    await tenantTx(req, (tx, actor) => removePaymentFile({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });

  serve(app, payments.cancel, receive, async (req, reply) =>
    idempotentPost(req, reply, `POST ${payments.create.path}/${req.params.id}/cancel`, req.body, 200, (tx, actor) =>
      cancelPayment({ tx, actor, id: req.params.id, input: req.body }),
    ),
  );

  // Customer balance transfers -------------------------------------------------------------------
  serve(app, c2c.create, receive, async (req, reply) =>
    idempotentPost(req, reply, `POST ${c2c.create.path}`, req.body, 201, (tx, actor) => postCustomerTransfer({ tx, actor, input: req.body })),
  );

  serve(app, c2c.list, receive, async (req) => tenantTx(req, (tx) => listCustomerTransfers({ tx, clientId: caller(req).clientId, query: req.query })));

  serve(app, c2c.get, receive, async (req) => tenantTx(req, (tx) => getCustomerTransfer({ tx, clientId: caller(req).clientId, id: req.params.id })));

  serve(app, c2c.cancel, receive, async (req, reply) =>
    idempotentPost(req, reply, `POST ${c2c.create.path}/${req.params.id}/cancel`, req.body, 200, (tx, actor) =>
      cancelCustomerTransfer({ tx, actor, id: req.params.id, input: req.body }),
    ),
  );

  // The customer's account -----------------------------------------------------------------------
  serve(app, account.get, { access: { privilege: 'list-customer' }, tags: ['customers'] }, async (req) =>
    tenantTx(req, (tx) => getCustomerAccount({ tx, clientId: caller(req).clientId, customerId: req.params.id })),
  );
}

/** Reads the multipart body (paymentId and one file, in any order) and checks it before any transaction. */
async function readPaymentFileUpload(req: FastifyRequest): Promise<PaymentFileUpload> {
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
