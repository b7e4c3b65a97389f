// The worker of one server process: claims due jobs of the kinds it knows from the jobs table (FOR UPDATE
// SKIP LOCKED, so processes never take the same job), runs them, and holds each with a lease it renews.
// A tenant job runs in ONE transaction as the person who started it, and its 'done' mark (with result
// and last progress) is written in that transaction only if this worker still holds it: the work and the
// mark commit together or not at all. While it runs, progress and the lease are written to the row on a
// second connection (PostgreSQL), so another process reads them; PGlite has one connection, held by the
// job's transaction, so there progress is kept in memory (PGlite admits one process anyway). A job whose
// lease lapsed (its process died) is claimed again while attempts remain, otherwise marked failed with
// its kind's 'interrupted' message. An installation job (the SMS dispatcher) is one periodic row, queued
// again after each round; kick(kind) makes it due at once.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../plugins/errors.ts';
import type { InstallationJob, JobDefinition, TenantJob } from './define-job.ts';

export interface WorkerOptions {
  /** How often due jobs are looked for without a kick (ms); 0: only when kicked. */
  pollMs: number;
  /** How long a claim holds without a heartbeat (ms); renewed every third of it. */
  leaseMs: number;
  /** Jobs this process runs at the same time. */
  concurrency: number;
  log?: (message: string, err?: unknown) => void;
}

export function workerOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Pick<WorkerOptions, 'pollMs' | 'leaseMs' | 'concurrency'> {
  const num = (value: string | undefined, fallback: number) =>
    value !== undefined && value !== '' && Number.isFinite(Number(value)) ? Number(value) : fallback;
  return { pollMs: num(env.JOB_POLL_MS, 1000), leaseMs: num(env.JOB_LEASE_MS, 30_000), concurrency: num(env.JOB_CONCURRENCY, 4) };
}

interface Claimed {
  id: string | number;
  client_id: number | null;
  kind: string;
  input: unknown;
  actor: Actor | null;
}

interface Live {
  processed: number;
  total: number;
  /** The last figures written to the row, and the write in flight. */
  written: string;
  writing: Promise<void>;
  finished: Promise<void>;
}

/** A separate connection can write while a job's transaction is open (node-postgres pool), not PGlite. */
function hasSecondConnection(db: Db): boolean {
  return (db as unknown as { session: { client?: unknown } }).session.client instanceof pg.Pool;
}

/** The worker of each database (each built app has one; tests open several in one process). */
const workers = new WeakMap<Db, JobWorker>();

export function workerFor(db: Db): JobWorker | undefined {
  return workers.get(db);
}

export class JobWorker {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly live = new Map<number, Live>();
  private readonly dueKinds = new Set<string>();
  private readonly canWriteAside: boolean;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private isPollWanted = false;
  private isStarted = false;
  private isStopped = false;

  constructor(
    private readonly db: Db,
    private readonly opts: WorkerOptions,
  ) {
    this.canWriteAside = hasSecondConnection(db);
    workers.set(db, this);
  }

  /** Makes a kind runnable by this worker (modules call it when they register, before start). */
  define(definition: JobDefinition): void {
    if (this.definitions.has(definition.kind)) throw new Error(`Job kind ${definition.kind} is defined twice`);
    this.definitions.set(definition.kind, definition);
  }

  async start(): Promise<void> {
    this.isStarted = true;
    this.isStopped = false;
    const periodic = [...this.definitions.values()].filter((d): d is InstallationJob => d.scope === 'installation');
    for (const d of periodic) {
      await inSystem(this.db, (tx) =>
        tx.execute(sql`insert into jobs (client_id, kind, max_attempts) values (null, ${d.kind}, 3) on conflict (kind) where client_id is null do nothing`),
      );
    }
    const every = [this.opts.pollMs, ...periodic.map((d) => d.everyMs)].filter((ms) => ms > 0);
    if (every.length > 0 && !this.timer) {
      this.timer = setInterval(() => this.kick(), Math.min(...every));
      this.timer.unref();
    }
    this.kick();
  }

  /** Ends the timer and waits for the jobs this process runs (app close). */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  /** Looks for due jobs now (after a commit that queued one); with a kind, its installation job is made due first. */
  kick(kind?: string): void {
    if (kind) this.dueKinds.add(kind);
    if (this.isStopped || !this.isStarted) return;
    if (this.polling) {
      this.isPollWanted = true;
      return;
    }
    this.polling = this.poll()
      .catch((err) => this.opts.log?.('jobs: looking for due jobs failed', err))
      .finally(() => {
        this.polling = null;
        if (this.isPollWanted && !this.isStopped) {
          this.isPollWanted = false;
          this.kick();
        }
      });
  }

  /** Resolves once this process has no job running and no look for due jobs in flight (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.polling || this.live.size > 0) {
      await this.polling;
      await Promise.all([...this.live.values()].map((l) => l.finished));
    }
  }

  /** The figures of a job this process runs (newer than its row on PGlite), or undefined. */
  progressOf(id: number): { processed: number; total: number } | undefined {
    const live = this.live.get(id);
    return live && { processed: live.processed, total: live.total };
  }

  private async poll(): Promise<void> {
    const kinds = [...this.definitions.keys()];
    if (kinds.length === 0) return;
    if (this.dueKinds.size > 0) {
      const due = [...this.dueKinds];
      this.dueKinds.clear();
      // Running now: the round after it starts at once (the claim moved run_after to the next round).
      await inSystem(this.db, (tx) =>
        tx.execute(sql`update jobs set run_after = now() where client_id is null and kind in ${this.kindList(due)} and run_after > now()`),
      );
    }
    await this.failLapsed(kinds);
    const free = this.opts.concurrency - this.live.size;
    if (free <= 0) return;
    const claimed = await this.claim(kinds, free);
    for (const job of claimed) this.launch(job);
    if (claimed.length === free) this.isPollWanted = true;
  }

  /** The jobs this process runs, as a PostgreSQL array literal: never taken over by this process itself. */
  private liveIds(): string {
    return `{${[...this.live.keys()].join(',')}}`;
  }

  private kindList(kinds: string[]) {
    return sql`(${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})`;
  }

  /** Jobs whose process died with their last attempt: failed, with their kind's message; nothing of them committed. */
  private async failLapsed(kinds: string[]): Promise<void> {
    const keys = JSON.stringify(
      Object.fromEntries([...this.definitions.values()].map((d) => [d.kind, d.scope === 'tenant' ? d.interruptedKey : 'job.interrupted'])),
    );
    const failed = await inSystem(this.db, (tx) =>
      queryRows<{ id: string | number; kind: string }>(
        tx,
        sql`
        with lapsed as (
          select id from jobs
          where status = 'running' and lease_until < now() and attempts >= max_attempts and client_id is not null and kind in ${this.kindList(kinds)}
            and not (id = any(${this.liveIds()}::bigint[]))
          for update skip locked)
        update jobs j set status = 'failed', error = ${keys}::jsonb ->> j.kind, processed = 0, lease_until = null, locked_by = null, finished_at = now()
        from lapsed where j.id = lapsed.id
        returning j.id, j.kind`,
      ),
    );
    for (const f of failed)
      this.opts.log?.(`jobs: ${f.kind} job ${f.id} was interrupted (its server stopped) and is marked failed; nothing of it was committed`);
  }

  private async claim(kinds: string[], limit: number): Promise<Claimed[]> {
    const everyMs = JSON.stringify(
      Object.fromEntries([...this.definitions.values()].filter((d): d is InstallationJob => d.scope === 'installation').map((d) => [d.kind, d.everyMs])),
    );
    return inSystem(this.db, (tx) =>
      queryRows<Claimed>(
        tx,
        sql`
        with due as (
          select id from jobs
          where kind in ${this.kindList(kinds)}
            and not (id = any(${this.liveIds()}::bigint[]))
            and ((status = 'queued' and run_after <= now())
                 or (status = 'running' and lease_until < now() and (client_id is null or attempts < max_attempts)))
          order by run_after, id
          limit ${limit}
          for update skip locked)
        update jobs j
        set status = 'running', attempts = j.attempts + 1, locked_by = ${this.id},
            lease_until = now() + ${this.opts.leaseMs} * interval '1 millisecond', started_at = now(), finished_at = null,
            -- An installation job's next round: its period from now, or never until kicked.
            run_after = case when j.client_id is not null then j.run_after
                             when (${everyMs}::jsonb ->> j.kind)::numeric > 0 then now() + (${everyMs}::jsonb ->> j.kind)::numeric * interval '1 millisecond'
                             else 'infinity' end
        from due where j.id = due.id
        returning j.id, j.client_id, j.kind, j.input, j.actor`,
      ),
    );
  }

  private launch(job: Claimed): void {
    const id = Number(job.id);
    const live: Live = { processed: 0, total: 0, written: '', writing: Promise.resolve(), finished: Promise.resolve() };
    this.live.set(id, live);
    const definition = this.definitions.get(job.kind) as JobDefinition;
    live.finished = (definition.scope === 'tenant' ? this.runTenantJob(definition, job, live) : this.runInstallationJob(definition, id))
      .catch((err) => this.opts.log?.(`jobs: ${job.kind} job ${id} could not record its outcome`, err))
      .finally(() => {
        this.live.delete(id);
        this.kick();
      });
  }

  /** Renews the lease (and writes progress) on a second connection while the job runs; PGlite: nothing to do. */
  private heartbeat(id: number, live: Live, canWrite = this.canWriteAside): () => void {
    if (!canWrite) return () => {};
    const timer = setInterval(() => this.writeProgress(id, live, true, true), Math.max(50, Math.floor(this.opts.leaseMs / 3)));
    timer.unref();
    return () => clearInterval(timer);
  }

  /** One write at a time, the latest figures; the lease is renewed with them. */
  private writeProgress(id: number, live: Live, isBeat = false, canWrite = this.canWriteAside): void {
    if (!canWrite) return;
    const figures = `${live.processed}/${live.total}`;
    if (!isBeat && figures === live.written) return;
    live.writing = live.writing.then(async () => {
      live.written = `${live.processed}/${live.total}`;
      await inSystem(this.db, (tx) =>
        tx.execute(sql`
          update jobs set processed = ${live.processed}, total = ${live.total}, lease_until = now() + ${this.opts.leaseMs} * interval '1 millisecond'
          where id = ${id} and status = 'running' and locked_by = ${this.id}`),
      ).catch((err) => this.opts.log?.(`jobs: job ${id} could not record its progress`, err));
    });
  }

  private async runTenantJob(definition: TenantJob, job: Claimed, live: Live): Promise<void> {
    const id = Number(job.id);
    const actor = job.actor as Actor;
    const stopBeat = this.heartbeat(id, live);
    try {
      await inTenant(
        this.db,
        actor.clientId,
        async (tx) => {
          const result = await definition.run({
            tx,
            db: this.db,
            actor,
            input: job.input,
            jobId: id,
            progress: (processed, total) => {
              live.processed = processed;
              live.total = total;
              this.writeProgress(id, live);
            },
          });
          // Only while this worker still holds the job: a lapsed claim taken by another process rolls back.
          const marked = await queryRows(
            tx,
            sql`
          update jobs set status = 'done', result = ${JSON.stringify(result ?? null)}::jsonb, processed = ${live.processed}, total = ${live.total},
                 lease_until = null, locked_by = null, finished_at = now()
          where id = ${id} and status = 'running' and locked_by = ${this.id}
          returning id`,
          );
          if (marked.length === 0) throw new LostClaim();
        },
        actor.userId,
      );
    } catch (err) {
      if (err instanceof LostClaim) {
        this.opts.log?.(`jobs: ${job.kind} job ${id} was taken over (its lease lapsed); this run rolled back`);
        return;
      }
      // Rolled back; say why in the person's words (a field error's key is the useful one).
      const key = err instanceof AppError ? (err.details?.[0]?.message ?? err.messageKey) : definition.failedKey;
      if (!(err instanceof AppError)) this.opts.log?.(`jobs: ${job.kind} job ${id} failed`, err);
      await inSystem(this.db, (tx) =>
        tx.execute(sql`
          update jobs set status = 'failed', error = ${key}, processed = 0, total = ${live.total}, lease_until = null, locked_by = null, finished_at = now()
          where id = ${id} and status = 'running' and locked_by = ${this.id}`),
      );
    } finally {
      stopBeat();
      await live.writing;
    }
  }

  private async runInstallationJob(definition: InstallationJob, id: number): Promise<void> {
    const live = this.live.get(id) as Live;
    // No transaction holds the connection here: the lease is renewed on PGlite too.
    const stopBeat = this.heartbeat(id, live, true);
    try {
      await definition.run({ db: this.db, jobId: id, isStopping: () => this.isStopped });
    } catch (err) {
      this.opts.log?.(`jobs: ${definition.kind} round failed`, err);
    } finally {
      stopBeat();
      await live.writing;
      // Queued for its next round (run_after was set by the claim, or by a kick meanwhile).
      await inSystem(this.db, (tx) =>
        tx.execute(sql`
          update jobs set status = 'queued', attempts = 0, lease_until = null, locked_by = null, finished_at = now()
          where id = ${id} and status = 'running' and locked_by = ${this.id}`),
      );
    }
  }
}

class LostClaim extends Error {}
