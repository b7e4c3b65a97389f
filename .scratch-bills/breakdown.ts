import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { bareBillRun } from '../bench/billing/bare.ts';
import { withCpu } from '../bench/billing/measure.ts';
const base = 'postgres://postgres@127.0.0.1:5432/test';
const variants: Record<string, string[]> = {
  full: [],
  noTriggersNoFk: ['ALTER DATABASE {db} SET session_replication_role = replica'],
  noRowTriggers: ['ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_balanced', 'ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_balanced', 'ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_lock_date', 'ALTER TABLE bills DISABLE TRIGGER bills_apply_customer_credit', 'ALTER TABLE meter_readings DISABLE TRIGGER meter_readings_billed_frozen'],
  noLedgerRowTriggers: ['ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_balanced', 'ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_balanced', 'ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_lock_date'],
  noCustomerCredit: ['ALTER TABLE bills DISABLE TRIGGER bills_apply_customer_credit'],
  noCustomerBalances: ['ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_customer_balances'],
  noReportIndexes: ['DROP INDEX bills_unpaid', 'DROP INDEX bills_period_figures'],
  noFks: [
    `DO $$ DECLARE r record; BEGIN FOR r IN SELECT conrelid::regclass AS t, conname FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text IN ('bills','bill_lines','journal_entries','journal_lines','meter_readings','account_daily_balances','account_monthly_balances','customer_ledger_balances') LOOP EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.t, r.conname); END LOOP; END $$`,
  ],
};
const only = process.argv.slice(2);
for (const [name, ddl] of Object.entries(variants)) {
  if (only.length && !only.includes(name)) continue;
  const db = `ubo_bd_${name.toLowerCase()}`;
  const c = new pg.Client({ connectionString: base }); await c.connect();
  await c.query(`drop database if exists ${db} with (force)`);
  await c.query(`create database ${db} template ubo_tpl_billing`);
  await c.end();
  const d = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${db}` }); await d.connect();
  for (const s of ddl) await d.query(s.replace('{db}', db));
  await d.end();
  const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:5432/${db}` });
  const load = (await import('node:os')).loadavg()[0];
  const { value: r, cpu } = await withCpu(database.db, 'postgres', () => bareBillRun(database.db, { clientId: 1, userId: 1, period: '2025-06' }));
  console.log(name, Math.round(r.ms), 'ms wall', cpu.postgres?.toFixed(2), 's pg cpu', r.bills, 'bills; load', load.toFixed(1));
  await database.close();
  const e = new pg.Client({ connectionString: base }); await e.connect(); await e.query(`drop database ${db} with (force)`); await e.end();
}
