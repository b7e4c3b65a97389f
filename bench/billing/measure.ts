// Measures the billing paths through the real app (buildApp + app.inject, signed-in administrator:
// token and session check, tenant transaction, validation, JSON): the bill run preview and save of a
// whole period, the customer search with many concurrent clients, receiving payments with concurrent
// cashiers, and the customer ageing report. The save is compared with bare set-based SQL doing the same
// writes (bare.ts).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { inTenant } from '../../packages/server/src/db/tenant.ts';
import { median, percentile, timed } from '../stats.ts';

export interface LoadTiming {
  clients: number;
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * What a run made PostgreSQL do, independent of how fast the machine is: WAL written and shared buffers
 * read (hit or not). CPU and wall time vary with the machine and its neighbours (steal time on a shared
 * host doubled them on one day); these do not, so runs of different days compare on them.
 */
export interface DatabaseWork {
  walMiB: number;
  bufferMillions: number;
}

async function workCounters(db: Db): Promise<{ lsn: string; buffers: number }> {
  const [row] = await queryRows<{ lsn: string; buffers: string }>(
    db,
    sql`
    select pg_current_wal_lsn()::text as lsn, (blks_hit + blks_read)::text as buffers from pg_stat_database where datname = current_database()`,
  );
  return { lsn: row.lsn, buffers: Number(row.buffers) };
}

/** Runs fn on PostgreSQL and answers the WAL and buffer reads it caused (null on PGlite). */
export async function withWork<T>(db: Db, kind: 'pglite' | 'postgres', fn: () => Promise<T>): Promise<{ value: T; work: DatabaseWork | null }> {
  if (kind !== 'postgres') return { value: await fn(), work: null };
  const before = await workCounters(db);
  const value = await fn();
  // An idle backend reports its buffer counts at once if its last report is a second old, else within
  // ten seconds (PostgreSQL 15's idle stats interval).
  await new Promise((resolve) => setTimeout(resolve, 10_500));
  const after = await workCounters(db);
  const [{ bytes }] = await queryRows<{ bytes: string }>(db, sql`select (${after.lsn}::pg_lsn - ${before.lsn}::pg_lsn)::text as bytes`);
  return { value, work: { walMiB: Number(bytes) / 2 ** 20, bufferMillions: (after.buffers - before.buffers) / 1e6 } };
}

/** CPU seconds a run used: this process (with PGlite, the database too) and the PostgreSQL backends of the database, when they run on this machine. */
export interface CpuSeconds {
  node: number;
  postgres: number | null;
}

/** utime + stime of a process in seconds (Linux /proc, 100 ticks a second), or null when it cannot be read. */
function processCpu(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function backendCpu(db: Db): Promise<Map<number, number> | null> {
  const rows = await queryRows<{ pid: number }>(db, sql`select pid from pg_stat_activity where datname = current_database()`);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    const cpu = processCpu(Number(pid));
    if (cpu === null) return null;
    out.set(Number(pid), cpu);
  }
  return out;
}

/**
 * Runs fn and answers what it cost in CPU as well as in wall time: on a machine shared with other work
 * the wall time mostly measures the queue for the cores, the CPU time what the work itself needs.
 */
export async function withCpu<T>(db: Db, kind: 'pglite' | 'postgres', fn: () => Promise<T>): Promise<{ value: T; cpu: CpuSeconds }> {
  const before = kind === 'postgres' ? await backendCpu(db) : null;
  const nodeBefore = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(nodeBefore);
  let postgres: number | null = null;
  if (before) {
    const after = await backendCpu(db);
    if (after) {
      postgres = 0;
      for (const [pid, cpu] of after) postgres += cpu - (before.get(pid) ?? 0);
    }
  }
  return { value, cpu: { node: (used.user + used.system) / 1e6, postgres } };
}

export function hasRoute(app: FastifyInstance, method: 'GET' | 'POST', url: string): boolean {
  return app.hasRoute({ method, url });
}

/** POST /api/bills/generateCustomersBill for the whole period: milliseconds and bills previewed. */
export async function measurePreview(app: FastifyInstance, token: string, period: string): Promise<{ ms: number; bills: number; bytes: number }> {
  const { ms, value } = await timed(() => app.inject({ method: 'POST', url: '/api/bills/generateCustomersBill', payload: { period }, headers: bearer(token) }));
  if (value.statusCode !== 200) throw new Error(`preview answered ${value.statusCode}: ${value.body.slice(0, 300)}`);
  return { ms, bills: value.json().totals.billed, bytes: value.body.length };
}

/** POST /api/bills/saveCustomersBill for the whole period (one transaction). */
export async function measureSave(app: FastifyInstance, token: string, period: string): Promise<{ ms: number; bills: number }> {
  const { ms, value } = await timed(() => app.inject({ method: 'POST', url: '/api/bills/saveCustomersBill', payload: { period }, headers: bearer(token) }));
  if (value.statusCode !== 201) throw new Error(`save answered ${value.statusCode}: ${value.body.slice(0, 300)}`);
  return { ms, bills: value.json().billCount };
}

/** `clients` workers sending `requests` requests in all; each request's latency is kept. */
async function load(clients: number, requests: number, send: (n: number) => Promise<void>): Promise<LoadTiming> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    for (;;) {
      const n = next;
      next += 1;
      if (n >= requests) return;
      const { ms } = await timed(() => send(n));
      latencies.push(ms);
    }
  };
  const { ms } = await timed(() => Promise.all(Array.from({ length: clients }, worker)));
  return { clients, requests, seconds: ms / 1000, perSecond: requests / (ms / 1000), p50: median(latencies), p99: percentile(latencies, 99) };
}

/** What people type in the customer search: a first name, a name and a surname start, a phone, a meter or customer number. */
async function searchTerms(db: Db, clientId: number): Promise<string[]> {
  const rows = await inTenant(db, clientId, (tx) =>
    queryRows<{ name: string; phone: string; customer_no: string; meter_no: string }>(
      tx,
      sql`
      select c.name, c.phone, c.customer_no, m.meter_no from customers c
      join houses h on h.customer_id = c.id join meters m on m.house_id = h.id and m.removed_on is null
      where c.client_id = ${clientId} and c.id % 997 = 0 order by c.id limit 200`,
    ),
  );
  return rows.flatMap((r, i) => {
    const [first, second] = r.name.split(' ');
    return [first.slice(0, 3 + (i % 3)), `${first} ${second.slice(0, 2)}`, r.phone.slice(-7), r.meter_no.slice(-6), r.customer_no];
  });
}

/** GET /api/elc/customers?q=... (first page of 20) by `clients` concurrent clients. */
export async function measureSearch(
  app: FastifyInstance,
  db: Db,
  opts: { clientId: number; token: string; clients: number; requests: number },
): Promise<LoadTiming> {
  const terms = await searchTerms(db, opts.clientId);
  const send = async (n: number) => {
    const q = encodeURIComponent(terms[n % terms.length]);
    const res = await app.inject({ method: 'GET', url: `/api/elc/customers?q=${q}&_limit=20`, headers: bearer(opts.token) });
    if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  };
  for (let i = 0; i < 20; i += 1) await send(i);
  return load(opts.clients, opts.requests, send);
}

/**
 * GET /api/cities (sign-in check, tenant transaction, a page of the organisation's few cities and their
 * count) by `clients` concurrent clients: about the cheapest authenticated read, so about the most any
 * search could make through the same request path. With N clients in a closed loop the mean latency is
 * N / throughput: a p99 under 30 ms with 50 clients needs more than 1,667 requests/s.
 */
export async function measureRequestFloor(app: FastifyInstance, opts: { token: string; clients: number; requests: number }): Promise<LoadTiming> {
  const send = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/cities', headers: bearer(opts.token) });
    if (res.statusCode !== 200) throw new Error(`cities answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  };
  for (let i = 0; i < 20; i += 1) await send();
  return load(opts.clients, opts.requests, send);
}

/** POST /api/finance/payments (mobile money, allocated to the open bills) by `clients` concurrent cashiers. */
export async function measurePayments(
  app: FastifyInstance,
  db: Db,
  opts: { clientId: number; token: string; clients: number; requests: number; date: string },
): Promise<LoadTiming> {
  const [row] = await inTenant(db, opts.clientId, (tx) =>
    queryRows<{ account: number; customers: number[] }>(
      tx,
      sql`
      select (select id from accounts where client_id = ${opts.clientId} and code = '1040') as account,
             (select array_agg(id order by id) from customers where client_id = ${opts.clientId}) as customers`,
    ),
  );
  const customers = row.customers.map(Number);
  const send = async (n: number) => {
    const payload = {
      customerId: customers[(n * 7919) % customers.length],
      amount: `${5 + (n % 20)}.${String(n % 100).padStart(2, '0')}`,
      date: opts.date,
      accountId: Number(row.account),
      reference: `BENCH-${n}`,
      method: 'mobile_money',
    };
    const res = await app.inject({ method: 'POST', url: '/api/finance/payments', payload, headers: bearer(opts.token) });
    if (res.statusCode !== 201) throw new Error(`payment answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  };
  return load(opts.clients, opts.requests, send);
}

/** GET /api/finance/customer/aging?date (first page): median and p95 of `runs` calls after two warm-ups. */
export async function measureAging(
  app: FastifyInstance,
  token: string,
  date: string,
  runs: number,
): Promise<{ median: number; p95: number; customers: number }> {
  const call = async () => {
    const res = await app.inject({ method: 'GET', url: `/api/finance/customer/aging?date=${date}`, headers: bearer(token) });
    if (res.statusCode !== 200) throw new Error(`ageing answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return res.json().totals.customers as number;
  };
  await call();
  const customers = await call();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) samples.push((await timed(call)).ms);
  return { median: median(samples), p95: percentile(samples, 95), customers };
}
