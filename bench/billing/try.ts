import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../packages/server/src/app.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { createOrganisation } from '../../packages/server/src/modules/organisations/index.ts';
import { generateBilling, BENCH_PERIOD } from './generate.ts';

const kind = process.argv[2] ?? 'pglite';
const n = Number(process.argv[3] ?? 100000);
let url: string | undefined;
const base = 'postgres://postgres@127.0.0.1:5432/test';
const name = `ubo_try_${randomBytes(4).toString('hex')}`;
if (kind === 'postgres') {
  const c = new pg.Client({ connectionString: base }); await c.connect(); await c.query(`create database ${name}`); await c.end();
  url = `postgres://postgres@127.0.0.1:5432/${name}`;
  if (process.env.AUTOEXPLAIN) {
    const c2 = new pg.Client({ connectionString: base }); await c2.connect();
    for (const s of [`session_preload_libraries = 'auto_explain'`, `auto_explain.log_min_duration = 300`, `auto_explain.log_analyze = on`, `auto_explain.log_nested_statements = on`, `auto_explain.log_timing = off`]) await c2.query(`alter database ${name} set ${s}`);
    await c2.end();
  }
}
const database = await openDatabase({ url });
try {
  await migrate(database);
  const app = await buildApp({ db: database.db, tokenSecret: 'x'.repeat(40) });
  await app.ready();
  const { clientId, adminId } = await createOrganisation(database.db, { code: 9001, name: 'Bench', adminUsername: 'admin', adminPassword: 'Bench@2026' });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'Bench@2026', code: 9001 } });
  const token = login.json().token;
  let t = Date.now();
  const g = await generateBilling(database.db, { clientId, userId: adminId, customers: n });
  console.log('generate', g, Date.now() - t);
  t = Date.now();
  const p = await app.inject({ method: 'POST', url: '/api/bills/generateCustomersBill', payload: { period: BENCH_PERIOD }, headers: { authorization: `Bearer ${token}` } });
  console.log('preview', p.statusCode, p.body.length, Date.now() - t);
  t = Date.now();
  const s = await app.inject({ method: 'POST', url: '/api/bills/saveCustomersBill', payload: { period: BENCH_PERIOD }, headers: { authorization: `Bearer ${token}` } });
  console.log("save", s.statusCode, s.body, Date.now() - t);
  await app.close();
} finally {
  await database.close();
  if (kind === 'postgres') { const c = new pg.Client({ connectionString: base }); await c.connect(); await c.query(`drop database ${name} with (force)`); await c.end(); }
}
