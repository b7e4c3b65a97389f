// Bill runs and their cancellations are jobs of the shared mechanism (modules/jobs): kinds 'bills.run' and
// 'bills.cancel'. The request queues the job in its transaction (answering 202 at once) and kicks the
// worker after the commit; any server process runs it, in ONE transaction as the person who asked, that
// also marks it done, so a committed run always has its job done and an uncommitted one never has. A
// refusal fails the job with its message key; a server dying under it leaves it failed as interrupted
// (one attempt: the person sees it and starts it again rather than a run posting on its own later).
import type { BillRunJob, BillService, Lang, billRunJobListQuery, z } from '@ubo/contracts';
import { billMoney, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError } from '../../plugins/errors.ts';
import { type JobRecord, defineTenantJob, enqueueJob, listJobs, readJob, waitForJobs } from '../jobs/index.ts';
import { cancelBillRun } from './cancel-bill-run.ts';
import { type BillRunInput, saveBillRun } from './save-bill-run.ts';

export const JOB_INTERRUPTED = 'billJob.interrupted';
export const JOB_FAILED = 'billJob.failed';
export const CANCEL_INTERRUPTED = 'billJob.cancelInterrupted';
export const CANCEL_FAILED = 'billJob.cancelFailed';

export const BILL_RUN_JOB = 'bills.run';
export const CANCEL_JOB = 'bills.cancel';

type RunInput = Omit<BillRunInput, 'houseIds'>;
interface CancelInput {
  runId: number;
  period: string;
  zoneId: number | null;
  service: BillService;
  /** Bills per chunk (tests use small chunks to see progress). */
  chunkSize?: number;
}
interface JobResult {
  runId: number;
  billCount: number;
  amount: string;
}

export const billRunJob = defineTenantJob<RunInput, JobResult>({
  kind: BILL_RUN_JOB,
  failedKey: JOB_FAILED,
  interruptedKey: JOB_INTERRUPTED,
  run: async ({ tx, actor, input, progress }) => {
    const saved = await saveBillRun({ tx, actor, input, onProgress: progress });
    return { runId: saved.runId, billCount: saved.billCount, amount: saved.total };
  },
});

export const cancelBillRunJob = defineTenantJob<CancelInput, JobResult>({
  kind: CANCEL_JOB,
  failedKey: CANCEL_FAILED,
  interruptedKey: CANCEL_INTERRUPTED,
  run: async ({ tx, actor, input, progress }) => {
    const cancelled = await cancelBillRun({ tx, actor, id: input.runId, onProgress: progress, chunkSize: input.chunkSize });
    return { runId: input.runId, billCount: cancelled.cancelledBills, amount: cancelled.total };
  },
});

/** The job kinds this module defines, for the app's worker. */
export const billJobs = [billRunJob, cancelBillRunJob];

export async function queueBillRunJob(opts: { tx: Db; actor: Actor; input: RunInput }): Promise<{ jobId: number }> {
  const { tx, actor, input } = opts;
  const jobId = await enqueueJob(tx, actor, billRunJob, { period: input.period, zoneId: input.zoneId, service: input.service, issueDate: input.issueDate });
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'bill-run-job',
    entityId: jobId,
    after: { period: input.period, zoneId: input.zoneId ?? null, service: input.service },
  });
  return { jobId };
}

/** Queues the cancellation of run `runId` (checked cancellable by the caller, in the same transaction). */
export async function queueCancelJob(opts: {
  tx: Db;
  actor: Actor;
  runId: number;
  run: { period: string; zoneId: number | null; service: BillService };
  chunkSize?: number;
}): Promise<{ jobId: number }> {
  const { tx, actor, runId, run } = opts;
  const jobId = await enqueueJob(tx, actor, cancelBillRunJob, { runId, ...run, chunkSize: opts.chunkSize }).catch((err: unknown) => {
    // Two requests at once: the unique index (one unfinished cancellation per run) refused the second.
    const code = (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;
    throw code === '23505' ? new AppError(409, 'CANCEL_RUNNING', 'bill.runCancelling') : err;
  });
  await writeAudit(tx, actor, { action: 'create', entity: 'bill-run-cancel-job', entityId: jobId, after: { runId } });
  return { jobId };
}

/** Resolves once every job running in this process on `db` has finished (graceful shutdown, tests). */
export const waitForBillRunJobs = waitForJobs;

const KINDS = [BILL_RUN_JOB, CANCEL_JOB];

function toBillRunJob(job: JobRecord<RunInput | CancelInput, JobResult>, lang: Lang): BillRunJob {
  const input = job.input;
  const result = job.result;
  const isCancel = job.kind === CANCEL_JOB;
  return {
    id: job.id,
    kind: isCancel ? 'cancel' : 'run',
    period: input.period,
    zoneId: input.zoneId ?? null,
    service: input.service,
    status: job.status,
    processed: job.processed,
    total: job.total,
    // A cancel job names its run from the start; a run job once done.
    runId: result ? result.runId : isCancel ? (input as CancelInput).runId : null,
    billCount: result ? result.billCount : null,
    amount: result ? billMoney(result.amount) : null,
    error: job.error === null ? null : translate(job.error, lang),
    createdBy: job.createdBy,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}

export async function getBillRunJob(opts: { tx: Db; db: Db; actor: Actor; id: number }): Promise<BillRunJob> {
  const job = await readJob<RunInput | CancelInput, JobResult>({ tx: opts.tx, db: opts.db, clientId: opts.actor.clientId, id: opts.id, kinds: KINDS });
  return toBillRunJob(job, opts.actor.lang);
}

export async function listBillRunJobs(opts: { tx: Db; db: Db; actor: Actor; query: z.output<typeof billRunJobListQuery> }) {
  const { query } = opts;
  const page = await listJobs<RunInput | CancelInput, JobResult>({
    tx: opts.tx,
    db: opts.db,
    clientId: opts.actor.clientId,
    kinds: KINDS,
    status: query.status,
    order: query._order === 'asc' ? 'asc' : 'desc',
    page: query._page,
    limit: query._limit,
  });
  return { data: page.data.map((j) => toBillRunJob(j, opts.actor.lang)), total: page.total, page: query._page, limit: query._limit };
}
