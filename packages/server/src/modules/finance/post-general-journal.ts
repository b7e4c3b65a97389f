// POST /api/finance/transaction: a manual journal entry (general journal), posted through the ledger
// with the caller as user and their branch, audited in the same transaction.
import type { FastifyRequest } from 'fastify';
import type { JournalBody, JournalEntry } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { JOURNAL_SOURCE_TYPE, postJournal } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { caller } from '../../plugins/auth.ts';
import { getJournalEntry } from './list-journal.ts';

export async function postGeneralJournal(opts: { tx: Db; req: FastifyRequest; input: JournalBody }): Promise<JournalEntry> {
  const { tx, req, input } = opts;
  const { clientId, userId, branchId } = caller(req);
  const posted = await postJournal(tx, {
    clientId,
    date: input.date,
    reference: input.reference,
    memo: input.memo,
    sourceType: JOURNAL_SOURCE_TYPE,
    branchId,
    userId,
    lines: input.lines,
  });
  await writeAudit(tx, req, {
    action: 'create',
    entity: 'journal-entry',
    entityId: posted.id,
    after: { number: posted.number, date: posted.date, reference: posted.reference, memo: posted.memo, total: posted.total, lines: posted.lines },
  });
  return getJournalEntry({ tx, clientId, lang: req.lang, id: posted.id });
}
