// Bill runs in the background. A job row is queued by the request (which answers 202 at once), then the
// server process runs it detached from the request: the row is marked running, the whole run is saved
// in ONE transaction that also marks the row done (so a committed run always has its job done and an
// uncommitted one never has), and a refusal marks it failed with a message key. Progress lives in this
// process's memory while the transaction runs: PGlite has a single connection, so no second
// transaction could write progress rows meanwhile. A server start marks jobs left queued or running by
// a crash as failed (their transaction never committed, so nothing was billed). Cancelling a run is a
// job of kind 'cancel' run the same way (cancel-bill-run.ts): all of it commits with its 'done' mark, or
// nothing.
import { type SQL, sql } from 'drizzle-orm';
import { type BillRunJob, type BillRunJobKind, type BillRunJobStatus, type Lang, type billRunJobListQuery, type z, billMoney, translate } from '@ubo/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { caller } from '../../plugins/auth.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { cancelBillRun } from './cancel-bill-run.ts';
import { type BillRunInput, saveBillRun } from './save-bill-run.ts';

export const JOB_INTERRUPTED = 'billJob.interrupted';
export const JOB_FAILED = 'billJob.failed';
export const CANCEL_INTERRUPTED = 'billJob.cancelInterrupted';
export const CANCEL_FAILED = 'billJob.cancelFailed';

interface LiveJob {
  clientId: number;
  processed: number;
  total: number;
  finished: Promise<void>;
}

/** Jobs running in this process, per database (tests and benchmarks open several in one process). */
const liveJobs = new WeakMap<Db, Map<number, LiveJob>>();
const liveOf = (db: Db) => {
  let jobs = liveJobs.get(db);
  if (!jobs) {
    jobs = new Map();
    liveJobs.set(db, jobs);
  }
  return jobs;
};

/** Held by the run's transaction; a server start fails only jobs whose lock nobody holds. */
const jobLock = (id: SQL) => sql`hashtext('bill-run-job'), (${id} % 2147483647)::int`;

export async function queueBillRunJob(opts: { tx: Db; req: FastifyRequest; input: Omit<BillRunInput, 'houseIds'> }): Promise<{ jobId: number }> {
  const { tx, req, input } = opts;
  const { clientId, userId } = caller(req);
  const [row] = await queryRows<{ id: string | number }>(tx, sql`
    insert into bill_run_jobs (client_id, period, zone_id, service, created_by)
    values (${clientId}, ${input.period}, ${input.zoneId ?? null}, ${input.service}, ${userId})
    returning id`);
  const jobId = Number(row.id);
  await writeAudit(tx, req, { action: 'create', entity: 'bill-run-job', entityId: jobId, after: { period: input.period, zoneId: input.zoneId ?? null, service: input.service } });
  return { jobId };
}

/** Queues the cancellation of run `runId` (checked cancellable by the caller, in the same transaction). */
export async function queueCancelJob(opts: { tx: Db; req: FastifyRequest; runId: number; run: { period: string; zoneId: number | null; service: string } }): Promise<{ jobId: number }> {
  const { tx, req, runId, run } = opts;
  const { clientId, userId } = caller(req);
  const [row] = await queryRows<{ id: string | number }>(tx, sql`
    insert into bill_run_jobs (client_id, kind, run_id, period, zone_id, service, created_by)
    values (${clientId}, 'cancel', ${runId}, ${run.period}, ${run.zoneId}, ${run.service}, ${userId})
    returning id`).catch((err: unknown) => {
    // Two requests at once: the unique index (one unfinished cancellation per run) refused the second.
    const code = (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;
    throw code === '23505' ? new AppError(409, 'CANCEL_RUNNING', 'bill.runCancelling') : err;
  });
  const jobId = Number(row.id);
  await writeAudit(tx, req, { action: 'create', entity: 'bill-run-cancel-job', entityId: jobId, after: { runId } });
  return { jobId };
}

/** What a job does inside its transaction: reports progress, answers what the 'done' row records. */
type JobWork = (tx: Db, origin: FastifyRequest, onProgress: (processed: number, total: number) => void) => Promise<{ runId: number; billCount: number; total: string }>;

/**
 * Starts a queued job in this process, detached from the request that queued it (call after that
 * request's transaction committed). Answers at once; the job's promise is kept for waitForBillRunJobs.
 */
export function launchBillRunJob(req: FastifyRequest, jobId: number, input: Omit<BillRunInput, 'houseIds'>): void {
  launchJob(req, jobId, JOB_FAILED, (tx, origin, onProgress) => saveBillRun({ tx, req: origin, input, onProgress }));
}

/** Starts a queued cancel job (see launchBillRunJob). */
export function launchCancelJob(req: FastifyRequest, jobId: number, runId: number, chunkSize?: number): void {
  launchJob(req, jobId, CANCEL_FAILED, async (tx, origin, onProgress) => {
    const cancelled = await cancelBillRun({ tx, req: origin, id: runId, onProgress, chunkSize });
    return { runId, billCount: cancelled.cancelledBills, total: cancelled.total };
  });
}

function launchJob(req: FastifyRequest, jobId: number, failedKey: string, work: JobWork): void {
  const { db, log } = req.server;
  const auth = caller(req);
  // The run's audit line names the user and address of the request that queued it; writeAudit reads
  // only these two fields of a request.
  const origin = { auth, ip: req.ip, lang: req.lang } as FastifyRequest;
  const live: LiveJob = { clientId: auth.clientId, processed: 0, total: 0, finished: Promise.resolve() };
  const jobs = liveOf(db);
  jobs.set(jobId, live);
  live.finished = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => runJob(db, log, origin, jobId, work, failedKey, live))
    .catch((err) => log.error({ err, jobId }, 'bill run job could not record its outcome'))
    .finally(() => jobs.delete(jobId));
}

async function runJob(db: Db, log: FastifyBaseLogger, origin: FastifyRequest, jobId: number, work: JobWork, failedKey: string, live: LiveJob): Promise<void> {
  const { clientId, userId } = caller(origin);
  const started = await inTenant(db, clientId, (tx) =>
    queryRows(tx, sql`
      update bill_run_jobs set status = 'running', started_at = now()
      where client_id = ${clientId} and id = ${jobId} and status = 'queued' returning id`), userId);
  if (started.length === 0) return;
  try {
    await inTenant(db, clientId, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${jobLock(sql`${jobId}::bigint`)})`);
      // A server start may have failed the job between the two transactions: then it does not run.
      const [row] = await queryRows<{ status: BillRunJobStatus }>(tx, sql`
        select status from bill_run_jobs where client_id = ${clientId} and id = ${jobId} for update`);
      if (row?.status !== 'running') return;
      const saved = await work(tx, origin, (processed, total) => {
        live.processed = processed;
        live.total = total;
      });
      await tx.execute(sql`
        update bill_run_jobs set status = 'done', run_id = ${saved.runId}, bill_count = ${saved.billCount}, amount = ${saved.total}::numeric,
               processed = ${live.processed}, total = ${live.total}, finished_at = now()
        where client_id = ${clientId} and id = ${jobId}`);
    }, userId);
  } catch (err) {
    // The run rolled back; say why in the user's words (a field error's key is the useful one).
    const key = err instanceof AppError ? (err.details?.[0]?.message ?? err.messageKey) : failedKey;
    if (!(err instanceof AppError)) log.error({ err, jobId }, 'bill run job failed');
    await inTenant(db, clientId, (tx) =>
      tx.execute(sql`
        update bill_run_jobs set status = 'failed', error = ${key}, processed = 0, total = ${live.total}, finished_at = now()
        where client_id = ${clientId} and id = ${jobId} and status = 'running'`), userId);
  }
}

/** Resolves once every job running in this process on `db` has finished (graceful shutdown, tests). */
export async function waitForBillRunJobs(db: Db): Promise<void> {
  await Promise.all([...liveOf(db).values()].map((j) => j.finished));
}

/** A queued job starts within milliseconds; one still queued after this was queued by a process that died. */
const QUEUED_GRACE_SECONDS = 30;

/**
 * Fails the jobs a dead process left unfinished: their run never committed (the run and the 'done' mark
 * commit together), so nothing of them was billed. A running job counts as dead when nobody holds its
 * lock (the run's transaction holds it: alive in this or another server process, it is left alone); a
 * queued one when it has waited past the grace period. Jobs of this process are never touched. Answers
 * how many were failed and how many unfinished jobs of other processes remain to look at again.
 */
export async function recoverInterruptedJobs(db: Db): Promise<{ failed: number; waiting: number }> {
  const mine = JSON.stringify([...liveOf(db).keys()]);
  return inSystem(db, async (tx) => {
    const failed = await queryRows(tx, sql`
      update bill_run_jobs set status = 'failed', error = case kind when 'cancel' then ${CANCEL_INTERRUPTED} else ${JOB_INTERRUPTED} end, finished_at = now()
      where status in ('queued', 'running')
        and id not in (select (jsonb_array_elements_text(${mine}::jsonb))::bigint)
        and (status = 'running' or created_at < now() - make_interval(secs => ${QUEUED_GRACE_SECONDS}))
        and pg_try_advisory_xact_lock(${jobLock(sql`id`)})
      returning id`);
    const [left] = await queryRows<{ n: number }>(tx, sql`
      select count(*)::int as n from bill_run_jobs
      where status in ('queued', 'running') and id not in (select (jsonb_array_elements_text(${mine}::jsonb))::bigint)`);
    return { failed: failed.length, waiting: left.n };
  });
}

/**
 * At server start, and again every few seconds while unfinished jobs of other (or dead) processes
 * remain: a killed process's transaction ends only when PostgreSQL notices the client is gone.
 */
export function watchInterruptedJobs(db: Db, log: FastifyBaseLogger): { stop(): void; first: Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  const sweep = async (): Promise<void> => {
    const { failed, waiting } = await recoverInterruptedJobs(db);
    if (failed > 0) log.warn(`${failed} bill run job(s) interrupted by a stopped server were marked failed; nothing of them was billed`);
    if (waiting > 0 && !isStopped) {
      timer = setTimeout(() => void sweep().catch((err) => log.error({ err }, 'bill run job check failed')), 2000);
      timer.unref();
    }
  };
  return {
    first: sweep(),
    stop: () => {
      isStopped = true;
      clearTimeout(timer);
    },
  };
}

interface JobRow {
  id: string | number;
  kind: BillRunJobKind;
  period: string;
  zone_id: number | null;
  service: 'water' | 'electricity';
  status: BillRunJobStatus;
  processed: number;
  total: number;
  run_id: string | number | null;
  bill_count: number | null;
  amount: string | null;
  error: string | null;
  created_by: number | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  total_count?: string | number;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toJob(db: Db, r: JobRow, lang: Lang): BillRunJob {
  const id = Number(r.id);
  // While this process runs the job, its live figures are newer than the row.
  const live = r.status === 'running' ? liveOf(db).get(id) : undefined;
  return {
    id,
    kind: r.kind,
    period: r.period,
    zoneId: r.zone_id,
    service: r.service,
    status: r.status,
    processed: live ? live.processed : r.processed,
    total: live ? live.total : r.total,
    runId: r.run_id === null ? null : Number(r.run_id),
    billCount: r.bill_count,
    amount: r.amount === null ? null : billMoney(r.amount),
    error: r.error === null ? null : translate(r.error, lang),
    createdBy: r.created_by,
    createdAt: iso(r.created_at) as string,
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
  };
}

const jobSelect = (extra: SQL = sql``) => sql`
  select id, kind, period, zone_id, service, status, processed, total, run_id, bill_count, amount::text as amount, error,
         created_by, created_at, started_at, finished_at ${extra}
  from bill_run_jobs`;

export async function getBillRunJob(opts: { tx: Db; db: Db; clientId: number; id: number; lang: Lang }): Promise<BillRunJob> {
  const [row] = await queryRows<JobRow>(opts.tx, sql`${jobSelect()} where client_id = ${opts.clientId} and id = ${opts.id}`);
  if (!row) throw notFound();
  return toJob(opts.db, row, opts.lang);
}

export async function listBillRunJobs(opts: { tx: Db; db: Db; clientId: number; query: z.output<typeof billRunJobListQuery>; lang: Lang }) {
  const { tx, clientId, query } = opts;
  const filters: SQL[] = [sql`client_id = ${clientId}`];
  if (query.status) filters.push(sql`status = ${query.status}`);
  const direction = query._order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<JobRow>(tx, sql`
    ${jobSelect(sql`, count(*) over () as total_count`)}
    where ${sql.join(filters, sql` and `)}
    order by id ${direction}
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`);
  let total = rows.length > 0 ? Number(rows[0].total_count) : 0;
  if (rows.length === 0 && query._page > 1) {
    const [c] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from bill_run_jobs where ${sql.join(filters, sql` and `)}`);
    total = c.n;
  }
  return { data: rows.map((r) => toJob(opts.db, r, opts.lang)), total, page: query._page, limit: query._limit };
}
