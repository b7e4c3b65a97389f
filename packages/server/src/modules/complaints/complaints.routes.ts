// Complaints under /api/complaint (the spec's `complaint` calls; contracts complaintsEndpoints). Privileges:
// add-complaint (log a complaint, comment), list-complaint (see complaints and their history, comment),
// manage-complaints (assign, start, complete, cancel any complaint; the assignee may start and complete
// their own), complaint-topics (topics under /settings/complaints), complaint-report. Routes open to several
// privileges declare 'authenticated' and check them here, before any transaction.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ComplaintReportQuery, complaintsEndpoints as ep, hasPrivilege, type ReportFormat } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { fieldError, forbidden } from '../../plugins/errors.ts';
import { sendReport } from '../finance-reports/index.ts';
import { SMS_DISPATCH } from '../sms/index.ts';
import { attachComplaintFile, readComplaintFile } from './complaint-files.ts';
import { assignComplaint, cancelComplaint, commentComplaint, completeComplaint, startComplaint } from './complaint-actions.ts';
import { listComplaints } from './complaint-list.ts';
import { complaintReport, complaintReportTable } from './complaint-report.ts';
import { complaintChoices, createTopic, listTopics, updateTopic } from './complaint-topics.ts';
import { getComplaint } from './complaints-common.ts';
import { logComplaint } from './log-complaint.ts';

const tags = ['complaints'];
const access = (privilege: string) => ({ access: { privilege }, tags });
const signedIn = { access: 'authenticated' as const, tags };

function rights(req: FastifyRequest) {
  const user = caller(req);
  const can = (p: string) => hasPrivilege(user, p);
  const isManager = can('manage-complaints');
  const canSee = isManager || can('list-complaint') || can('add-complaint');
  return { isManager, canSee, canWork: canSee };
}

function seeing(req: FastifyRequest) {
  const r = rights(req);
  if (!r.canSee) throw forbidden();
  return r;
}

async function reportFile(req: FastifyRequest, reply: FastifyReply, query: ComplaintReportQuery & { format?: ReportFormat }) {
  const { format, ...rest } = query;
  const table = await tenantTx(req, async (tx, actor) => {
    const [org] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${actor.clientId}`);
    const report = await complaintReport({ tx, lang: actor.lang, query: rest as Parameters<typeof complaintReport>[0]['query'] });
    return complaintReportTable(report, { lang: actor.lang, organisation: org?.name ?? '' });
  });
  return sendReport(reply, table, format as ReportFormat);
}

export async function complaintsRoutes(app: FastifyInstance) {
  serve(app, ep.list, signedIn, async (req) => {
    seeing(req);
    return tenantTx(req, (tx, actor) => listComplaints({ tx, actor, query: req.query }));
  });
  serve(app, ep.view, signedIn, async (req) => {
    seeing(req);
    return tenantTx(req, (tx) => getComplaint({ tx, id: req.params.id }));
  });
  serve(app, ep.choices, signedIn, async (req) => {
    seeing(req);
    return tenantTx(req, (tx) => complaintChoices({ tx }));
  });
  serve(app, ep.create, access('add-complaint'), async (req) => {
    const result = await tenantTx(req, (tx, actor) => logComplaint({ tx, actor, input: req.body }));
    if (result.smsQueued) req.server.jobs.kick(SMS_DISPATCH);
    return result.complaint;
  });
  serve(app, ep.comment, signedIn, async (req) => {
    seeing(req);
    return tenantTx(req, (tx, actor) => commentComplaint({ tx, actor, id: req.params.id, text: req.body.text }));
  });
  serve(app, ep.attach, signedIn, async (req) => {
    seeing(req);
    if (!req.isMultipart()) throw fieldError('file', 'file.required');
    let file: { filename: string; content: Buffer } | undefined;
    for await (const part of req.parts()) {
      // A second file is refused by the multipart limit (files: 1); the first is read whole.
      if (part.type === 'file') file = { filename: part.filename, content: await part.toBuffer() };
    }
    return tenantTx(req, (tx, actor) => attachComplaintFile({ tx, actor, id: req.params.id, file }));
  });
  serve(app, ep.file, signedIn, async (req, reply) => {
    seeing(req);
    const file = await tenantTx(req, (tx) => readComplaintFile({ tx, fileId: req.params.fileId }));
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
  const manage = access('manage-complaints');
  serve(app, ep.assign, manage, async (req) =>
    tenantTx(req, (tx, actor) => assignComplaint({ tx, actor, id: req.params.id, isManager: true, assigneeId: req.body.assigneeId })),
  );
  serve(app, ep.cancel, manage, async (req) =>
    tenantTx(req, (tx, actor) => cancelComplaint({ tx, actor, id: req.params.id, isManager: true, reason: req.body.reason })),
  );
  serve(app, ep.start, signedIn, async (req) => {
    const r = seeing(req);
    return tenantTx(req, (tx, actor) => startComplaint({ tx, actor, id: req.params.id, isManager: r.isManager }));
  });
  serve(app, ep.complete, signedIn, async (req) => {
    const r = seeing(req);
    const result = await tenantTx(req, (tx, actor) =>
      completeComplaint({ tx, actor, id: req.params.id, isManager: r.isManager, resolution: req.body.resolution }),
    );
    if (result.smsQueued) req.server.jobs.kick(SMS_DISPATCH);
    return result.complaint;
  });

  const topics = access('complaint-topics');
  serve(app, ep.topics, topics, async (req) => tenantTx(req, async (tx) => ({ data: await listTopics({ tx }) })));
  serve(app, ep.createTopic, topics, async (req) => tenantTx(req, (tx, actor) => createTopic({ tx, actor, input: req.body })));
  serve(app, ep.updateTopic, topics, async (req) => tenantTx(req, (tx, actor) => updateTopic({ tx, actor, id: req.params.id, input: req.body })));

  const report = access('complaint-report');
  serve(app, ep.report, report, async (req, reply) => {
    if (req.query.format) return reportFile(req, reply, req.query) as never;
    const { format: _format, ...query } = req.query;
    return tenantTx(req, (tx, actor) => complaintReport({ tx, lang: actor.lang, query }));
  });
  serve(app, ep.reportExport, report, async (req, reply) => reportFile(req, reply, req.query as never));
}
