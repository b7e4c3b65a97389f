// kill -9 during a background bill run: the real server (main.ts) on a fresh PostgreSQL database with a
// few thousand houses starts a job, is killed while the run's transaction writes, and is started again.
// Then the period holds the whole run or nothing, the ledger verifies, the job says it was interrupted,
// and running it again bills every house once with gapless numbers. The same for cancelling that run
// (a background job in one transaction too): killed while it writes the reversals, the run stays whole.
// PostgreSQL only (PGlite admits one process); skipped, loudly, without TEST_DATABASE_URL.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_PERIOD, generateBilling } from '../../../../../bench/billing/generate.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { verifyLedger } from '../../ledger/index.ts';
import { createOrganisation } from '../users/index.ts';
import { translate } from '@ubo/contracts';
import { CANCEL_INTERRUPTED, JOB_INTERRUPTED } from './bill-run-jobs.ts';

const baseUrl = process.env.TEST_DATABASE_URL;
const HOUSES = 4000;
const CODE = 9300;
const PASSWORD = 'Crash@2026';
const root = fileURLToPath(new URL('../../../../../', import.meta.url));

if (!baseUrl) {
  console.warn('\n*** SKIPPED: the bill run kill -9 test needs PostgreSQL. Set TEST_DATABASE_URL to run it. ***\n');
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Signals the server's whole process group (the tsx launcher and the node process running main.ts). */
function killGroup(child: ChildProcess | null, signal: NodeJS.Signals): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

describe.skipIf(!baseUrl)('bill run killed with kill -9', () => {
  const name = `ubo_crash_${randomBytes(5).toString('hex')}`;
  let dataDir = '';
  // A short job lease: the restarted server takes over (fails) the killed server's job seconds later.
  const env = { ...process.env, HOST: '127.0.0.1', TOKEN_SECRET: randomBytes(32).toString('hex'), SEED_DEMO: '0', LOG_LEVEL: 'warn', JOB_LEASE_MS: '3000' };
  let url = '';
  let database: Database;
  let clientId = 0;
  let server: ChildProcess | null = null;
  let port = 0;
  let output = '';

  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };

  async function start(): Promise<void> {
    port = await freePort();
    // Its own process group: tsx runs the server in a child node process, and kill -9 must reach it.
    const child = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'packages/server/src/main.ts')], {
      cwd: root,
      env: { ...env, PORT: String(port), DATABASE_URL: url, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    server = child;
    for (let i = 0; i < 300; i += 1) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      try {
        await fetch(`http://127.0.0.1:${port}/api/auth/me`);
        return;
      } catch {
        await sleep(100);
      }
    }
    throw new Error(`server did not start: ${output}`);
  }

  const api = async (method: 'GET' | 'POST', path: string, token?: string, body?: object) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    // biome-ignore lint/suspicious/noExplicitAny: test reads JSON answers by field
    return { status: res.status, body: (await res.json()) as any };
  };
  const signIn = async () => (await api('POST', '/api/auth/login', undefined, { username: 'admin', password: PASSWORD, code: CODE })).body.token as string;

  const periodState = () =>
    inSystem(database.db, async (tx) => {
      const [row] = await queryRows<{ bills: number; entries: number; billed: number; runs: number }>(
        tx,
        sql`
        select (select count(*)::int from bills where client_id = ${clientId} and period = ${BENCH_PERIOD}) as bills,
               (select count(*)::int from journal_entries where client_id = ${clientId} and source_type = 'bill') as entries,
               (select count(*)::int from meter_readings where client_id = ${clientId} and billed_bill_id is not null) as billed,
               (select count(*)::int from bill_runs where client_id = ${clientId}) as runs`,
      );
      return row;
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ubo-crash-'));
    await admin(`CREATE DATABASE ${name}`); // a generated hex name, never input
    const u = new URL(baseUrl as string);
    u.pathname = `/${name}`;
    url = u.toString();
    database = await openDatabase({ url });
    await migrate(database);
    ({ clientId } = await createOrganisation(database.db, { code: CODE, name: 'Crash Water', adminUsername: 'admin', adminPassword: PASSWORD }));
    const [adminUser] = await inSystem(database.db, (tx) => queryRows<{ id: number }>(tx, sql`select id from users where client_id = ${clientId}`));
    await generateBilling(database.db, { clientId, userId: adminUser.id, customers: HOUSES, zones: 10 });
  }, 120_000);

  afterAll(async () => {
    killGroup(server, 'SIGKILL');
    await database?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves the whole run or nothing, a sound ledger and a failed job; a new run then bills everyone once', async () => {
    await start();
    const token = await signIn();
    const queued = await api('POST', '/api/bills/jobs', token, { period: BENCH_PERIOD, service: 'water' });
    expect(queued.status).toBe(202);
    const { jobId } = queued.body;

    // Kill as soon as the run's transaction is writing its bills or their entries.
    const watch = new pg.Client({ connectionString: url });
    await watch.connect();
    let isWriting = false;
    for (let i = 0; i < 3000 && !isWriting; i += 1) {
      const { rows } = await watch.query(`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state = 'active' and pid <> pg_backend_pid()
          and (query ilike '%insert into journal_entries%' or query ilike '%insert into bills%' or query ilike '%insert into bill_lines%')`);
      isWriting = rows[0].n > 0;
      if (!isWriting) await sleep(10);
    }
    const exited = new Promise((r) => server?.once('exit', r));
    killGroup(server, 'SIGKILL');
    await exited;
    await watch.end();
    // No process of the killed server lives on (it would finish the run and commit it): its port is closed.
    await expect(fetch(`http://127.0.0.1:${port}/api/auth/me`)).rejects.toThrow();
    expect(isWriting).toBe(true);

    await start();
    const again = await signIn();
    let job = (await api('GET', `/api/bills/jobs/${jobId}`, again)).body;
    // The killed server renews its job's lease no more: once it lapses the new server fails the job (one
    // attempt); the killed connection's transaction was rolled back by PostgreSQL.
    for (let i = 0; i < 150 && job.status !== 'failed' && job.status !== 'done'; i += 1) {
      await sleep(200);
      job = (await api('GET', `/api/bills/jobs/${jobId}`, again)).body;
    }
    const state = await periodState();
    console.info(`kill -9 landed while the run was writing; after the restart the job is ${job.status}, ${state.bills} bills for the period`);
    if (job.status === 'done') {
      // The run committed just before the kill: then all of it is there.
      expect(state).toMatchObject({ bills: HOUSES, entries: HOUSES, billed: HOUSES, runs: 1 });
    } else {
      expect(job).toMatchObject({ status: 'failed', runId: null });
      expect(state).toEqual({ bills: 0, entries: 0, billed: 0, runs: 0 });
      const [row] = await inSystem(database.db, (tx) => queryRows<{ error: string }>(tx, sql`select error from jobs where id = ${jobId}`));
      expect(row.error).toBe(JOB_INTERRUPTED);
    }
    const report = await inSystem(database.db, (tx) => verifyLedger(tx, { clientId }));
    expect(report.balanceDifferences).toEqual([]);
    expect(report.unbalancedEntries).toEqual([]);
    expect(report.isSound).toBe(true);

    // Nothing half-billed stands in the way: a new job bills every house exactly once.
    const rerun = await api('POST', '/api/bills/jobs', again, { period: BENCH_PERIOD, service: 'water' });
    let done = (await api('GET', `/api/bills/jobs/${rerun.body.jobId}`, again)).body;
    for (let i = 0; i < 300 && done.status !== 'done' && done.status !== 'failed'; i += 1) {
      await sleep(200);
      done = (await api('GET', `/api/bills/jobs/${rerun.body.jobId}`, again)).body;
    }
    // A run that bills nothing is not recorded: after a committed first run the second fails, naming it.
    expect(done).toMatchObject(job.status === 'done' ? { status: 'failed', runId: null } : { status: 'done', billCount: HOUSES });
    expect(await periodState()).toMatchObject({ bills: HOUSES, entries: HOUSES, billed: HOUSES });
    const [numbers] = await inSystem(database.db, (tx) =>
      queryRows<{ n: number; lo: number; hi: number }>(
        tx,
        sql`
        select count(*)::int as n, min(bill_no)::int as lo, max(bill_no)::int as hi from bills where client_id = ${clientId}`,
      ),
    );
    expect(numbers).toEqual({ n: HOUSES, lo: 1, hi: HOUSES });
    expect((await inSystem(database.db, (tx) => verifyLedger(tx, { clientId }))).isSound).toBe(true);
  }, 180_000);

  it('cancelling the run, killed half way, leaves the run whole and a failed job; cancelling again cancels every bill once', async () => {
    const token = await signIn();
    const [run] = await inSystem(database.db, (tx) =>
      queryRows<{ id: number }>(
        tx,
        sql`
      select id::int as id from bill_runs where client_id = ${clientId} and status = 'Posted' order by id desc limit 1`,
      ),
    );
    const cancelState = () =>
      inSystem(database.db, async (tx) => {
        const [row] = await queryRows<{ open: number; cancelled: number; reversals: number; linked: number; billed: number; status: string }>(
          tx,
          sql`
          select (select count(*)::int from bills where client_id = ${clientId} and run_id = ${run.id} and status = 'Open') as open,
                 (select count(*)::int from bills where client_id = ${clientId} and run_id = ${run.id} and status = 'Cancelled') as cancelled,
                 (select count(*)::int from journal_entries where client_id = ${clientId} and source_type = 'bill' and reverses_id is not null) as reversals,
                 (select count(*)::int from journal_entries where client_id = ${clientId} and source_type = 'bill' and reversed_by_id is not null) as linked,
                 (select count(*)::int from meter_readings where client_id = ${clientId} and billed_bill_id is not null) as billed,
                 (select status from bill_runs where id = ${run.id}) as status`,
        );
        return row;
      });
    const queued = await api('POST', `/api/bills/runs/${run.id}/cancel`, token, {});
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const { jobId } = queued.body;

    // Kill as soon as the cancellation's transaction writes the reversals.
    const watch = new pg.Client({ connectionString: url });
    await watch.connect();
    let isWriting = false;
    for (let i = 0; i < 3000 && !isWriting; i += 1) {
      const { rows } = await watch.query(`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state = 'active' and pid <> pg_backend_pid()
          and (query ilike '%insert into journal_entries%' or query ilike '%update journal_entries%' or query ilike '%reversed_by_id = x.r%')`);
      isWriting = rows[0].n > 0;
      if (!isWriting) await sleep(10);
    }
    const exited = new Promise((r) => server?.once('exit', r));
    killGroup(server, 'SIGKILL');
    await exited;
    await watch.end();
    await expect(fetch(`http://127.0.0.1:${port}/api/auth/me`)).rejects.toThrow();
    expect(isWriting).toBe(true);

    await start();
    const again = await signIn();
    let job = (await api('GET', `/api/bills/jobs/${jobId}`, again)).body;
    for (let i = 0; i < 150 && job.status !== 'failed' && job.status !== 'done'; i += 1) {
      await sleep(200);
      job = (await api('GET', `/api/bills/jobs/${jobId}`, again)).body;
    }
    const state = await cancelState();
    console.info(`kill -9 landed while the cancellation was writing; after the restart the job is ${job.status}, ${state.cancelled} bills cancelled`);
    if (job.status === 'done') {
      expect(state).toEqual({ open: 0, cancelled: HOUSES, reversals: HOUSES, linked: HOUSES, billed: 0, status: 'Cancelled' });
    } else {
      expect(job).toMatchObject({ kind: 'cancel', status: 'failed', runId: run.id, error: translate(CANCEL_INTERRUPTED, 'en') });
      expect(state).toEqual({ open: HOUSES, cancelled: 0, reversals: 0, linked: 0, billed: HOUSES, status: 'Posted' });
      // Nothing half cancelled stands in the way: cancelling again reverses every bill once.
      const retry = await api('POST', `/api/bills/runs/${run.id}/cancel`, again, {});
      expect(retry.status).toBe(202);
      let done = (await api('GET', `/api/bills/jobs/${retry.body.jobId}`, again)).body;
      for (let i = 0; i < 300 && done.status !== 'done' && done.status !== 'failed'; i += 1) {
        await sleep(200);
        done = (await api('GET', `/api/bills/jobs/${retry.body.jobId}`, again)).body;
      }
      expect(done).toMatchObject({ status: 'done', processed: HOUSES, total: HOUSES, billCount: HOUSES });
      expect(await cancelState()).toEqual({ open: 0, cancelled: HOUSES, reversals: HOUSES, linked: HOUSES, billed: 0, status: 'Cancelled' });
    }
    const report = await inSystem(database.db, (tx) => verifyLedger(tx, { clientId }));
    expect(report).toMatchObject({ isSound: true, balanceDifferences: [], unbalancedEntries: [], numberingGaps: [] });
    killGroup(server, 'SIGTERM');
  }, 180_000);
});
