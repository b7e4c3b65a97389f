// POST /api/finance/transaction: a manual journal entry (general journal), posted through the ledger
// with the caller as user and their branch, audited in the same transaction. The audit line is written
// by the posting's own statement and the answer is built from what the posting returns, so a request
// costs one statement while the organisation's journal counter is held (see ledger/post-journal.ts).
// Requests without an Idempotency-Key go through the group commit (journal-group-commit.ts), which
// writes the entries that arrive together in one transaction.
import type { JournalBody, JournalEntry } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { type PostedEntryDetail, postJournal } from '../../ledger/index.ts';
import { type GroupedJournal, postGrouped } from './journal-group-commit.ts';
import { journalAuditLine, journalPosting } from './journal.posting.ts';
import { refuseStockAccounts } from './stock-accounts.ts';

/** The answer to the request, built from what the posting returned (no read back). */
export function journalAnswer(actor: Actor, posted: PostedEntryDetail): JournalEntry {
  return {
    id: posted.id,
    series: posted.series,
    entryNo: posted.entryNo,
    number: posted.number,
    date: posted.date,
    reference: posted.reference,
    memo: posted.memo,
    sourceType: posted.sourceType,
    sourceId: posted.sourceId,
    branchId: posted.branchId,
    userId: posted.userId,
    userName: actor.fullname,
    total: posted.total,
    reversesId: null,
    reversedById: null,
    createdAt: posted.createdAt,
    lines: posted.lines.map((l, i) => {
      const account = posted.accounts.get(l.accountId);
      return {
        id: posted.lineIds[i],
        accountId: l.accountId,
        accountCode: account?.code ?? '',
        accountName: (actor.lang === 'so' ? account?.nameSo : account?.nameEn) ?? '',
        debit: l.debit,
        credit: l.credit,
        partyType: l.partyType,
        partyId: l.partyId,
        // Built without a read while the journal counter is held; GET /api/finance/transaction/:id names it.
        partyName: null,
        memo: l.memo,
      };
    }),
  };
}

/** Posts one journal entry inside the caller's transaction (the Idempotency-Key path). */
export async function postGeneralJournal(opts: { tx: Db; actor: Actor; input: JournalBody }): Promise<JournalEntry> {
  const { tx, actor, input } = opts;
  await refuseStockAccounts(tx, input.lines);
  const posted = await postJournal(tx, journalPosting(actor, input), { audit: (entered) => journalAuditLine(actor, input, entered) });
  return journalAnswer(actor, posted);
}

/**
 * Posts one journal entry in its own transaction, together with whatever other journal requests of the
 * organisation arrive meanwhile (one commit for all; each request still gets its own entry, number,
 * audit line and answer, and a refused entry is refused alone).
 */
export async function postGeneralJournalGrouped(db: Db, actor: Actor, input: JournalBody): Promise<JournalEntry> {
  const posting = journalPosting(actor, input);
  const job: GroupedJournal = {
    posting,
    audit: (posted) => journalAuditLine(actor, input, posted),
    single: (tx) => postGeneralJournal({ tx, actor, input }),
    answer: (posted) => journalAnswer(actor, posted),
  };
  return postGrouped(db, posting.clientId, job);
}
