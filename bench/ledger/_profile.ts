// Scratch profiler (removed before hand-over).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../packages/server/src/app.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { createOrganisation } from '../../packages/server/src/modules/organisations/index.ts';
import { generateBooks } from './generate.ts';
import { measurePosting } from './measure.ts';

const kind = process.argv[2] ?? 'postgres';
const base = process.env.BASE ?? 'postgres://postgres@127.0.0.1:5432/test';
let dbName = '';
let url: string | undefined;
if (kind === 'postgres') {
  dbName = `ubo_prof_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  url = u.toString();
}
// Per-query wall time by statement text prefix.
const stats = new Map<string, { n: number; ms: number }>();
const origQuery = pg.Client.prototype.query;
if (process.env.TRACE) {
  // biome-ignore lint/suspicious/noExplicitAny: scratch
  (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
    const text = typeof args[0] === 'string' ? args[0] : args[0]?.text ?? '';
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 70);
    const start = process.hrtime.bigint();
    // biome-ignore lint/suspicious/noExplicitAny: scratch
    const p = (origQuery as any).apply(this, args);
    if (p && typeof p.then === 'function') {
      p.then(() => {
        const s = stats.get(key) ?? { n: 0, ms: 0 };
        s.n += 1;
        s.ms += Number(process.hrtime.bigint() - start) / 1e6;
        stats.set(key, s);
      }, () => {});
    }
    return p;
  };
}
const database = await openDatabase({ url });
await migrate(database);
const app = await buildApp({ db: database.db, tokenSecret: randomBytes(32).toString('hex') });
await app.ready();
const { clientId, adminId } = await createOrganisation(database.db, { code: 9001, name: 'P', adminUsername: 'admin', adminPassword: 'Bench@2026' });
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'Bench@2026', code: 9001 } });
const token: string = login.json().token;
await generateBooks(database.db, { clientId, userId: adminId, lines: Number(process.env.LINES ?? 20000) });
const clients = Number(process.env.CLIENTS ?? 8);
const posts = Number(process.env.POSTS ?? 400);
await measurePosting({ app, db: database.db, clientId, token, clients, entries: 50 });
stats.clear();
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
const session = new Session();
if (process.env.CPUPROF) { session.connect(); await session.post('Profiler.enable'); await session.post('Profiler.start'); }
import { readFileSync } from 'node:fs';
const pids = kind === 'postgres' ? ((await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid) : [];
const pgCpu = () => pids.reduce((sum, pid) => { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return sum + Number(f[11]) + Number(f[12]); } catch { return sum; } }, 0);
const pg0 = pgCpu();
const cpu0 = process.cpuUsage();
const r = await measurePosting({ app, db: database.db, clientId, token, clients, entries: posts });
const cpu1 = process.cpuUsage(cpu0);
if (process.env.CPUPROF) { const { profile } = await session.post('Profiler.stop'); writeFileSync(process.env.CPUPROF, JSON.stringify(profile)); }
console.log(JSON.stringify(r), 'node cpu ms per posting', ((cpu1.user + cpu1.system) / 1000 / posts).toFixed(3), 'user', (cpu1.user / 1000 / posts).toFixed(3), 'pg cpu ms per posting', (((pgCpu() - pg0) * 10) / posts).toFixed(3), 'backends', pids.length);
if (process.env.PGTRACE && kind === 'pglite') {
  // biome-ignore lint/suspicious/noExplicitAny: scratch
  const client = (database.db as any).session.client;
  for (const name of ['query', 'exec']) {
    const orig = client[name].bind(client);
    client[name] = async (...args: unknown[]) => {
      const key = String(args[0]).replace(/\s+/g, ' ').trim().slice(0, 70);
      const start = process.hrtime.bigint();
      try { return await orig(...args); } finally {
        const s = stats.get(key) ?? { n: 0, ms: 0 };
        s.n += 1; s.ms += Number(process.hrtime.bigint() - start) / 1e6; stats.set(key, s);
      }
    };
  }
  stats.clear();
  await measurePosting({ app, db: database.db, clientId, token, clients: 1, entries: 100 });
}
// auth only
const t0 = process.hrtime.bigint();
for (let i = 0; i < 200; i++) await app.inject({ method: 'GET', url: '/api/finance/accounts/1', headers: { authorization: `Bearer ${token}` } });
console.log('GET account x200 serial ms each', Number(process.hrtime.bigint() - t0) / 1e6 / 200);
for (const [k, v] of [...stats.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) console.log(v.n, (v.ms / v.n).toFixed(3), k);
await app.close();
await database.close();
if (dbName) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await c.end();
}
// (appended) CPU per request
