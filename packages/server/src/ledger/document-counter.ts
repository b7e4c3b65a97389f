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
  const [row] = await queryRows<{ first: string | number }>(tx, sql`
    insert into document_counters (client_id, series, next_no) values (${clientId}, ${series}, ${count + 1})
    on conflict (client_id, series) do update set next_no = document_counters.next_no + ${count}
    returning next_no - ${count} as first`);
  return Number(row.first);
}

/** documentNumber() in SQL, for statements that name a number they have just taken. */
export function entryNumberText(series: SQL, no: SQL): SQL {
  return sql`${series} || '-' || case when length(${no}::text) >= 6 then ${no}::text else lpad(${no}::text, 6, '0') end`;
}

/** Series and number as people write them: JV-000042. */
export function documentNumber(series: string, no: number): string {
  return `${series}-${String(no).padStart(6, '0')}`;
}
