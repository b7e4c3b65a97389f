// Posting a month's depreciation is a job of the shared mechanism (modules/jobs), kind
// 'assets.depreciation': the request checks the month and queues it (202), any server process runs it in
// ONE transaction as the person who asked, which also marks the job done. One attempt: after a crash
// nothing was posted, and the person starts it again.
import { type DepreciationJob, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { defineTenantJob, enqueueJob, readJob } from '../jobs/index.ts';
import { fieldError } from './assets-common.ts';
import { monthRefusal, postDepreciation } from './depreciation.ts';

export const DEPRECIATION_JOB = 'assets.depreciation';

interface Input {
  month: string;
}
interface Result {
  runId: number;
  total: string;
}

export const depreciationJob = defineTenantJob<Input, Result>({
  kind: DEPRECIATION_JOB,
  failedKey: 'assets.job.failed',
  interruptedKey: 'assets.job.interrupted',
  run: async ({ tx, actor, input, jobId, progress }) => {
    progress(0, 1);
    const run = await postDepreciation({ tx, actor, month: input.month, jobId });
    progress(1, 1);
    return { runId: run.id, total: run.total };
  },
});

/** Refuses at once what the job would refuse (posted, skipped or closed month), then queues it. */
export async function queueDepreciation(opts: { tx: Db; actor: Actor; month: string }): Promise<{ jobId: number }> {
  const { tx, actor, month } = opts;
  const refusal = await monthRefusal(tx, actor.clientId, month);
  if (refusal) throw fieldError('month', refusal);
  const jobId = await enqueueJob(tx, actor, depreciationJob, { month });
  await writeAudit(tx, actor, { action: 'create', entity: 'asset-depreciation-job', entityId: jobId, after: { month } });
  return { jobId };
}

export async function getDepreciationJob(opts: { tx: Db; db: Db; actor: Actor; id: number }): Promise<DepreciationJob> {
  const job = await readJob<Input, Result>({ tx: opts.tx, db: opts.db, clientId: opts.actor.clientId, id: opts.id, kinds: [DEPRECIATION_JOB] });
  return {
    id: job.id,
    month: job.input.month,
    status: job.status,
    runId: job.result?.runId ?? null,
    total: job.result?.total ?? null,
    error: job.error === null ? null : translate(job.error, opts.actor.lang),
  };
}
