// The spec's finance/view: a journal entry (the finance module's read) with its attachments and the
// entries it reverses or is reversed by, as one answer for the entry's page.
import { sql } from 'drizzle-orm';
import type { EntryLink, JournalEntry, JournalEntryView } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber } from '../../ledger/index.ts';
import { listTransactionFiles } from './transaction-files.ts';

async function linkOf(tx: Db, clientId: number, id: number | null): Promise<EntryLink | null> {
  if (id === null) return null;
  const [row] = await queryRows<{ id: number; series: string; entry_no: number; date: string }>(
    tx,
    sql`select id, series, entry_no, date::text as date from journal_entries where client_id = ${clientId} and id = ${id}`,
  );
  return row ? { id: Number(row.id), number: documentNumber(row.series, Number(row.entry_no)), date: row.date } : null;
}

export async function viewJournalEntry(opts: { tx: Db; clientId: number; entry: JournalEntry }): Promise<JournalEntryView> {
  const { tx, clientId, entry } = opts;
  return {
    ...entry,
    attachments: await listTransactionFiles({ tx, clientId, entryId: entry.id }),
    reverses: await linkOf(tx, clientId, entry.reversesId),
    reversedBy: await linkOf(tx, clientId, entry.reversedById),
  };
}
