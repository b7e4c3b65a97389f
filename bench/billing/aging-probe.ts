// The customer ageing alone, on the billing benchmark's data (PostgreSQL), for tuning it without the whole
// benchmark: `npx tsx bench/billing/aging-probe.ts [--db NAME] [--customers 100000] [--runs 15] [--explain]`.
// Builds database NAME next to TEST_DATABASE_URL (or DATABASE_URL) once, as the benchmark does: N
// customers, one bill run (bills dated today), 400 receipts dated 2025-07-05 by 8 cashiers; later runs
// reuse it (migrating it first, so a new migration is measured). Then times GET /api/finance/customer/aging
// (first page, the benchmark's date 2025-07-31 and today) and, with --explain, prints EXPLAIN ANALYZE of
// each statement the report runs. The database is kept; drop it by hand.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../../packages/server/src/app.ts';
import { type Db, openDatabase } from '../../packages/server/src/db/client.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { inTenant } from '../../packages/server/src/db/tenant.ts';
import { customerAging } from '../../packages/server/src/modules/billing-reports/customer-aging.ts';
import { createOrganisation } from '../../packages/server/src/modules/organisations/index.ts';
import { agingQuery } from '@ubo/contracts';
import { BENCH_PERIOD, generateBilling } from './generate.ts';
import { measureAging, measurePayments, measureSave } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'ubo_aging_probe' },
    customers: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '15' },
    explain: { type: 'boolean', default: false },
  },
});
const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!base) throw new Error('Set TEST_DATABASE_URL (a PostgreSQL server)');
const name = values.db;
if (!/^[a-z_][a-z0-9_]{0,40}$/.test(name)) throw new Error('--db: a plain lowercase name');
const log = (m: string) => process.stderr.write(`[aging-probe] ${m}\n`);

const admin = new pg.Client({ connectionString: base });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
if (!exists) {
  await admin.query(`CREATE DATABASE ${name}`); // checked above: a plain name
  // While it is built its tables have no statistics yet (the benchmark's earlier runs give it some): the
  // triggers of the bill run would plan sequential scans of tables that are filling.
  await admin.query(`ALTER DATABASE ${name} SET enable_seqscan = off`);
}
const url = new URL(base);
url.pathname = `/${name}`;
let database = await openDatabase({ url: url.toString() });
let db = database.db;
log(`migrated: ${(await migrate(database)).join(', ') || 'nothing new'}`);
let app = await buildApp({ db, tokenSecret: randomBytes(32).toString('hex') });
await app.ready();
const password = 'Bench@2026';
if (!exists) {
  const { clientId, adminId } = await createOrganisation(db, { code: 9002, name: 'Ageing Probe Utility', adminUsername: 'admin', adminPassword: password });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password, code: 9002 } });
  const token: string = login.json().token;
  log(`generating ${values.customers} customers...`);
  await generateBilling(db, { clientId, userId: adminId, customers: Number(values.customers) });
  // Statistics for the bill run's plans, as the benchmark takes them before its save.
  for (const table of ['customers', 'houses', 'meters', 'meter_readings', 'tariffs', 'zones', 'accounts'])
    await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  log('bill run...');
  await measureSave(app, token, BENCH_PERIOD);
  log('receipts...');
  await measurePayments(app, db, { clientId, token, clients: 8, requests: 400, date: '2025-07-05' });
}
if (!exists) {
  await app.close();
  await database.close();
  await admin.query(`ALTER DATABASE ${name} RESET enable_seqscan`);
  database = await openDatabase({ url: url.toString() });
  db = database.db;
  app = await buildApp({ db, tokenSecret: randomBytes(32).toString('hex') });
  await app.ready();
}
await admin.end();
for (const table of ['bills', 'journal_lines', 'journal_entries', 'open_items', 'open_item_allocations', 'customers', 'customer_ledger_balances', 'houses'])
  await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password, code: 9002 } });
const token: string = login.json().token;
const [{ client_id: clientId }] = await queryRows<{ client_id: number }>(db, sql`select id as client_id from clients where code = 9002`);
const [{ today }] = await queryRows<{ today: string }>(db, sql`select to_char(current_date, 'YYYY-MM-DD') as today`);

for (const date of ['2025-07-31', today]) {
  const runs = Number(values.runs);
  const r = await measureAging(app, token, date, runs);
  log(`ageing on ${date}: median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms over ${runs} runs (${r.customers} customers listed)`);
}

if (values.explain) {
  // Every statement the report runs, explained (and run: ANALYZE), through a transaction whose execute explains first.
  for (const date of ['2025-07-31', today]) {
    await inTenant(db, clientId, async (tx) => {
      const explaining = new Proxy(tx, {
        get(target, key, receiver) {
          if (key !== 'execute') return Reflect.get(target, key, receiver);
          return async (query: SQL) => {
            const plan = await queryRows<{ 'QUERY PLAN': string }>(target, sql`explain (analyze, buffers, costs off) ${query}`);
            const text = plan.map((p) => p['QUERY PLAN']).join('\n');
            const time = /Execution Time: ([\d.]+) ms/.exec(text)?.[1];
            if (Number(time) >= 5) process.stdout.write(`\n--- ${date}: ${time} ms\n${text}\n`);
            return target.execute(query);
          };
        },
      }) as Db;
      await customerAging({ tx: explaining, clientId, lang: 'en', query: agingQuery.parse({ date }) });
    });
  }
}
await app.close();
await database.close();
