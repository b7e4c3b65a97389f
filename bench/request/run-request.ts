// `npm run bench -- request [--clients 50] [--requests 4000] [--rounds 5]` (PostgreSQL): the request
// path's cost. The cheapest authenticated read of the app (GET /api/cities: token, session statement,
// tenant transaction under row-level security, a page and its count, commit) against the bare Fastify +
// pg server doing the same round trips (bare-server.ts), both through app.inject in this process, on one
// database, with the same pool size and the same closed loop of concurrent clients. The two alternate
// round by round, so load from other work on the machine falls on both alike; the ratio of each round
// (app / bare) is what the target reads: 0.8 or more for throughput, and for p99 the bare p99 over the app's.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { createOrganisation } from '../../packages/server/src/modules/users/index.ts';
import { fmt, median, percentile, timed } from '../stats.ts';
import { buildBareServer } from './bare-server.ts';

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

export interface RequestOptions {
  clients: number;
  requests: number;
  rounds: number;
}

interface Load {
  /** This process's CPU time per request (µs): app or bare server, plus the load generator alike. */
  cpuMicros: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** `clients` workers in a closed loop sending `requests` GET /api/cities in all. */
async function load(app: FastifyInstance, token: string, clients: number, requests: number): Promise<Load> {
  const latencies: number[] = [];
  let next = 0;
  const send = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/cities', headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`cities answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  };
  const worker = async () => {
    while (next < requests) {
      next += 1;
      latencies.push((await timed(send)).ms);
    }
  };
  for (let i = 0; i < 200; i += 1) await send(); // warm-up: JIT, prepared statements, pool connections
  const cpu = process.cpuUsage();
  const { ms } = await timed(() => Promise.all(Array.from({ length: clients }, worker)));
  const used = process.cpuUsage(cpu);
  return { cpuMicros: (used.user + used.system) / requests, perSecond: requests / (ms / 1000), p50: median(latencies), p99: percentile(latencies, 99) };
}

export async function benchRequest(baseUrl: string, options: RequestOptions): Promise<string> {
  const name = `ubo_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`); // a generated hex name, never input
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const poolSize = Number(process.env.DB_POOL_SIZE ?? 10);
  const database = await openDatabase({ url: url.toString() });
  const tokenSecret = randomBytes(32).toString('hex');
  const loadBefore = loadavg()[0];
  try {
    await migrate(database);
    const app = await buildApp({ db: database.db, tokenSecret });
    await app.ready();
    const bare = await buildBareServer({ url: url.toString(), tokenSecret, poolSize });
    try {
      const password = 'Bench@2026';
      await createOrganisation(database.db, { code: 9003, name: 'Request bench', adminUsername: 'admin', adminPassword: password });
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password, code: 9003 } });
      if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
      const token: string = login.json().token;
      for (const [i, city] of ['Muqdisho', 'Hargeysa', 'Kismaayo', 'Baydhabo', 'Garoowe', 'Beledweyne', 'Gaalkacyo', 'Berbera'].entries()) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/cities',
          payload: { name: city, region: `Region ${i + 1}` },
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.statusCode !== 201) throw new Error(`city: ${res.body}`);
      }
      const same = [
        (await app.inject({ method: 'GET', url: '/api/cities', headers: { authorization: `Bearer ${token}` } })).json(),
        (await bare.app.inject({ method: 'GET', url: '/api/cities', headers: { authorization: `Bearer ${token}` } })).json(),
      ];
      if (JSON.stringify(same[0]) !== JSON.stringify(same[1]))
        throw new Error(`the bare server answers differently:\n${JSON.stringify(same[0])}\n${JSON.stringify(same[1])}`);

      const rounds: Array<{ app: Load; bare: Load }> = [];
      for (let r = 0; r < options.rounds; r += 1) {
        process.stderr.write(`[request] round ${r + 1} of ${options.rounds}\n`);
        const b = await load(bare.app, token, options.clients, options.requests);
        const a = await load(app, token, options.clients, options.requests);
        rounds.push({ app: a, bare: b });
      }
      const throughput = rounds.map((x) => x.app.perSecond / x.bare.perSecond);
      const p99 = rounds.map((x) => x.bare.p99 / x.app.p99);
      const text = [
        `# Request path: PostgreSQL, GET /api/cities, app against a bare Fastify + pg server`,
        '',
        `${new Date().toISOString().slice(0, 10)}; ${cpus().length} cores, Node ${process.version}; pool of ${poolSize}; ${options.clients} concurrent clients in a closed loop, ${options.requests.toLocaleString('en-US')} requests per measure after 200 warm-up ones, app and bare alternating. Load average (1 min) ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.`,
        '',
        '| Round | App req/s | App p50 ms | App p99 ms | App CPU µs/req | Bare req/s | Bare p50 ms | Bare p99 ms | Bare CPU µs/req | Throughput app / bare | p99 bare / app | CPU bare / app |',
        '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        ...rounds.map(
          (x, i) =>
            `| ${i + 1} | ${x.app.perSecond.toFixed(0)} | ${fmt(x.app.p50)} | ${fmt(x.app.p99)} | ${x.app.cpuMicros.toFixed(0)} | ${x.bare.perSecond.toFixed(0)} | ${fmt(x.bare.p50)} | ${fmt(x.bare.p99)} | ${x.bare.cpuMicros.toFixed(0)} | ${throughput[i].toFixed(2)} | ${p99[i].toFixed(2)} | ${(x.bare.cpuMicros / x.app.cpuMicros).toFixed(2)} |`,
        ),
        '',
        `Median of the rounds: throughput ratio **${median(throughput).toFixed(2)}**, p99 ratio **${median(p99).toFixed(2)}** (target 0.8 or more: ${median(throughput) >= 0.8 ? 'met' : '**not met**'}); this process's CPU per request, bare / app, ${median(rounds.map((x) => x.bare.cpuMicros / x.app.cpuMicros)).toFixed(2)} (the steadier figure on a shared machine: the wall-clock ratios move with whatever else runs).`,
        '',
      ].join('\n');
      mkdirSync(resultsDir, { recursive: true });
      writeFileSync(`${resultsDir}request-postgres.md`, text);
      return text;
    } finally {
      await app.close();
      await bare.close();
    }
  } finally {
    await database.close();
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}
