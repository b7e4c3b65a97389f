// Generating a payroll is a job of the shared mechanism (modules/jobs), kind 'hr.payroll': the request
// queues it (202 with the job's id) and any server process runs it in ONE transaction as the person who
// asked, which also marks it done; a refusal fails the job with its message key.
import { type Lang, type PayrollJob, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { defineTenantJob, enqueueJob, readJob } from '../jobs/index.ts';
import { generatePayroll } from './payroll-run.ts';

export const PAYROLL_JOB = 'hr.payroll';
interface Input {
  period: string;
  departmentId: number | null;
}
interface Result {
  runId: number;
  employees: number;
  net: string;
}

export const payrollJob = defineTenantJob<Input, Result>({
  kind: PAYROLL_JOB,
  failedKey: 'hr.payrollJobFailed',
  interruptedKey: 'hr.payrollJobInterrupted',
  run: async ({ tx, actor, input, progress }) => generatePayroll({ tx, actor, period: input.period, departmentId: input.departmentId, progress }),
});

export async function queuePayrollJob(opts: { tx: Db; actor: Actor; input: Input }): Promise<{ jobId: number }> {
  const { tx, actor, input } = opts;
  const jobId = await enqueueJob(tx, actor, payrollJob, input);
  await writeAudit(tx, actor, { action: 'create', entity: 'hr-payroll-job', entityId: jobId, after: input });
  return { jobId };
}

export async function getPayrollJob(opts: { tx: Db; db: Db; actor: Actor; id: number }): Promise<PayrollJob> {
  const job = await readJob<Input, Result>({ tx: opts.tx, db: opts.db, clientId: opts.actor.clientId, id: opts.id, kinds: [PAYROLL_JOB] });
  const lang: Lang = opts.actor.lang;
  return {
    id: job.id,
    status: job.status,
    processed: job.processed,
    total: job.total,
    runId: job.result ? job.result.runId : null,
    error: job.error === null ? null : translate(job.error, lang),
  };
}
