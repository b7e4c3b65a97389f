// Durable jobs (issue 13 §5). On PostgreSQL two app instances share one database, as two server processes
// would: a job started on A shows its progress and then its result on B, and a bill run queued through
// A's API is read through B's. On both databases: a job whose server died (its lease lapsed) is retried
// while attempts remain and marked failed after, and a job's writes commit only with its 'done' mark
// (a failure or a lost claim leaves nothing of it). The real kill -9 of a server during a bill run is
// bill-run-crash.test.ts.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { systemActor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError } from '../../plugins/errors.ts';
import { bearer, newOrganisation, startTestApp, type TestContext } from '../../../test/harness.ts';
import { billingFactory } from '../metering/billing-test-kit.ts';
import { defineTenantJob, enqueueJob, readJob, waitForJobs } from './index.ts';

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Jobs Water' });
});
afterAll(() => ctx.close());

const actorOf = () => systemActor({ clientId: org.clientId, userId: org.adminId, username: 'admin', lang: 'so' });

/** A gate a job waits at, opened by the test. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

interface Step {
  /** Items the job says it has done before it waits at the gate. */
  before: number;
  total: number;
  gate?: Promise<void>;
  fail?: boolean;
}
const steps = new Map<string, Step>();

/** A job that writes an audit line in its transaction, reports progress, waits at its gate, and answers. */
const countJob = defineTenantJob<{ name: string }, { counted: number }>({
  kind: 'test.count',
  maxAttempts: 2,
  failedKey: 'common.notFound',
  interruptedKey: 'billJob.interrupted',
  run: async ({ tx, actor, input, progress }) => {
    const step = steps.get(input.name) ?? { before: 0, total: 1 };
    await writeAudit(tx, actor, { action: 'create', entity: 'test-job', entityId: 1, after: { name: input.name } });
    progress(step.before, step.total);
    await step.gate;
    if (step.fail) throw new AppError(409, 'REFUSED', 'bill.runPaid');
    progress(step.total, step.total);
    return { counted: step.total };
  },
});

const auditLines = async (name: string) => {
  const rows = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ n: number }>(
      tx,
      sql`
    select count(*)::int as n from audit_log where client_id = ${org.clientId} and entity = 'test-job' and after->>'name' = ${name}`,
    ),
  );
  return rows[0].n;
};

const queue = (name: string) => inTenant(ctx.database.db, org.clientId, (tx) => enqueueJob(tx, actorOf(), countJob, { name }), org.adminId);

const jobRow = async (id: number) => {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ status: string; attempts: number; error: string | null; processed: number }>(
      tx,
      sql`
    select status, attempts, error, processed from jobs where id = ${id}`,
    ),
  );
  return row;
};

describe('durable jobs', () => {
  beforeAll(() => {
    ctx.app.jobs.define(countJob);
  });

  it('runs a queued job in one transaction with its done mark; its progress is readable while it runs', async () => {
    const g = gate();
    steps.set('first', { before: 2, total: 5, gate: g.opened });
    const id = await queue('first');
    ctx.app.jobs.kick();
    await vi.waitFor(() => expect(ctx.app.jobs.progressOf(id)).toEqual({ processed: 2, total: 5 }), { timeout: 10_000, interval: 20 });
    g.open();
    await waitForJobs(ctx.database.db);
    const job = await inTenant(ctx.database.db, org.clientId, (tx) => readJob({ tx, db: ctx.database.db, clientId: org.clientId, id, kinds: ['test.count'] }));
    expect(job).toMatchObject({
      id,
      kind: 'test.count',
      status: 'done',
      processed: 5,
      total: 5,
      result: { counted: 5 },
      error: null,
      attempts: 1,
      createdBy: org.adminId,
    });
    expect(await auditLines('first')).toBe(1);
    // Another organisation does not see it.
    const other = await newOrganisation(ctx, { name: 'Other Jobs Water' });
    await expect(
      inTenant(ctx.database.db, other.clientId, (tx) => readJob({ tx, db: ctx.database.db, clientId: other.clientId, id, kinds: ['test.count'] })),
    ).rejects.toThrow();
  });

  it("a refusal fails the job in the person's words and leaves nothing of its work", async () => {
    steps.set('refused', { before: 1, total: 3, fail: true });
    const id = await queue('refused');
    ctx.app.jobs.kick();
    await waitForJobs(ctx.database.db);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', error: 'bill.runPaid', processed: 0 });
    expect(await auditLines('refused')).toBe(0);
  });

  it('a job whose server died is retried while attempts remain, then marked failed; nothing half done', async () => {
    steps.set('retried', { before: 0, total: 2 });
    steps.set('given-up', { before: 0, total: 2 });
    const retried = await queue('retried');
    const givenUp = await queue('given-up');
    // As a killed server leaves them: running, claimed by a worker that renews the lease no more.
    await inSystem(ctx.database.db, (tx) =>
      tx.execute(sql`
      update jobs set status = 'running', attempts = case when id = ${retried} then 1 else 2 end, locked_by = 'dead-server',
             lease_until = now() - interval '1 second', started_at = now()
      where id in (${retried}, ${givenUp})`),
    );
    ctx.app.jobs.kick();
    await waitForJobs(ctx.database.db);
    expect(await jobRow(retried)).toMatchObject({ status: 'done', attempts: 2, error: null, processed: 2 });
    expect(await jobRow(givenUp)).toMatchObject({ status: 'failed', attempts: 2, error: 'billJob.interrupted', processed: 0 });
    expect(await auditLines('retried')).toBe(1);
    expect(await auditLines('given-up')).toBe(0);
  });

  it.skipIf(!isPostgres)('a run whose claim was taken over (its lease lapsed) rolls back instead of committing twice', async () => {
    const g = gate();
    steps.set('taken', { before: 1, total: 2, gate: g.opened });
    const id = await queue('taken');
    ctx.app.jobs.kick();
    await vi.waitFor(async () => expect((await jobRow(id)).processed).toBe(1), { timeout: 10_000, interval: 20 });
    // Another process took it over (this one looked dead to it).
    await inSystem(ctx.database.db, (tx) => tx.execute(sql`update jobs set locked_by = 'other-server' where id = ${id}`));
    g.open();
    await waitForJobs(ctx.database.db);
    expect(await jobRow(id)).toMatchObject({ status: 'running' });
    expect(await auditLines('taken')).toBe(0);
    await inSystem(ctx.database.db, (tx) =>
      tx.execute(sql`update jobs set status = 'failed', error = 'billJob.interrupted', lease_until = null where id = ${id}`),
    );
  });

  describe.skipIf(!isPostgres)('two server processes on one database', () => {
    let second: Database;
    let appB: FastifyInstance;
    beforeAll(async () => {
      // B opens the same database on its own pool and runs its own worker, as a second process would.
      const url = ((ctx.database.db as unknown as { session: { client: pg.Pool } }).session.client as unknown as { options: { connectionString: string } })
        .options.connectionString;
      second = await openDatabase({ url });
      appB = await buildApp({ db: second.db, tokenSecret: new TextDecoder().decode(ctx.app.tokenSecret) });
      await appB.ready();
    });
    afterAll(async () => {
      await appB?.close();
      await second?.close();
    });

    it('a job started on A shows its progress on B while it runs, then its result; its work only once done', async () => {
      const g = gate();
      steps.set('shared', { before: 3, total: 7, gate: g.opened });
      const id = await queue('shared');
      ctx.app.jobs.kick();
      const readOnB = () => inTenant(second.db, org.clientId, (tx) => readJob({ tx, db: second.db, clientId: org.clientId, id, kinds: ['test.count'] }));
      await vi.waitFor(async () => expect(await readOnB()).toMatchObject({ status: 'running', processed: 3, total: 7 }), { timeout: 10_000, interval: 20 });
      // The job's audit line is in its open transaction: not visible to B (nor anyone) yet.
      expect(await auditLines('shared')).toBe(0);
      g.open();
      await vi.waitFor(async () => expect(await readOnB()).toMatchObject({ status: 'done', processed: 7, total: 7, result: { counted: 7 } }), {
        timeout: 10_000,
        interval: 20,
      });
      expect(await auditLines('shared')).toBe(1);
    });

    it("a bill run queued through A's API is read, done with its run, through B's", async () => {
      const f = billingFactory(ctx, org);
      await f.call(org.token, 'POST', '/api/elc/prices', {
        name: 'Flat',
        customerClass: 'residential',
        effectiveFrom: '2025-01-01',
        blocks: [{ from: '0', to: null, rate: '2' }],
      });
      const zone = await f.zone();
      const customer = await f.customer({ name: 'Hodan Ali' });
      for (let i = 0; i < 3; i += 1) {
        const house = await f.house({ customerId: customer.id, zoneId: zone.id });
        await f.reading({ houseId: house.id, period: '2025-03', currentReading: '10' });
      }
      const queued = await ctx.app.inject({
        method: 'POST',
        url: '/api/bills/jobs',
        headers: bearer(org.token),
        payload: { period: '2025-03', service: 'water' },
      });
      expect(queued.statusCode).toBe(202);
      const { jobId } = queued.json();
      const onB = async () => (await appB.inject({ method: 'GET', url: `/api/bills/jobs/${jobId}`, headers: bearer(org.token) })).json();
      await vi.waitFor(async () => expect(await onB()).toMatchObject({ status: 'done', processed: 3, total: 3, billCount: 3, amount: '60.00' }), {
        timeout: 20_000,
        interval: 50,
      });
      const { runId } = await onB();
      expect((await appB.inject({ method: 'GET', url: `/api/bills/runs/${runId}`, headers: bearer(org.token) })).json()).toMatchObject({
        billCount: 3,
        total: '60.00',
      });
    });
  });
});
