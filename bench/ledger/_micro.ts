// Scratch micro benchmark (removed before hand-over).
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { inTenant } from '../../packages/server/src/db/tenant.ts';
import { createOrganisation } from '../../packages/server/src/modules/organisations/index.ts';
import { postJournal } from '../../packages/server/src/ledger/index.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';

const database = await openDatabase({});
await migrate(database);
const { clientId, adminId } = await createOrganisation(database.db, { code: 9001, name: 'P', adminUsername: 'admin', adminPassword: 'Bench@2026' });
const db = database.db;
const acc = Object.fromEntries((await inTenant(db, clientId, (tx) => queryRows<{ id: number; code: string }>(tx, sql`select id, code from accounts`))).map((r) => [r.code, r.id]));
async function bench(name: string, n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn(i);
  const c0 = process.cpuUsage(); const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn(i);
  const c = process.cpuUsage(c0); const t = Number(process.hrtime.bigint() - t0) / 1e6;
  console.log(name.padEnd(40), 'wall', (t / n).toFixed(3), 'cpu', ((c.user + c.system) / 1000 / n).toFixed(3));
}
const post0 = (i: number) => inTenant(db, clientId, (tx) => postJournal(tx, { clientId, date: `2025-03-${String(1 + (i % 28)).padStart(2, '0')}`, sourceType: 'journal', userId: adminId, lines: [{ accountId: acc['1010'], debit: '10.00' }, { accountId: acc['4010'], credit: '10.00' }] }));
await bench('postJournal cold', 300, post0);
await bench('postJournal warm', 300, post0);
await bench('select 1', 500, () => db.execute(sql`select 1`));
await bench('tx(begin,set_config,commit)', 300, () => inTenant(db, clientId, async () => 1));
await bench('tx + select 1', 300, () => inTenant(db, clientId, (tx) => tx.execute(sql`select 1`)));
await bench('postJournal 2 lines', 300, (i) => inTenant(db, clientId, (tx) => postJournal(tx, { clientId, date: `2025-03-${String(1 + (i % 28)).padStart(2, '0')}`, sourceType: 'journal', userId: adminId, lines: [{ accountId: acc['1010'], debit: '10.00' }, { accountId: acc['4010'], credit: '10.00' }] })));
const post = (i: number) => inTenant(db, clientId, (tx) => postJournal(tx, { clientId, date: `2025-04-${String(1 + (i % 28)).padStart(2, '0')}`, sourceType: 'journal', userId: adminId, lines: [{ accountId: acc['1010'], debit: '10.00' }, { accountId: acc['4010'], credit: '10.00' }] }));
for (const trig of ['account_daily_balances_monthly_insert', 'account_daily_balances_monthly_update']) await db.execute(sql.raw(`alter table account_daily_balances disable trigger ${trig}`));
await bench('postJournal, no monthly triggers', 200, post);
for (const trig of ['account_daily_balances_monthly_insert', 'account_daily_balances_monthly_update']) await db.execute(sql.raw(`alter table account_daily_balances enable trigger ${trig}`));
const other = await db.execute(sql`select tgname from pg_trigger where tgrelid = 'journal_lines'::regclass and not tgisinternal`);
console.log('journal_lines triggers', JSON.stringify((other as unknown as { rows: unknown[] }).rows));
await db.execute(sql.raw('alter table journal_lines disable trigger journal_lines_customer_balances'));
await bench('postJournal, no customer trigger', 200, post);
await db.execute(sql.raw('alter table journal_lines disable trigger journal_lines_balanced'));
await db.execute(sql.raw('alter table journal_entries disable trigger journal_entries_balanced'));
await bench('postJournal, no customer/balance triggers', 200, post);
await db.execute(sql.raw('alter table journal_lines enable trigger journal_lines_balanced'));
await db.execute(sql.raw('alter table journal_entries enable trigger journal_entries_balanced'));
await db.execute(sql.raw('alter table journal_lines enable trigger journal_lines_customer_balances'));
await bench('postJournal again', 200, post);
await database.close();
