// Corrections are reversals, never edits: the mirror entry (debits and credits swapped) is posted
// through the same checks as any posting, linked both ways (reverses_id on the new entry, and the one
// permitted update of a posted entry: reversed_by_id on the original).
import { sql } from 'drizzle-orm';
import type { PartyType } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { AppError, notFound } from '../plugins/errors.ts';
import { documentNumber } from './document-counter.ts';
import { type PostedEntry, writeEntry } from './post-journal.ts';

export interface Reversal {
  clientId: number;
  entryId: number;
  /** Default: the original entry's date. */
  date?: string | null;
  userId?: number | null;
  /** Default: "Reversal of JV-000012". */
  memo?: string | null;
}

interface OriginalRow {
  id: string | number;
  series: string;
  entry_no: string | number;
  date: string;
  reference: string | null;
  source_type: string;
  source_id: string | number | null;
  branch_id: number | null;
  reverses_id: string | number | null;
  reversed_by_id: string | number | null;
}

export async function reverseJournal(tx: Db, reversal: Reversal): Promise<PostedEntry> {
  const { clientId, entryId } = reversal;
  // The row lock makes a second, concurrent reversal wait and then see reversed_by_id.
  const [original] = await queryRows<OriginalRow>(tx, sql`
    select id, series, entry_no, date::text as date, reference, source_type, source_id, branch_id, reverses_id, reversed_by_id
    from journal_entries where client_id = ${clientId} and id = ${entryId} for update`);
  if (!original) throw notFound();
  if (original.reversed_by_id !== null) throw new AppError(409, 'ALREADY_REVERSED', 'ledger.alreadyReversed');
  if (original.reverses_id !== null) throw new AppError(409, 'REVERSAL_OF_REVERSAL', 'ledger.reversalOfReversal');
  const date = reversal.date ?? original.date;
  if (date < original.date) {
    const key = `ledger.reverseBeforeOriginal|${original.date}`;
    throw new AppError(400, 'VALIDATION', 'common.validation', [{ field: 'date', message: key }]);
  }
  const lines = await queryRows<{ account_id: number; debit: string; credit: string; party_type: PartyType | null; party_id: number | null; memo: string | null }>(
    tx,
    sql`select account_id, debit, credit, party_type, party_id, memo from journal_lines where entry_id = ${entryId} order by id`,
  );
  const number = documentNumber(original.series, Number(original.entry_no));
  const posted = await writeEntry(
    tx,
    {
      clientId,
      date,
      series: original.series,
      reference: original.reference,
      memo: reversal.memo?.trim() || `Reversal of ${number}`,
      // The reversal belongs to the same document, so "entries of this bill" shows both.
      sourceType: original.source_type,
      sourceId: original.source_id === null ? null : Number(original.source_id),
      branchId: original.branch_id,
      userId: reversal.userId ?? null,
      lines: lines.map((l) => ({
        accountId: Number(l.account_id),
        debit: l.credit,
        credit: l.debit,
        partyType: l.party_type,
        partyId: l.party_id,
        memo: l.memo,
      })),
    },
    Number(original.id),
  );
  await tx.execute(sql`update journal_entries set reversed_by_id = ${posted.id} where client_id = ${clientId} and id = ${entryId}`);
  return posted;
}
