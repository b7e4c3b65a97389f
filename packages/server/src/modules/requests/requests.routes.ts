// Staff requests under /api/request (the spec's `request` calls; contracts requestsEndpoints). Privileges:
// add-request (write, edit and submit one's own drafts; see one's own requests), list-request (see
// everyone's), first-approve-request (normal-approve, reject at the first step), approve-request (approve,
// reject at the final step), request-report. Routes open to several privileges declare 'authenticated' and
// check them here, before any transaction (a list in `access` would need all of them).
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasPrivilege, type ReportFormat, type RequestReportQuery, requestsEndpoints as ep } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { forbidden } from '../../plugins/errors.ts';
import { serve } from '../../plugins/endpoint.ts';
import { sendReport } from '../finance-reports/index.ts';
import { approveRequest, firstApproveRequest, rejectRequest } from './request-approvals.ts';
import { createRequest, peekRequestRef, submitRequest, updateRequest } from './request-drafts.ts';
import { awaitingRequests, listRequests } from './request-list.ts';
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
  return { canAdd: can('add-request'), canFirstApprove, canApprove, canSeeAll, canSeeOwn: canSeeAll || can('add-request') };
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
      const found = await getRequest({ tx, id: req.params.id });
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

  const report = access('request-report');
  serve(app, ep.report, report, async (req, reply) => {
    if (req.query.format) return reportFile(req, reply, req.query) as never;
    const { format: _format, ...query } = req.query;
    return tenantTx(req, (tx, actor) => requestReport({ tx, lang: actor.lang, query }));
  });
  serve(app, ep.reportExport, report, async (req, reply) => reportFile(req, reply, req.query as never));
}
