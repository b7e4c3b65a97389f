// Scratch: EXPLAIN of the trial balance (removed before hand-over).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type SQL, sql } from 'drizzle-orm';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { inTenant } from '../../packages/server/src/db/tenant.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { createOrganisation } from '../../packages/server/src/modules/organisations/index.ts';
import { trialBalance } from '../../packages/server/src/modules/finance/index.ts';
import { generateBooks } from './generate.ts';

const kind = process.argv[2] ?? 'postgres';
const base = 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `ubo_x_${randomBytes(4).toString('hex')}`;
let url: string | undefined;
if (kind === 'postgres') {
  const admin = new pg.Client({ connectionString: base }); await admin.connect(); await admin.query(`CREATE DATABASE ${dbName}`); await admin.end();
  const u = new URL(base); u.pathname = `/${dbName}`; url = u.toString();
}
const database = await openDatabase({ url });
await migrate(database);
const { clientId, adminId } = await createOrganisation(database.db, { code: 9001, name: 'P', adminUsername: 'admin', adminPassword: 'Bench@2026' });
await generateBooks(database.db, { clientId, userId: adminId, lines: Number(process.env.LINES ?? 100000) });
const queries: SQL[] = [];
await inTenant(database.db, clientId, async (tx) => {
  // biome-ignore lint/suspicious/noExplicitAny: scratch
  const anyTx = tx as any;
  const orig = anyTx.execute.bind(anyTx);
  anyTx.execute = (q: SQL) => { queries.push(q); return orig(q); };
  await trialBalance({ tx: anyTx, clientId, lang: 'en', query: { startDate: '2025-01-01', endDate: '2025-12-31', includeZero: false } });
});
await inTenant(database.db, clientId, async (tx) => {
  for (const q of queries.slice(0, 1)) {
    const rows = await queryRows<Record<string, string>>(tx, sql`explain (analyze, summary) ${q}`);
    console.log(rows.map((r) => Object.values(r)[0]).join('\n'));
  }
});
await database.close();
if (kind === 'postgres') { const c = new pg.Client({ connectionString: base }); await c.connect(); await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`); await c.end(); }
