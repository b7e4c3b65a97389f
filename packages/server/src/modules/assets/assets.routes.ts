// /api/assets: categories and settings (add-asset to change; any asset privilege to read), the register
// (list-asset to read; add-asset to add, edit the descriptive fields, dispose of and transfer), buying (buy-asset), depreciation
// (generate-depreciation: preview, post as a job, runs, reverse the latest) and the reports (asset-report;
// JSON, or the file with format, and <path>/export; <path>.pdf on paper; an asset's schedule as a file). Paths and schemas are the contracts' assetsEndpoints.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { type ReportFormat, assetsEndpoints as api, hasPrivilege } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { caller, tenantTx } from '../../plugins/auth.ts';
import { forbidden } from '../../plugins/errors.ts';
import { serve } from '../../plugins/endpoint.ts';
import { type ReportTable, sendReport } from '../finance-reports/index.ts';
import { sendPdf } from '../document-print/index.ts';
import { movementsReport, movementsTable, registerReport, registerTable, reportPdf, scheduleTable } from './asset-reports.ts';
import { buyAssets, getAssetPurchase } from './buy-assets.ts';
import { assetChoices, createCategory, listCategories, readAssetSettings, saveAssetSettings, setCategoryStatus, updateCategory } from './categories.ts';
import { depreciationJob, getDepreciationJob, queueDepreciation } from './depreciation-job.ts';
import { assetSchedule } from './depreciation-schedule.ts';
import { listRuns, previewDepreciation, reverseRun } from './depreciation.ts';
import { assetHistory, disposeAsset, editAsset, transferAsset } from './dispose-transfer.ts';
import { getAsset, listAssets, registerAsset } from './register-asset.ts';

const tags = ['assets'];
// What every asset page chooses from (categories, branches, accounts): any asset privilege will do. The
// route table's privilege lists mean all of them, so this one checks "any" itself.
const anyAsset = { access: 'authenticated', tags } as const;
const ASSET_PRIVILEGES = ['add-asset', 'list-asset', 'buy-asset', 'generate-depreciation', 'asset-report'];
const requireAnyAssetPrivilege = (req: FastifyRequest) => {
  const auth = caller(req);
  if (!ASSET_PRIVILEGES.some((key) => hasPrivilege(auth, key))) throw forbidden();
};
const read = { access: { privilege: 'list-asset' }, tags };
const edit = { access: { privilege: 'add-asset' }, tags };
const buy = { access: { privilege: 'buy-asset' }, tags };
const depreciate = { access: { privilege: 'generate-depreciation' }, tags };
// The preview's lines come built by the database (depreciation.ts): written as they are, not re-serialised.
const depreciatePreview = { ...depreciate, stringifyAnswer: true };
const report = { access: { privilege: 'asset-report' }, tags };

async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  format: ReportFormat,
  build: (tx: Db, actor: Actor, organisation: string) => Promise<ReportTable>,
) {
  const table = await tenantTx(req, async (tx, actor) => {
    const [org] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${actor.clientId}`);
    return build(tx, actor, org?.name ?? '');
  });
  return sendReport(reply, table, format);
}

/** The same report table as a PDF (document-print's renderer), opened in the browser's viewer. */
async function sendTablePdf(req: FastifyRequest, reply: FastifyReply, build: (tx: Db, actor: Actor, organisation: string) => Promise<ReportTable>) {
  const file = await tenantTx(req, async (tx, actor) => {
    const [org] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${actor.clientId}`);
    const table = await build(tx, actor, org?.name ?? '');
    return reportPdf({ tx, clientId: actor.clientId, lang: actor.lang, table });
  });
  return sendPdf(reply, file.doc, file.fileName);
}

export async function assetsRoutes(app: FastifyInstance) {
  app.jobs.define(depreciationJob);

  serve(app, api.choices, anyAsset, async (req) => {
    requireAnyAssetPrivilege(req);
    return tenantTx(req, (tx, a) => assetChoices({ tx, clientId: a.clientId, lang: a.lang }));
  });
  serve(app, api.categories, anyAsset, async (req) => {
    requireAnyAssetPrivilege(req);
    return tenantTx(req, (tx, a) => listCategories({ tx, clientId: a.clientId, lang: a.lang }));
  });
  serve(app, api.createCategory, edit, async (req) => tenantTx(req, (tx, actor) => createCategory({ tx, actor, input: req.body })));
  serve(app, api.updateCategory, edit, async (req) => tenantTx(req, (tx, actor) => updateCategory({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, api.setCategoryStatus, edit, async (req) =>
    tenantTx(req, (tx, actor) => setCategoryStatus({ tx, actor, id: req.params.id, status: req.body.status })),
  );
  serve(app, api.settings, anyAsset, async (req) => {
    requireAnyAssetPrivilege(req);
    return tenantTx(req, (tx, a) => readAssetSettings(tx, a.clientId));
  });
  serve(app, api.saveSettings, edit, async (req) => tenantTx(req, (tx, actor) => saveAssetSettings({ tx, actor, input: req.body })));

  serve(app, api.list, read, async (req) => tenantTx(req, (tx, a) => listAssets({ tx, clientId: a.clientId, lang: a.lang, query: req.query })));
  serve(app, api.get, read, async (req) => tenantTx(req, (tx, a) => getAsset({ tx, clientId: a.clientId, lang: a.lang, id: req.params.id })));
  serve(app, api.schedule, read, async (req) => tenantTx(req, (tx, a) => assetSchedule({ tx, clientId: a.clientId, lang: a.lang, id: req.params.id })));
  serve(app, api.history, read, async (req) => tenantTx(req, (tx, a) => assetHistory({ tx, clientId: a.clientId, lang: a.lang, id: req.params.id })));

  // Money-moving requests honour an Idempotency-Key: a repeated request answers the first answer.
  serve(app, api.register, edit, async (req, reply) => {
    const result = await tenantTx(req, (tx, actor) =>
      withIdempotency(tx, { clientId: actor.clientId, key: readIdempotencyKey(req.headers), operation: 'assets.register', body: req.body }, async () => ({
        statusCode: 201,
        body: await registerAsset({ tx, actor, input: req.body }),
      })),
    );
    if (result.isReplay) reply.header('idempotent-replayed', 'true');
    return result.body;
  });
  serve(app, api.buy, buy, async (req, reply) => {
    const result = await tenantTx(req, (tx, actor) =>
      withIdempotency(tx, { clientId: actor.clientId, key: readIdempotencyKey(req.headers), operation: 'assets.buy', body: req.body }, async () => ({
        statusCode: 201,
        body: await buyAssets({ tx, actor, input: req.body }),
      })),
    );
    if (result.isReplay) reply.header('idempotent-replayed', 'true');
    return result.body;
  });
  serve(app, api.purchase, buy, async (req) => tenantTx(req, (tx, a) => getAssetPurchase({ tx, clientId: a.clientId, lang: a.lang, id: req.params.id })));
  serve(app, api.dispose, edit, async (req) => tenantTx(req, (tx, actor) => disposeAsset({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, api.edit, edit, async (req) => tenantTx(req, (tx, actor) => editAsset({ tx, actor, id: req.params.id, input: req.body })));
  serve(app, api.transfer, edit, async (req) => tenantTx(req, (tx, actor) => transferAsset({ tx, actor, id: req.params.id, input: req.body })));

  serve(app, api.preview, depreciatePreview, async (req) =>
    tenantTx(req, (tx, a) => previewDepreciation({ tx, clientId: a.clientId, lang: a.lang, month: req.query.month })),
  );
  // Posting runs in the background: 202 with the job at once; it goes on if the browser goes away.
  serve(app, api.post, depreciate, async (req) => {
    const accepted = await tenantTx(req, (tx, actor) => queueDepreciation({ tx, actor, month: req.body.month }));
    app.jobs.kick();
    return accepted;
  });
  serve(app, api.job, depreciate, async (req) => tenantTx(req, (tx, actor) => getDepreciationJob({ tx, db: app.db, actor, id: req.params.id })));
  serve(app, api.runs, depreciate, async (req) => tenantTx(req, (tx, a) => listRuns({ tx, clientId: a.clientId })));
  serve(app, api.reverseRun, depreciate, async (req) => tenantTx(req, (tx, actor) => reverseRun({ tx, actor, id: req.params.id })));

  const registerFile = (req: FastifyRequest, reply: FastifyReply, query: Parameters<typeof registerReport>[0]['query'], format: ReportFormat) =>
    sendFile(req, reply, format, async (tx, a, org) => registerTable(await registerReport({ tx, clientId: a.clientId, lang: a.lang, query }), a.lang, org));
  serve(app, api.registerReport, report, async (req, reply) => {
    const { format, ...query } = req.query;
    if (format) return registerFile(req, reply, query, format) as never;
    return tenantTx(req, (tx, a) => registerReport({ tx, clientId: a.clientId, lang: a.lang, query }));
  });
  serve(app, api.registerExport, report, async (req, reply) => {
    const { format, ...query } = req.query;
    return registerFile(req, reply, query, format);
  });
  const movementsFile = (req: FastifyRequest, reply: FastifyReply, query: Parameters<typeof movementsReport>[0]['query'], format: ReportFormat) =>
    sendFile(req, reply, format, async (tx, a, org) => movementsTable(await movementsReport({ tx, clientId: a.clientId, lang: a.lang, query }), a.lang, org));
  serve(app, api.movements, report, async (req, reply) => {
    const { format, ...query } = req.query;
    if (format) return movementsFile(req, reply, query, format) as never;
    return tenantTx(req, (tx, a) => movementsReport({ tx, clientId: a.clientId, lang: a.lang, query }));
  });
  serve(app, api.movementsExport, report, async (req, reply) => {
    const { format, ...query } = req.query;
    return movementsFile(req, reply, query, format);
  });
  serve(app, api.registerPdf, report, async (req, reply) =>
    sendTablePdf(req, reply, async (tx, a, org) =>
      registerTable(await registerReport({ tx, clientId: a.clientId, lang: a.lang, query: req.query }), a.lang, org),
    ),
  );
  serve(app, api.movementsPdf, report, async (req, reply) =>
    sendTablePdf(req, reply, async (tx, a, org) =>
      movementsTable(await movementsReport({ tx, clientId: a.clientId, lang: a.lang, query: req.query }), a.lang, org),
    ),
  );
  const scheduleOf = (id: number) => async (tx: Db, a: Actor, org: string) =>
    scheduleTable(await assetSchedule({ tx, clientId: a.clientId, lang: a.lang, id }), a.lang, org);
  serve(app, api.scheduleExport, report, async (req, reply) => sendFile(req, reply, req.query.format, scheduleOf(req.params.id)));
  serve(app, api.schedulePdf, report, async (req, reply) => sendTablePdf(req, reply, scheduleOf(req.params.id)));
}
