// Housekeeping for the embedded database. PGlite has no autovacuum: without it the tables every posting
// updates (counters, daily, monthly and customer balances, the ledger's check notes) keep their dead row
// versions for ever, and no table ever gets planner statistics, so plans chosen on a new installation
// stay as they were. Every PGLITE_MAINTENANCE_MINUTES (60; 0 turns it off) the server vacuums those tables
// and analyzes the whole database, one statement at a time so requests interleave. PostgreSQL's own
// autovacuum does this there.
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Tables whose rows are updated or deleted on every posting or request. */
export const CHURN_TABLES = [
  'document_counters',
  'account_daily_balances',
  'account_monthly_balances',
  'customer_ledger_balances',
  'ledger_unchecked_ranges',
  'ledger_unchecked_transactions',
  'bills_credit_pending',
  'bills_credit_transactions',
  'sessions',
  'idempotency_keys',
] as const;

/** One round: VACUUM ANALYZE of the churn tables, then ANALYZE of everything. */
export async function runMaintenance(database: Database): Promise<void> {
  for (const table of CHURN_TABLES) await database.db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  await database.db.execute(sql`analyze`);
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
