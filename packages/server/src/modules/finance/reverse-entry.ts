// POST /api/finance/transaction/:id/reverse: posts the mirror entry of any posted entry (a manual one
// or a module's), dated as asked or on the original's date, and audits it.
import { and, eq } from 'drizzle-orm';
import { type JournalEntry, type ReverseBody, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { documentNumber, journalEntries, reverseJournal } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { notFound } from '../../plugins/errors.ts';
import { getJournalEntry } from './list-journal.ts';

export async function reverseEntry(opts: { tx: Db; actor: Actor; id: number; input: ReverseBody }): Promise<JournalEntry> {
  const { tx, actor, id, input } = opts;
  const { clientId, userId } = actor;
  const [original] = await tx
    .select({ series: journalEntries.series, entryNo: journalEntries.entryNo })
    .from(journalEntries)
    .where(and(eq(journalEntries.clientId, clientId), eq(journalEntries.id, id)));
  if (!original) throw notFound();
  const number = documentNumber(original.series, original.entryNo);
  const posted = await reverseJournal(tx, {
    clientId,
    entryId: id,
    date: input.date,
    userId,
    memo: input.memo ?? translate(`ledger.reversalMemo|${number}`, actor.lang),
  });
  await writeAudit(tx, actor, {
    action: 'reverse',
    entity: 'journal-entry',
    entityId: id,
    after: { original: number, reversal: posted.number, reversalId: posted.id, date: posted.date, memo: posted.memo },
  });
  return getJournalEntry({ tx, clientId, lang: actor.lang, id: posted.id });
}
