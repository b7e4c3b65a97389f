// Marketing under /api/marketing (the spec's `marketing` calls: findOne, report; contracts
// marketingEndpoints). Privileges: add-marketing (record, edit and convert prospects), list-marketing (see
// them), marketing-report. Routes open to either of the first two declare 'authenticated' and check here.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasPrivilege, type MarketingReportQuery, marketingEndpoints as ep, type ReportFormat } from '@ubo/contracts';
import { queryRows } from '../../db/rows.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { forbidden } from '../../plugins/errors.ts';
import { sendReport } from '../finance-reports/index.ts';
import { marketingReport, marketingReportTable } from './marketing-report.ts';
import { listProspects } from './prospect-list.ts';
import { convertProspect, createProspect, getProspect, prospectChoices, updateProspect } from './prospects.ts';

const tags = ['marketing'];
const access = (privilege: string) => ({ access: { privilege }, tags });
const signedIn = { access: 'authenticated' as const, tags };

function seeing(req: FastifyRequest) {
  const user = caller(req);
  if (!hasPrivilege(user, 'list-marketing') && !hasPrivilege(user, 'add-marketing')) throw forbidden();
}

async function reportFile(req: FastifyRequest, reply: FastifyReply, query: MarketingReportQuery & { format?: ReportFormat }) {
  const { format, ...rest } = query;
  const table = await tenantTx(req, async (tx, actor) => {
    const [org] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${actor.clientId}`);
    const report = await marketingReport({ tx, lang: actor.lang, query: rest as Parameters<typeof marketingReport>[0]['query'] });
    return marketingReportTable(report, { lang: actor.lang, organisation: org?.name ?? '' });
  });
  return sendReport(reply, table, format as ReportFormat);
}

export async function marketingRoutes(app: FastifyInstance) {
  serve(app, ep.list, signedIn, async (req) => {
    seeing(req);
    return tenantTx(req, (tx) => listProspects({ tx, query: req.query }));
  });
  serve(app, ep.findOne, signedIn, async (req) => {
    seeing(req);
    return tenantTx(req, (tx) => getProspect({ tx, id: req.params.id }));
  });
  serve(app, ep.choices, signedIn, async (req) => {
    seeing(req);
    return tenantTx(req, (tx) => prospectChoices({ tx }));
  });
  const add = access('add-marketing');
  serve(app, ep.create, add, async (req) => tenantTx(req, (tx, actor) => createProspect({ tx, actor, input: req.body })));
  serve(app, ep.update, add, async (req) => tenantTx(req, (tx, actor) => updateProspect({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, ep.convert, add, async (req) => tenantTx(req, (tx, actor) => convertProspect({ tx, actor, id: req.params.id, input: req.body })));
  const report = access('marketing-report');
  serve(app, ep.report, report, async (req, reply) => {
    if (req.query.format) return reportFile(req, reply, req.query) as never;
    const { format: _format, ...query } = req.query;
    return tenantTx(req, (tx, actor) => marketingReport({ tx, lang: actor.lang, query }));
  });
  serve(app, ep.reportExport, report, async (req, reply) => reportFile(req, reply, req.query as never));
}
