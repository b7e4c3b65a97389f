// The organisation's lock date: nothing is posted on or before it, whoever asks. Postings read it
// with FOR KEY SHARE; a change takes FOR UPDATE first, so a closing and a posting never interleave
// (the posting either sees the new date or commits before the change). Lock order: settings row,
// then document counters.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

/**
 * The lock date (YYYY-MM-DD or null), holding a key-share lock on the settings row until commit. A module
 * that locks a document counter of its own before it posts (a cheque number, a receipt number) calls this
 * first: settings row, then counters, everywhere, so a year-end closing never deadlocks with it.
 */
export async function holdLockDate(tx: Db, clientId: number): Promise<string | null> {
  const read = () =>
    queryRows<{ lock_date: string | null }>(tx, sql`select lock_date::text as lock_date from ledger_settings where client_id = ${clientId} for key share`);
  let rows = await read();
  if (rows.length === 0) {
    await tx.execute(sql`insert into ledger_settings (client_id) values (${clientId}) on conflict do nothing`);
    rows = await read();
  }
  return rows[0]?.lock_date ?? null;
}

export async function getLockDate(tx: Db, clientId: number): Promise<string | null> {
  const [row] = await queryRows<{ lock_date: string | null }>(tx, sql`select lock_date::text as lock_date from ledger_settings where client_id = ${clientId}`);
  return row?.lock_date ?? null;
}

/**
 * Locks the settings row for a change of the lock date and answers the current one. A year-end closing
 * calls it first, posts its closing entry while the period is still open, then calls setLockDate, all
 * in one transaction; postings of other users wait for that transaction instead of slipping in between.
 */
export async function lockSettingsForChange(tx: Db, clientId: number): Promise<string | null> {
  await tx.execute(sql`insert into ledger_settings (client_id) values (${clientId}) on conflict do nothing`);
  const [row] = await queryRows<{ lock_date: string | null }>(
    tx,
    sql`select lock_date::text as lock_date from ledger_settings where client_id = ${clientId} for update`,
  );
  return row?.lock_date ?? null;
}

/** Sets (or clears, with null) the lock date; takes the settings row lock if not yet held. */
export async function setLockDate(tx: Db, clientId: number, lockDate: string | null): Promise<void> {
  await lockSettingsForChange(tx, clientId);
  await tx.execute(sql`update ledger_settings set lock_date = ${lockDate}::date, updated_at = now() where client_id = ${clientId}`);
}
