// Gapless document numbers per organisation and series (journal JV, and later cheques, receipts, ...).
// The counter row stays locked until the caller's transaction ends and rolls back with it, so numbers
// are never skipped or repeated; concurrent callers of the same series queue on that row.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

/** The statement that takes the next number (column `no`); postJournal embeds it in its write. */
export function counterUpsert(clientId: number, series: string): SQL {
  return sql`
    insert into document_counters (client_id, series, next_no) values (${clientId}, ${series}, 2)
    on conflict (client_id, series) do update set next_no = document_counters.next_no + 1
    returning next_no - 1 as no`;
}

export async function nextDocumentNumber(tx: Db, clientId: number, series: string): Promise<number> {
  const [row] = await queryRows<{ no: string | number }>(tx, counterUpsert(clientId, series));
  return Number(row.no);
}

/**
 * Reserves `count` consecutive numbers of a series in one statement and answers the first; the block is
 * first .. first + count - 1. Same row lock (until the caller's transaction ends) as nextDocumentNumber,
 * so batch writers (bill runs, postJournalBatch) stay gapless without one statement per number.
 */
export async function nextDocumentNumbers(tx: Db, clientId: number, series: string, count: number): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new Error('nextDocumentNumbers: count must be a positive whole number');
  const [row] = await queryRows<{ first: string | number }>(
    tx,
    sql`
    insert into document_counters (client_id, series, next_no) values (${clientId}, ${series}, ${count + 1})
    on conflict (client_id, series) do update set next_no = document_counters.next_no + ${count}
    returning next_no - ${count} as first`,
  );
  return Number(row.first);
}

/**
 * A number written by hand (a cheque from a new book, 1001): the series continues after it and never moves
 * back, so an earlier unused leaf can still be written by hand. Takes the counter row lock like
 * nextDocumentNumber, so a concurrent automatic number waits and then sees the move.
 */
export async function claimDocumentNumber(tx: Db, clientId: number, series: string, no: number): Promise<void> {
  if (!Number.isInteger(no) || no < 1) throw new Error('claimDocumentNumber: no must be a positive whole number');
  await tx.execute(sql`
    insert into document_counters (client_id, series, next_no) values (${clientId}, ${series}, ${no + 1})
    on conflict (client_id, series) do update set next_no = greatest(document_counters.next_no, excluded.next_no)`);
}

/**
 * A series whose numbers end at `lastNo` (a column's ceiling) keeps its counter there once it has run past,
 * instead of growing with every document that finds no number left.
 */
export async function endDocumentSeries(tx: Db, clientId: number, series: string, lastNo: number): Promise<void> {
  await tx.execute(sql`update document_counters set next_no = ${lastNo + 1} where client_id = ${clientId} and series = ${series} and next_no > ${lastNo + 1}`);
}

/** The number the series would give next (1 for a series never used); nothing is taken or locked. */
export async function peekDocumentNumber(tx: Db, clientId: number, series: string): Promise<number> {
  const [row] = await queryRows<{ next_no: string | number }>(
    tx,
    sql`
    select coalesce((select next_no from document_counters where client_id = ${clientId} and series = ${series}), 1) as next_no`,
  );
  return Number(row.next_no);
}

/** documentNumber() in SQL, for statements that name a number they have just taken. */
export function entryNumberText(series: SQL, no: SQL): SQL {
  return sql`${series} || '-' || case when length(${no}::text) >= 6 then ${no}::text else lpad(${no}::text, 6, '0') end`;
}

/** Series and number as people write them: JV-000042. */
export function documentNumber(series: string, no: number): string {
  return `${series}-${String(no).padStart(6, '0')}`;
}
