// /api/bills: bill runs (preview and save, privilege batch-bill), bill runs as background jobs with
// progress, bills and runs, cancelling a run, and the ungenerated bill report (privilege
// ungenerated-bill-report). Runs and cancellations are jobs of the app's worker (modules/jobs): queued in
// the request's transaction, the worker kicked once it has committed. Paths and schemas are the
// contracts' billsEndpoints.
import type { FastifyInstance } from 'fastify';
import { billsEndpoints as api } from '@ubo/contracts';
import { readIdempotencyKey, withIdempotency } from '../../ledger/index.ts';
import { tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { billJobs, getBillRunJob, listBillRunJobs, queueBillRunJob, queueCancelJob } from './bill-run-jobs.ts';
import { checkRunCancellable } from './cancel-bill-run.ts';
import { computeBillRun, resolveIssueDate } from './compute-bill-run.ts';
import { getBill, getBillRun, listBillRuns, listBills, ungeneratedBills } from './list-bills.ts';
import { saveBillRun } from './save-bill-run.ts';

const tags = ['bills'];
const batchAccess = { access: { privilege: 'batch-bill' }, tags } as const;
const reportAccess = { access: { privilege: 'ungenerated-bill-report' }, tags } as const;

export async function billsRoutes(app: FastifyInstance) {
  for (const job of billJobs) app.jobs.define(job);

  // A whole month's preview is 100,000 bills: the answer is built field by field below from typed rows,
  // so it is written with JSON.stringify instead of being re-validated by zod (seconds at that size).
  // The schema still documents it.
  serve(app, api.preview, { ...batchAccess, stringifyAnswer: true }, async (req) => {
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
  });

  serve(app, api.save, batchAccess, async (req, reply) => {
    const key = readIdempotencyKey(req.headers);
    const result = await tenantTx(req, (tx, actor) =>
      withIdempotency(tx, { clientId: actor.clientId, key, operation: 'bills.saveCustomersBill', body: req.body }, async () => ({
        statusCode: 201,
        body: await saveBillRun({ tx, actor, input: req.body }),
      })),
    );
    if (result.isReplay) reply.header('idempotent-replayed', 'true');
    return result.body;
  });

  // A run in the background: 202 with the job at once; the run continues if the browser goes away.
  serve(app, api.startJob, batchAccess, async (req, reply) => {
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
    return result.body;
  });

  serve(app, api.jobs, batchAccess, async (req) => tenantTx(req, (tx, actor) => listBillRunJobs({ tx, db: app.db, actor, query: req.query })));

  serve(app, api.job, batchAccess, async (req) => tenantTx(req, (tx, actor) => getBillRunJob({ tx, db: app.db, actor, id: req.params.id })));

  serve(app, api.ungenerated, reportAccess, async (req) =>
    tenantTx(req, (tx, actor) => ungeneratedBills({ tx, clientId: actor.clientId, period: req.query.period, zoneId: req.query.zoneId })),
  );

  serve(app, api.runs, batchAccess, async (req) => tenantTx(req, (tx, actor) => listBillRuns({ tx, clientId: actor.clientId, query: req.query })));

  serve(app, api.run, batchAccess, async (req) => tenantTx(req, (tx, actor) => getBillRun({ tx, clientId: actor.clientId, id: req.params.id })));

  // Cancelling a run is a background job too (a 10,000-bill run took a minute): 202 with the job at once,
  // after the refusals that need no run (unknown run, already cancelled, paid, being cancelled).
  serve(app, api.cancelRun, batchAccess, async (req) => {
    const runId = req.params.id;
    const accepted = await tenantTx(req, async (tx, actor) => queueCancelJob({ tx, actor, runId, run: await checkRunCancellable(tx, actor.clientId, runId) }));
    app.jobs.kick();
    return accepted;
  });

  serve(app, api.list, batchAccess, async (req) => tenantTx(req, (tx, actor) => listBills({ tx, clientId: actor.clientId, query: req.query })));

  serve(app, api.get, batchAccess, async (req) => tenantTx(req, (tx, actor) => getBill({ tx, clientId: actor.clientId, id: req.params.id })));
}
