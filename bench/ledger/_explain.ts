// Scratch: EXPLAIN ANALYZE of the posting statement (removed before hand-over).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { inTenant } from '../../packages/server/src/db/tenant.ts';
import { createOrganisation } from '../../packages/server/src/modules/organisations/index.ts';
import { postJournal } from '../../packages/server/src/ledger/index.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';

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
const db = database.db;
const acc = Object.fromEntries((await inTenant(db, clientId, (tx) => queryRows<{ id: number; code: string }>(tx, sql`select id, code from accounts`))).map((r) => [r.code, r.id]));
for (let i = 0; i < 50; i++) await inTenant(db, clientId, (tx) => postJournal(tx, { clientId, date: '2025-03-03', sourceType: 'journal', userId: adminId, lines: [{ accountId: acc['1010'], debit: '10.00' }, { accountId: acc['4010'], credit: '10.00' }] }));
let captured: ReturnType<typeof sql> | null = null;
const fake = { execute: async (q: ReturnType<typeof sql>) => { captured = q; return { rows: [{ accounts: [], has_settings: true, lock_date: null, entry: { id: 1, entry_no: 1, created_at: new Date().toISOString() }, lines: [{ id: 1 }, { id: 2 }] }] }; } };
// biome-ignore lint/suspicious/noExplicitAny: scratch
await postJournal(fake as any, { clientId, date: '2025-03-04', sourceType: 'journal', userId: adminId, lines: [{ accountId: acc['1010'], debit: '10.00' }, { accountId: acc['4010'], credit: '10.00' }] });
for (const opt of ['analyze, summary', 'analyze, summary']) {
  await inTenant(db, clientId, async (tx) => {
    const rows = await queryRows<Record<string, string>>(tx, sql`explain (${sql.raw(opt)}) ${captured}`);
    console.log(rows.map((r) => Object.values(r)[0]).join('\n'));
    const t0 = process.hrtime.bigint();
    await tx.execute(sql`savepoint a`);
    for (let i = 0; i < 50; i++) { await tx.execute(captured!); }
    console.log('50 executions ms each', Number(process.hrtime.bigint() - t0) / 1e6 / 50);
    await tx.execute(sql`rollback to savepoint a`);
  });
}
await database.close();
if (kind === 'postgres') { const c = new pg.Client({ connectionString: base }); await c.connect(); await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`); await c.end(); }
