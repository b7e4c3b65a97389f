// Staff requests under /api/request (the spec's `request` calls; contracts requestsEndpoints). Privileges:
// add-request (write, edit and submit one's own drafts; see one's own requests), list-request (see
// everyone's), first-approve-request (normal-approve, reject at the first step), approve-request (approve,
// reject at the final step), request-report. Routes open to several privileges declare 'authenticated' and
// check them here, before any transaction (a list in `access` would need all of them).
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasPrivilege, type ReportFormat, type RequestReportQuery, requestsEndpoints as ep, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { queryRows } from '../../db/rows.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { fieldError, forbidden } from '../../plugins/errors.ts';
import { idempotentPost } from '../finance/index.ts';
import { serve } from '../../plugins/endpoint.ts';
import { sendReport } from '../finance-reports/index.ts';
import { approveRequest, firstApproveRequest, rejectRequest } from './request-approvals.ts';
import { createRequest, peekRequestRef, submitRequest, updateRequest } from './request-drafts.ts';
import { awaitingRequests, listRequests } from './request-list.ts';
import { attachRequestFile, listRequestFiles, readRequestFile, removeRequestFile, requestFileOwner, requestFileUpload } from './request-files.ts';
import { cancelRequestPayment, payRequest, requestPayChoices } from './request-payments.ts';
import { requestReport, requestReportTable } from './request-report.ts';
import { getRequest, requestChoices } from './requests-common.ts';

const tags = ['requests'];
const access = (privilege: string) => ({ access: { privilege }, tags });
const signedIn = { access: 'authenticated' as const, tags };

/** What the caller may do with requests, from their privileges (administrators may do everything). */
function rights(req: FastifyRequest) {
  const user = caller(req);
  const can = (p: string) => hasPrivilege(user, p);
  const canFirstApprove = can('first-approve-request');
  const canApprove = can('approve-request');
  const canSeeAll = can('list-request') || canFirstApprove || canApprove;
  const canPay = can('pay-request');
  return {
    canAdd: can('add-request'),
    canFirstApprove,
    canApprove,
    canPay,
    canSeeAll: canSeeAll || canPay,
    canSeeOwn: canSeeAll || canPay || can('add-request'),
  };
}

/**
 * A request's files: whoever may see the request may read them; its requester (add-request) and whoever
 * approves or pays requests may add and remove them. Checked in the transaction, against the request's row.
 */
async function assertFileAccess(tx: Db, actor: Actor, r: ReturnType<typeof rights>, requestId: number, write: boolean) {
  const found = await getRequest({ tx, id: requestId });
  const isMine = found.requesterId === actor.userId;
  const may = write ? (isMine && r.canAdd) || r.canFirstApprove || r.canApprove || r.canPay : isMine || r.canSeeAll;
  if (!may) throw forbidden();
}

/** Reads the multipart body's one file (a second is refused by the multipart limit, files: 1). */
async function readUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw fieldError('file', 'file.required');
  let file: { filename: string; content: Buffer } | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') file = { filename: part.filename, content: await part.toBuffer() };
  }
  return requestFileUpload(file);
}

async function reportFile(req: FastifyRequest, reply: FastifyReply, query: RequestReportQuery & { format?: ReportFormat }) {
  const { format, ...rest } = query;
  const table = await tenantTx(req, async (tx, actor) => {
    const [org] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${actor.clientId}`);
    const report = await requestReport({ tx, lang: actor.lang, query: rest as Parameters<typeof requestReport>[0]['query'] });
    return requestReportTable(report, { lang: actor.lang, organisation: org?.name ?? '' });
  });
  return sendReport(reply, table, format as ReportFormat);
}

export async function requestsRoutes(app: FastifyInstance) {
  serve(app, ep.list, signedIn, async (req) => {
    const r = rights(req);
    if (!r.canSeeOwn) throw forbidden();
    return tenantTx(req, (tx, actor) => listRequests({ tx, actor, query: req.query, onlyMine: !r.canSeeAll }));
  });
  serve(app, ep.awaiting, signedIn, async (req) => {
    const r = rights(req);
    if (!r.canFirstApprove && !r.canApprove) throw forbidden();
    return tenantTx(req, (tx, actor) => awaitingRequests({ tx, actor, query: req.query, canFirstApprove: r.canFirstApprove, canApprove: r.canApprove }));
  });
  serve(app, ep.view, signedIn, async (req) => {
    const r = rights(req);
    if (!r.canSeeOwn) throw forbidden();
    return tenantTx(req, async (tx, actor) => {
      const found = await getRequest({ tx, id: req.params.id, lang: actor.lang });
      if (!r.canSeeAll && found.requesterId !== actor.userId) throw forbidden();
      return found;
    });
  });
  const add = access('add-request');
  serve(app, ep.create, add, async (req) => tenantTx(req, (tx, actor) => createRequest({ tx, actor, input: req.body })));
  serve(app, ep.update, add, async (req) => tenantTx(req, (tx, actor) => updateRequest({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, ep.submit, add, async (req) => tenantTx(req, (tx, actor) => submitRequest({ tx, actor, id: req.params.id })));
  serve(app, ep.choices, signedIn, async (req) => {
    if (!rights(req).canSeeOwn) throw forbidden();
    return tenantTx(req, (tx) => requestChoices({ tx }));
  });
  serve(app, ep.generateRefNo, add, async (req) => tenantTx(req, (tx, actor) => peekRequestRef({ tx, actor })));

  serve(app, ep.normalApprove, access('first-approve-request'), async (req) =>
    tenantTx(req, (tx, actor) => firstApproveRequest({ tx, actor, id: req.params.id })),
  );
  serve(app, ep.approve, access('approve-request'), async (req) => tenantTx(req, (tx, actor) => approveRequest({ tx, actor, id: req.params.id })));
  serve(app, ep.reject, signedIn, async (req) => {
    const r = rights(req);
    if (!r.canFirstApprove && !r.canApprove) throw forbidden();
    return tenantTx(req, (tx, actor) =>
      rejectRequest({
        tx,
        actor,
        id: req.params.id,
        reason: req.body.reason,
        mayReject: (stage) => (stage === 'first' ? r.canFirstApprove : r.canApprove),
      }),
    );
  });

  // Attachments ------------------------------------------------------------------------------------
  serve(app, ep.files, signedIn, async (req) => {
    const r = rights(req);
    if (!r.canSeeOwn) throw forbidden();
    return tenantTx(req, async (tx, actor) => {
      await assertFileAccess(tx, actor, r, req.params.id, false);
      return { data: await listRequestFiles({ tx, requestId: req.params.id }) };
    });
  });
  serve(app, ep.uploadFile, signedIn, async (req) => {
    const r = rights(req);
    if (!r.canAdd && !r.canFirstApprove && !r.canApprove && !r.canPay) throw forbidden();
    const upload = await readUpload(req);
    return tenantTx(req, async (tx, actor) => {
      await assertFileAccess(tx, actor, r, req.params.id, true);
      return attachRequestFile({ tx, actor, requestId: req.params.id, upload });
    });
  });
  serve(app, ep.file, signedIn, async (req, reply) => {
    const r = rights(req);
    if (!r.canSeeOwn) throw forbidden();
    const file = await tenantTx(req, async (tx, actor) => {
      const { requestId } = await requestFileOwner({ tx, id: req.params.id });
      await assertFileAccess(tx, actor, r, requestId, false);
      return readRequestFile({ tx, id: req.params.id });
    });
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
  serve(app, ep.removeFile, signedIn, async (req) => {
    const r = rights(req);
    if (!r.canAdd && !r.canFirstApprove && !r.canApprove && !r.canPay) throw forbidden();
    await tenantTx(req, async (tx, actor) => {
      const { requestId } = await requestFileOwner({ tx, id: req.params.id });
      await assertFileAccess(tx, actor, r, requestId, true);
      await removeRequestFile({ tx, actor, id: req.params.id });
    });
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });

  // Paying an approved request ---------------------------------------------------------------------
  const pay = access('pay-request');
  serve(app, ep.payChoices, pay, async (req) => tenantTx(req, (tx, actor) => requestPayChoices({ tx, clientId: actor.clientId, lang: actor.lang })));
  serve(app, ep.pay, pay, async (req, reply) =>
    idempotentPost(ep.pay, req, reply, (tx, actor) => payRequest({ tx, actor, id: req.params.id, input: req.body })),
  );
  serve(app, ep.cancelPayment, pay, async (req, reply) =>
    idempotentPost(ep.cancelPayment, req, reply, (tx, actor) => cancelRequestPayment({ tx, actor, paymentId: req.params.id, input: req.body })),
  );

  const report = access('request-report');
  serve(app, ep.report, report, async (req, reply) => {
    if (req.query.format) return reportFile(req, reply, req.query) as never;
    const { format: _format, ...query } = req.query;
    return tenantTx(req, (tx, actor) => requestReport({ tx, lang: actor.lang, query }));
  });
  serve(app, ep.reportExport, report, async (req, reply) => reportFile(req, reply, req.query as never));
}
