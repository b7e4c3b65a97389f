// How a module defines a job, queues one and reads it back. A job kind is '<module>.<job>'; its input and
// result are JSON the module reads. Queue a tenant job with enqueueJob in the transaction that asks for it
// (so a rolled-back request queues nothing), then kick the worker after the commit; read it with readJob
// or listJobs (row-level security applies: a tenant sees its own jobs).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../plugins/errors.ts';
import { workerFor } from './job-worker.ts';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** What a tenant job's run gets: the transaction its 'done' mark commits in, and who started it. */
export interface TenantJobContext<I> {
  tx: Db;
  /** The database, for work that must not wait for the job's transaction (rarely needed). */
  db: Db;
  actor: Actor;
  input: I;
  jobId: number;
  /** Items done out of items to do; readable by every process (PostgreSQL) while the job runs. */
  progress: (processed: number, total: number) => void;
}

/**
 * Work one organisation asked for (a bill run, its cancellation, a payroll run): it runs in ONE tenant
 * transaction as the person who started it, and its answer (JSON) is recorded with the 'done' mark in
 * that transaction. A throw rolls it all back and fails the job: an AppError with its (field) message
 * key, anything else with failedKey. A process dying under it leaves it to be retried (maxAttempts) or
 * failed with interruptedKey; nothing of it was committed either way.
 */
export interface TenantJob<I = unknown, R = unknown> {
  scope: 'tenant';
  kind: string;
  /** Runs in all (1: a person restarts it after a crash; more: it is retried on its own). */
  maxAttempts?: number;
  failedKey: string;
  interruptedKey: string;
  run(ctx: TenantJobContext<I>): Promise<R>;
}

/**
 * Work for the whole installation, in rounds (the SMS dispatcher): one row, queued again for its next round
 * everyMs after a round starts (0: only when kicked). A round is not one transaction: it records its own
 * work as it goes and must be safe to run again after a crash.
 */
export interface InstallationJob {
  scope: 'installation';
  kind: string;
  everyMs: number;
  /** isStopping: the app is closing; end the round at the next safe point. */
  run(ctx: { db: Db; jobId: number; isStopping: () => boolean }): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: a definition of any input and result is registered with the worker
export type JobDefinition = TenantJob<any, any> | InstallationJob;

export function defineTenantJob<I, R>(definition: Omit<TenantJob<I, R>, 'scope'>): TenantJob<I, R> {
  return { scope: 'tenant', ...definition };
}

export function defineInstallationJob(definition: Omit<InstallationJob, 'scope'>): InstallationJob {
  return { scope: 'installation', ...definition };
}

/** Queues a tenant job in the caller's transaction, to run as `actor`; answers its id. */
export async function enqueueJob<I>(tx: Db, actor: Actor, job: TenantJob<I>, input: I): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`
    insert into jobs (client_id, kind, input, actor, max_attempts, created_by)
    values (${actor.clientId}, ${job.kind}, ${JSON.stringify(input)}::jsonb, ${JSON.stringify(actor)}::jsonb, ${job.maxAttempts ?? 1}, ${actor.userId})
    returning id`,
  );
  return Number(row.id);
}

export interface JobRecord<I = unknown, R = unknown> {
  id: number;
  kind: string;
  status: JobStatus;
  input: I;
  result: R | null;
  /** Message key of why it failed. */
  error: string | null;
  processed: number;
  total: number;
  attempts: number;
  createdBy: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

interface JobRow {
  id: string | number;
  kind: string;
  status: JobStatus;
  input: unknown;
  result: unknown;
  error: string | null;
  processed: number;
  total: number;
  attempts: number;
  created_by: number | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  total_count?: string | number;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toRecord<I, R>(db: Db, r: JobRow): JobRecord<I, R> {
  const id = Number(r.id);
  // While this process runs the job its figures are at least as new as the row's (PGlite: the only ones).
  const live = r.status === 'running' ? workerFor(db)?.progressOf(id) : undefined;
  return {
    id,
    kind: r.kind,
    status: r.status,
    input: r.input as I,
    result: (r.result ?? null) as R | null,
    error: r.error,
    processed: live && live.processed >= r.processed ? live.processed : r.processed,
    total: live && live.processed >= r.processed ? live.total : r.total,
    attempts: r.attempts,
    createdBy: r.created_by,
    createdAt: iso(r.created_at) as string,
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
  };
}

const jobSelect = (extra: SQL = sql``) => sql`
  select id, kind, status, input, result, error, processed, total, attempts, created_by, created_at, started_at, finished_at ${extra}
  from jobs`;

const kindIn = (kinds: string[]) =>
  sql`kind in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )})`;

/** One of the organisation's jobs of these kinds (404 otherwise). `db` finds this process's live figures. */
export async function readJob<I, R>(opts: { tx: Db; db: Db; clientId: number; id: number; kinds: string[] }): Promise<JobRecord<I, R>> {
  const [row] = await queryRows<JobRow>(opts.tx, sql`${jobSelect()} where client_id = ${opts.clientId} and id = ${opts.id} and ${kindIn(opts.kinds)}`);
  if (!row) throw notFound();
  return toRecord<I, R>(opts.db, row);
}

/** A page of the organisation's jobs of these kinds, newest first unless asked otherwise. */
export async function listJobs<I, R>(opts: {
  tx: Db;
  db: Db;
  clientId: number;
  kinds: string[];
  status?: JobStatus;
  order?: 'asc' | 'desc';
  page: number;
  limit: number;
}): Promise<{ data: JobRecord<I, R>[]; total: number }> {
  const { tx, clientId } = opts;
  const filters: SQL[] = [sql`client_id = ${clientId}`, kindIn(opts.kinds)];
  if (opts.status) filters.push(sql`status = ${opts.status}`);
  const where = sql.join(filters, sql` and `);
  const rows = await queryRows<JobRow>(
    tx,
    sql`
    ${jobSelect(sql`, count(*) over () as total_count`)}
    where ${where}
    order by id ${opts.order === 'asc' ? sql`asc` : sql`desc`}
    limit ${opts.limit} offset ${(opts.page - 1) * opts.limit}`,
  );
  let total = rows.length > 0 ? Number(rows[0].total_count) : 0;
  if (rows.length === 0 && opts.page > 1) {
    const [c] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from jobs where ${where}`);
    total = c.n;
  }
  return { data: rows.map((r) => toRecord<I, R>(opts.db, r)), total };
}

/** Waits until the worker of `db` has no job running (tests; the app's close does it too). */
export async function waitForJobs(db: Db): Promise<void> {
  await workerFor(db)?.idle();
}
