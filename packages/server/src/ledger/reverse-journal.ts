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
import { postJournalBatch } from './post-journal-batch.ts';

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
  const [original] = await queryRows<OriginalRow>(
    tx,
    sql`
    select id, series, entry_no, date::text as date, reference, source_type, source_id, branch_id, reverses_id, reversed_by_id
    from journal_entries where client_id = ${clientId} and id = ${entryId} for update`,
  );
  if (!original) throw notFound();
  if (original.reversed_by_id !== null) throw new AppError(409, 'ALREADY_REVERSED', 'ledger.alreadyReversed');
  if (original.reverses_id !== null) throw new AppError(409, 'REVERSAL_OF_REVERSAL', 'ledger.reversalOfReversal');
  const date = reversal.date ?? original.date;
  if (date < original.date) {
    const key = `ledger.reverseBeforeOriginal|${original.date}`;
    throw new AppError(400, 'VALIDATION', 'common.validation', [{ field: 'date', message: key }]);
  }
  const lines = await queryRows<{
    account_id: number;
    debit: string;
    credit: string;
    party_type: PartyType | null;
    party_id: number | null;
    memo: string | null;
  }>(tx, sql`select account_id, debit, credit, party_type, party_id, memo from journal_lines where entry_id = ${entryId} order by id`);
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

export interface BatchReversal {
  clientId: number;
  /** The entries to reverse (each on its own date, as reverseJournal does by default). */
  entryIds: number[];
  userId?: number | null;
}

/**
 * reverseJournal for many entries at once (cancelling a bill run): the originals are locked and checked
 * (none reversed or a reversal already: 409 as reverseJournal), the mirror entries posted as ONE batch
 * (postJournalBatch) and each original linked to its reversal by one set-based update, the one change a
 * posted entry allows. Answers how many entries were reversed. Inside the caller's transaction.
 */
export async function reverseJournalBatch(tx: Db, reversal: BatchReversal): Promise<number> {
  const { clientId } = reversal;
  if (reversal.entryIds.length === 0) return 0;
  const ids = JSON.stringify(reversal.entryIds);
  // Row locks: a concurrent reversal of one of these entries waits, then sees reversed_by_id.
  const originals = await queryRows<OriginalRow>(
    tx,
    sql`
    select id, series, entry_no, date::text as date, reference, source_type, source_id, branch_id, reverses_id, reversed_by_id
    from journal_entries
    where client_id = ${clientId} and id in (select (jsonb_array_elements_text(${ids}::jsonb))::bigint)
    order by id for update`,
  );
  if (originals.length !== new Set(reversal.entryIds).size) throw notFound();
  if (originals.some((e) => e.reversed_by_id !== null)) throw new AppError(409, 'ALREADY_REVERSED', 'ledger.alreadyReversed');
  if (originals.some((e) => e.reverses_id !== null)) throw new AppError(409, 'REVERSAL_OF_REVERSAL', 'ledger.reversalOfReversal');
  const lines = await queryRows<{
    entry_id: string | number;
    account_id: number;
    debit: string;
    credit: string;
    party_type: PartyType | null;
    party_id: number | null;
    memo: string | null;
  }>(
    tx,
    sql`
    select entry_id, account_id, debit::text as debit, credit::text as credit, party_type, party_id, memo from journal_lines
    where client_id = ${clientId} and entry_id in (select (jsonb_array_elements_text(${ids}::jsonb))::bigint)
    order by entry_id, id`,
  );
  const linesOf = new Map<number, typeof lines>();
  for (const l of lines) {
    const list = linesOf.get(Number(l.entry_id));
    if (list) list.push(l);
    else linesOf.set(Number(l.entry_id), [l]);
  }
  const reversals = await postJournalBatch(tx, {
    clientId,
    userId: reversal.userId ?? null,
    postings: originals.map((e) => ({
      date: e.date,
      series: e.series,
      reference: e.reference,
      memo: `Reversal of ${documentNumber(e.series, Number(e.entry_no))}`,
      // The reversal belongs to the same document, so "entries of this bill" shows both.
      sourceType: e.source_type,
      sourceId: e.source_id === null ? null : Number(e.source_id),
      branchId: e.branch_id,
      reversesId: Number(e.id),
      lines: (linesOf.get(Number(e.id)) ?? []).map((l) => ({
        accountId: Number(l.account_id),
        debit: l.credit,
        credit: l.debit,
        partyType: l.party_type,
        partyId: l.party_id,
        memo: l.memo,
      })),
    })),
  });
  const links = JSON.stringify(reversals.map((r) => ({ o: r.reversesId, r: r.id })));
  await tx.execute(sql`
    update journal_entries e set reversed_by_id = x.r
    from jsonb_to_recordset(${links}::jsonb) as x(o bigint, r bigint)
    where e.client_id = ${clientId} and e.id = x.o`);
  return reversals.length;
}
