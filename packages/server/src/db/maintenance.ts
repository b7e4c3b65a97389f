// Housekeeping for the embedded database. PGlite has no autovacuum: without it the tables every posting
// updates (counters, daily, monthly and customer balances, the ledger's check notes) keep their dead row
// versions for ever, and no table ever gets planner statistics, so plans chosen on a new installation
// stay as they were. Tables that are only inserted into (journal lines, bills, search words) need vacuum
// too: it sets their visibility map, without which every index-only scan reads the table as well (a broad
// customer search over 100,000 customers took 130 ms instead of 32 ms). Every PGLITE_MAINTENANCE_MINUTES
// (60; 0 turns it off) the server vacuums and analyzes every table, the churn tables first, one statement
// at a time so requests interleave; after the first round a vacuum skips the pages already all-visible.
// PostgreSQL's own autovacuum does this there (since version 13 also after inserts).
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { queryRows } from './rows.ts';

/** Tables whose rows are updated or deleted on every posting or request. */
export const CHURN_TABLES = [
  'document_counters',
  'account_daily_balances',
  'account_monthly_balances',
  'customer_ledger_balances',
  'ledger_unchecked_ranges',
  'ledger_unchecked_transactions',
  'open_items_credit_pending',
  'open_items_credit_transactions',
  'open_items',
  'sessions',
  'idempotency_keys',
] as const;

/** One round: VACUUM ANALYZE of the churn tables, then of every other table of the schema. */
export async function runMaintenance(database: Database): Promise<void> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`
    select relname as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`,
  );
  const churn: readonly string[] = CHURN_TABLES;
  const others = tables.map((t) => t.name).filter((name) => !churn.includes(name));
  for (const table of [...churn, ...others]) await database.db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
}

/** Starts the timer on PGlite (a no-op on PostgreSQL); returns the function that stops it. */
export function startMaintenance(database: Database, opts: { minutes: number; onError: (err: Error) => void }): () => void {
  if (database.kind !== 'pglite' || opts.minutes <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runMaintenance(database)
      .catch(opts.onError)
      .finally(() => {
        running = false;
      });
  }, opts.minutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
