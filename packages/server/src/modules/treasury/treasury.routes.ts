// /api/finance/transfer (transfer-balance), /api/finance/writecheck (write-check), /api/finance/closing
// (list-closing-accounts; reopening also needs an administrator) and the journal entry attachments
// (general-journal to add or remove; journal-report or general-journal to read). Routes are thin:
// validate with the contract, run one service in the caller's tenant transaction. Requests that post
// honour an Idempotency-Key header.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cheque,
  chequeBody,
  chequeIdParams,
  chequeListQuery,
  chequePage,
  closingBody,
  closingQuery,
  closingState,
  hasPrivilege,
  nextCheque,
  nextChequeQuery,
  okResponse,
  periodClosing,
  reopenBody,
  reopenResult,
  reversalBody,
  transactionFile,
  transactionFileList,
  transactionFileParams,
  transactionFilesQuery,
  transfer,
  transferBody,
  transferIdParams,
  transferListQuery,
  transferPage,
  translate,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { fieldError, forbidden } from '../../plugins/errors.ts';
import type { Actor } from '../../lib/actor.ts';
import { cancelTransfer } from './cancel-transfer.ts';
import { closePeriod } from './close-period.ts';
import { getCheque, listCheques, peekNextCheque } from './list-cheques.ts';
import { getClosingState } from './list-closings.ts';
import { getTransfer, listTransfers } from './list-transfers.ts';
import { postTransfer } from './post-transfer.ts';
import { reopenPeriod } from './reopen-period.ts';
import {
  attachTransactionFile,
  listTransactionFiles,
  attachmentUpload,
  type AttachmentParts,
  type AttachmentUpload,
  readTransactionFile,
  removeTransactionFile,
} from './transaction-files.ts';
import { voidCheque } from './void-cheque.ts';
import { writeCheque } from './write-cheque.ts';

const privilege = (key: string) => ({ access: { privilege: key } }) as const;
const tags = ['finance'];

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

/** Reads the multipart body (the entryId field and the file, whatever their order) and checks it. */
async function readAttachmentUpload(req: FastifyRequest): Promise<AttachmentUpload> {
  if (!req.isMultipart()) throw fieldError('file', 'file.required');
  const parts: AttachmentParts = { entryId: undefined };
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      // A second file is refused by the multipart limit (files: 1); the first is read whole.
      parts.file = { filename: part.filename, content: await part.toBuffer() };
    } else if (part.fieldname === 'entryId') {
      parts.entryId = part.value;
    }
  }
  return attachmentUpload(parts);
}

/** Attachments may be read by whoever keeps the journal or reads the journal report. */
function assertMayReadAttachments(req: FastifyRequest): void {
  const auth = caller(req);
  if (!hasPrivilege(auth, 'journal-report') && !hasPrivilege(auth, 'general-journal')) throw forbidden();
}

export async function treasuryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Money transfers --------------------------------------------------------------------------------
  r.post(
    '/api/finance/transfer',
    {
      config: privilege('transfer-balance'),
      schema: { tags, body: transferBody, response: { 201: transfer } },
    },
    async (req, reply) => idempotentPost(req, reply, 'POST /api/finance/transfer', req.body, 201, (tx, actor) => postTransfer({ tx, actor, input: req.body })),
  );

  r.get(
    '/api/finance/transfer',
    {
      config: privilege('transfer-balance'),
      schema: { tags, querystring: transferListQuery, response: { 200: transferPage } },
    },
    async (req) => tenantTx(req, (tx) => listTransfers({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );

  r.get(
    '/api/finance/transfer/:id',
    {
      config: privilege('transfer-balance'),
      schema: { tags, params: transferIdParams, response: { 200: transfer } },
    },
    async (req) => tenantTx(req, (tx) => getTransfer({ tx, clientId: caller(req).clientId, lang: req.lang, id: req.params.id })),
  );

  r.post(
    '/api/finance/transfer/:id/cancel',
    {
      config: privilege('transfer-balance'),
      schema: { tags, params: transferIdParams, body: reversalBody, response: { 200: transfer } },
    },
    async (req, reply) =>
      idempotentPost(req, reply, `POST /api/finance/transfer/${req.params.id}/cancel`, req.body, 200, (tx, actor) =>
        cancelTransfer({ tx, actor, id: req.params.id, input: req.body }),
      ),
  );

  // Cheques ----------------------------------------------------------------------------------------
  r.post(
    '/api/finance/writecheck',
    {
      config: privilege('write-check'),
      schema: { tags, body: chequeBody, response: { 201: cheque } },
    },
    async (req, reply) => idempotentPost(req, reply, 'POST /api/finance/writecheck', req.body, 201, (tx, actor) => writeCheque({ tx, actor, input: req.body })),
  );

  r.get(
    '/api/finance/writecheck',
    {
      config: privilege('write-check'),
      schema: { tags, querystring: chequeListQuery, response: { 200: chequePage } },
    },
    async (req) => tenantTx(req, (tx) => listCheques({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );

  r.get(
    '/api/finance/writecheck/next-number',
    {
      config: privilege('write-check'),
      schema: { tags, querystring: nextChequeQuery, response: { 200: nextCheque } },
    },
    async (req) => tenantTx(req, (tx) => peekNextCheque({ tx, clientId: caller(req).clientId, bankAccountId: req.query.bankAccountId })),
  );

  r.get(
    '/api/finance/writecheck/:id',
    {
      config: privilege('write-check'),
      schema: { tags, params: chequeIdParams, response: { 200: cheque } },
    },
    async (req) => tenantTx(req, (tx) => getCheque({ tx, clientId: caller(req).clientId, lang: req.lang, id: req.params.id })),
  );

  r.post(
    '/api/finance/writecheck/:id/void',
    {
      config: privilege('write-check'),
      schema: { tags, params: chequeIdParams, body: reversalBody, response: { 200: cheque } },
    },
    async (req, reply) =>
      idempotentPost(req, reply, `POST /api/finance/writecheck/${req.params.id}/void`, req.body, 200, (tx, actor) =>
        voidCheque({ tx, actor, id: req.params.id, input: req.body }),
      ),
  );

  // Year-end closing -------------------------------------------------------------------------------
  r.get(
    '/api/finance/closing',
    {
      config: privilege('list-closing-accounts'),
      schema: { tags, querystring: closingQuery, response: { 200: closingState } },
    },
    async (req) => tenantTx(req, (tx) => getClosingState({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );

  r.post(
    '/api/finance/closing',
    {
      config: privilege('list-closing-accounts'),
      schema: { tags, body: closingBody, response: { 201: periodClosing } },
    },
    async (req, reply) => idempotentPost(req, reply, 'POST /api/finance/closing', req.body, 201, (tx, actor) => closePeriod({ tx, actor, input: req.body })),
  );

  r.post(
    '/api/finance/closing/reopen',
    {
      config: privilege('list-closing-accounts'),
      schema: { tags, body: reopenBody, response: { 200: reopenResult } },
    },
    async (req) => tenantTx(req, (tx, actor) => reopenPeriod({ tx, actor, input: req.body })),
  );

  // Journal entry attachments ----------------------------------------------------------------------
  r.post(
    '/api/finance/upload-transaction-files',
    {
      config: privilege('general-journal'),
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: transactionFile } },
    },
    async (req, reply) => {
      const upload = await readAttachmentUpload(req);
      const created = await tenantTx(req, (tx, actor) => attachTransactionFile({ tx, actor, upload }));
      return reply.code(201).send(created);
    },
  );

  r.get(
    '/api/finance/get-transaction-files',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: transactionFilesQuery, response: { 200: transactionFileList } },
    },
    async (req) => {
      assertMayReadAttachments(req);
      const data = await tenantTx(req, (tx) => listTransactionFiles({ tx, clientId: caller(req).clientId, entryId: req.query.entryId }));
      return { data };
    },
  );

  r.get(
    '/api/finance/transaction-files/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: transactionFileParams },
    },
    async (req, reply) => {
      assertMayReadAttachments(req);
      const file = await tenantTx(req, (tx) => readTransactionFile({ tx, clientId: caller(req).clientId, id: req.params.id }));
      const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      // Documents and images open in the browser; spreadsheets and CSV are downloaded.
      const disposition = file.mime === 'application/pdf' || file.mime.startsWith('image/') ? 'inline' : 'attachment';
      return reply
        .header('content-type', file.mime === 'text/csv' ? 'text/csv; charset=utf-8' : file.mime)
        .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .send(file.content);
    },
  );

  r.delete(
    '/api/finance/remove-transaction-file/:id',
    {
      config: privilege('general-journal'),
      schema: { tags, params: transactionFileParams, response: { 200: okResponse } },
    },
    async (req) => {
      await tenantTx(req, (tx, actor) => removeTransactionFile({ tx, actor, id: req.params.id }));
      return { ok: true as const, message: translate('common.deleted', req.lang) };
    },
  );
}
