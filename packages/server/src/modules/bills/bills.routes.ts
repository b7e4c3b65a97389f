// /api/bills: bill runs (preview and save, privilege batch-bill), bill runs as background jobs with
// progress, bills and runs, cancelling a run, and the ungenerated bill report (privilege
// ungenerated-bill-report). Runs and cancellations are jobs of the app's worker (modules/jobs): queued in
// the request's transaction, the worker kicked once it has committed.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billDetail,
  billListQuery,
  billPage,
  billPreview,
  billRunBody,
  billRunDetail,
  billRunJob,
  billRunJobAccepted,
  billRunJobBody,
  billRunJobListQuery,
  billRunJobPage,
  billRunListQuery,
  billRunPage,
  billRunSaved,
  saveBillRunBody,
  ungeneratedBillQuery,
  ungeneratedBillReport,
  z,
} from '@ubo/contracts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import { tenantTx } from '../../plugins/auth.ts';
import { billJobs, getBillRunJob, listBillRunJobs, queueBillRunJob, queueCancelJob } from './bill-run-jobs.ts';
import { checkRunCancellable } from './cancel-bill-run.ts';
import { computeBillRun, resolveIssueDate } from './compute-bill-run.ts';
import { getBill, getBillRun, listBillRuns, listBills, ungeneratedBills } from './list-bills.ts';
import { saveBillRun } from './save-bill-run.ts';

const BILLS = '/api/bills';
const batchAccess = { access: { privilege: 'batch-bill' } } as const;
const reportAccess = { access: { privilege: 'ungenerated-bill-report' } } as const;
const bigIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export async function billsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bills'];

  for (const job of billJobs) app.jobs.define(job);

  // A whole month's preview is 100,000 bills: the answer is built field by field below from typed rows,
  // so it is written with JSON.stringify instead of being re-validated by zod (seconds at that size).
  // The schema still documents it.
  r.post(
    `${BILLS}/generateCustomersBill`,
    { config: batchAccess, schema: { tags, body: billRunBody, response: { 200: billPreview } }, serializerCompiler: () => (data) => JSON.stringify(data) },
    async (req) => {
      const run = await tenantTx(req, (tx, actor) =>
        computeBillRun({ tx, clientId: actor.clientId, period: req.body.period, zoneId: req.body.zoneId, issueDate: req.body.issueDate }),
      );
      return {
        period: run.period,
        billDate: run.billDate,
        dueDate: run.dueDate,
        bills: run.bills.map(({ zoneId: _z, meterId: _m, readingIds: _r, ...bill }) => bill),
        exceptions: run.exceptions,
        totals: run.totals,
      };
    },
  );

  r.post(
    `${BILLS}/saveCustomersBill`,
    { config: batchAccess, schema: { tags, body: saveBillRunBody, response: { 201: billRunSaved } } },
    async (req, reply) => {
      const key = readIdempotencyKey(req.headers);
      const result = await tenantTx(req, (tx, actor) =>
        withIdempotency(tx, { clientId: actor.clientId, key, operation: 'bills.saveCustomersBill', body: req.body }, async () => ({
          statusCode: 201,
          body: await saveBillRun({ tx, actor, input: req.body }),
        })),
      );
      if (result.isReplay) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );

  // A run in the background: 202 with the job at once; the run continues if the browser goes away.
  r.post(`${BILLS}/jobs`, { config: batchAccess, schema: { tags, body: billRunJobBody, response: { 202: billRunJobAccepted } } }, async (req, reply) => {
    const key = readIdempotencyKey(req.headers);
    const result = await tenantTx(req, (tx, actor) =>
      withIdempotency(tx, { clientId: actor.clientId, key, operation: 'bills.jobs', body: req.body }, async () => {
        // A date the run would refuse is a 400 now rather than a failed job later.
        await resolveIssueDate(tx, actor.clientId, req.body.issueDate);
        return { statusCode: 202, body: await queueBillRunJob({ tx, actor, input: req.body }) };
      }),
    );
    if (result.isReplay) reply.header('idempotent-replayed', 'true');
    else app.jobs.kick();
    return reply.status(202).send(result.body);
  });

  r.get(`${BILLS}/jobs`, { config: batchAccess, schema: { tags, querystring: billRunJobListQuery, response: { 200: billRunJobPage } } }, async (req) =>
    tenantTx(req, (tx, actor) => listBillRunJobs({ tx, db: app.db, actor, query: req.query })),
  );

  r.get(`${BILLS}/jobs/:id`, { config: batchAccess, schema: { tags, params: bigIdParams, response: { 200: billRunJob } } }, async (req) =>
    tenantTx(req, (tx, actor) => getBillRunJob({ tx, db: app.db, actor, id: req.params.id })),
  );

  r.get(
    `${BILLS}/ungenerated`,
    { config: reportAccess, schema: { tags, querystring: ungeneratedBillQuery, response: { 200: ungeneratedBillReport } } },
    async (req) => tenantTx(req, (tx, actor) => ungeneratedBills({ tx, clientId: actor.clientId, period: req.query.period, zoneId: req.query.zoneId })),
  );

  r.get(`${BILLS}/runs`, { config: batchAccess, schema: { tags, querystring: billRunListQuery, response: { 200: billRunPage } } }, async (req) =>
    tenantTx(req, (tx, actor) => listBillRuns({ tx, clientId: actor.clientId, query: req.query })),
  );

  r.get(`${BILLS}/runs/:id`, { config: batchAccess, schema: { tags, params: bigIdParams, response: { 200: billRunDetail } } }, async (req) =>
    tenantTx(req, (tx, actor) => getBillRun({ tx, clientId: actor.clientId, id: req.params.id })),
  );

  // Cancelling a run is a background job too (a 10,000-bill run took a minute): 202 with the job at once,
  // after the refusals that need no run (unknown run, already cancelled, paid, being cancelled).
  r.post(
    `${BILLS}/runs/:id/cancel`,
    { config: batchAccess, schema: { tags, params: bigIdParams, response: { 202: billRunJobAccepted } } },
    async (req, reply) => {
      const runId = req.params.id;
      const accepted = await tenantTx(req, async (tx, actor) =>
        queueCancelJob({ tx, actor, runId, run: await checkRunCancellable(tx, actor.clientId, runId) }),
      );
      app.jobs.kick();
      return reply.status(202).send(accepted);
    },
  );

  r.get(BILLS, { config: batchAccess, schema: { tags, querystring: billListQuery, response: { 200: billPage } } }, async (req) =>
    tenantTx(req, (tx, actor) => listBills({ tx, clientId: actor.clientId, query: req.query })),
  );

  r.get(`${BILLS}/:id`, { config: batchAccess, schema: { tags, params: bigIdParams, response: { 200: billDetail } } }, async (req) =>
    tenantTx(req, (tx, actor) => getBill({ tx, clientId: actor.clientId, id: req.params.id })),
  );
}
