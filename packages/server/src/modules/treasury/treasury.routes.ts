// /api/finance/transfer (transfer-balance), /api/finance/writecheck (write-check), /api/finance/closing
// (list-closing-accounts; reopening also needs an administrator) and the journal entry attachments
// (general-journal to add or remove; journal-report or general-journal to read). Routes are thin:
// validate with the contract, run one service in the caller's tenant transaction. Requests that post
// honour an Idempotency-Key header (the finance module's idempotentPost). Paths and schemas are the
// contracts' treasuryEndpoints.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPrivilege, translate, treasuryEndpoints as api } from '@ubo/contracts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { fieldError, forbidden } from '../../plugins/errors.ts';
import { getJournalEntry, idempotentPost } from '../finance/index.ts';
import { viewJournalEntry } from './view-entry.ts';
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

const privilege = (key: string) => ({ access: { privilege: key }, tags: ['finance'] }) as const;
/** Attachments are read by whoever passes assertMayReadAttachments. */
const signedIn = { access: 'authenticated', tags: ['finance'] } as const;

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
  // Money transfers --------------------------------------------------------------------------------
  serve(app, api.postTransfer, privilege('transfer-balance'), async (req, reply) =>
    idempotentPost(api.postTransfer, req, reply, (tx, actor) => postTransfer({ tx, actor, input: req.body })),
  );

  serve(app, api.transfers, privilege('transfer-balance'), async (req) =>
    tenantTx(req, (tx) => listTransfers({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );

  serve(app, api.transfer, privilege('transfer-balance'), async (req) =>
    tenantTx(req, (tx) => getTransfer({ tx, clientId: caller(req).clientId, lang: req.lang, id: req.params.id })),
  );

  serve(app, api.cancelTransfer, privilege('transfer-balance'), async (req, reply) =>
    idempotentPost(api.cancelTransfer, req, reply, (tx, actor) => cancelTransfer({ tx, actor, id: req.params.id, input: req.body })),
  );

  // Cheques ----------------------------------------------------------------------------------------
  serve(app, api.writeCheque, privilege('write-check'), async (req, reply) =>
    idempotentPost(api.writeCheque, req, reply, (tx, actor) => writeCheque({ tx, actor, input: req.body })),
  );

  serve(app, api.cheques, privilege('write-check'), async (req) =>
    tenantTx(req, (tx) => listCheques({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );

  serve(app, api.nextCheque, privilege('write-check'), async (req) =>
    tenantTx(req, (tx) => peekNextCheque({ tx, clientId: caller(req).clientId, bankAccountId: req.query.bankAccountId })),
  );

  serve(app, api.cheque, privilege('write-check'), async (req) =>
    tenantTx(req, (tx) => getCheque({ tx, clientId: caller(req).clientId, lang: req.lang, id: req.params.id })),
  );

  serve(app, api.voidCheque, privilege('write-check'), async (req, reply) =>
    idempotentPost(api.voidCheque, req, reply, (tx, actor) => voidCheque({ tx, actor, id: req.params.id, input: req.body })),
  );

  // Year-end closing -------------------------------------------------------------------------------
  serve(app, api.closing, privilege('list-closing-accounts'), async (req) =>
    tenantTx(req, (tx) => getClosingState({ tx, clientId: caller(req).clientId, lang: req.lang, query: req.query })),
  );

  serve(app, api.closePeriod, privilege('list-closing-accounts'), async (req, reply) =>
    idempotentPost(api.closePeriod, req, reply, (tx, actor) => closePeriod({ tx, actor, input: req.body })),
  );

  serve(app, api.reopenPeriod, privilege('list-closing-accounts'), async (req) => tenantTx(req, (tx, actor) => reopenPeriod({ tx, actor, input: req.body })));

  // The spec's finance/view: whoever keeps the journal or reads the journal report.
  serve(app, api.view, signedIn, async (req) => {
    assertMayReadAttachments(req);
    return tenantTx(req, async (tx) => {
      const clientId = caller(req).clientId;
      return viewJournalEntry({ tx, clientId, entry: await getJournalEntry({ tx, clientId, lang: req.lang, id: req.params.id }) });
    });
  });

  // Journal entry attachments ----------------------------------------------------------------------
  serve(app, api.uploadFile, privilege('general-journal'), async (req) => {
    const upload = await readAttachmentUpload(req);
    return tenantTx(req, (tx, actor) => attachTransactionFile({ tx, actor, upload }));
  });

  serve(app, api.files, signedIn, async (req) => {
    assertMayReadAttachments(req);
    const data = await tenantTx(req, (tx) => listTransactionFiles({ tx, clientId: caller(req).clientId, entryId: req.query.entryId }));
    return { data };
  });

  serve(app, api.file, signedIn, async (req, reply) => {
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
  });

  serve(app, api.removeFile, privilege('general-journal'), async (req) => {
    await tenantTx(req, (tx, actor) => removeTransactionFile({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });
}
