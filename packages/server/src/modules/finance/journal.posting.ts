// The general journal's posting: the entry a manual journal request asks the ledger for, and the audit
// line the ledger writes with it (entity journal-entry, the entry's number added by the ledger). Pure: no
// database and no request, so the single path and the group commit post exactly the same thing.
import type { JournalBody } from '@ubo/contracts';
import type { Actor } from '../../lib/actor.ts';
import { JOURNAL_SOURCE_TYPE, type PostedLine, type Posting } from '../../ledger/index.ts';
import type { AuditLine } from '../../plugins/audit.ts';

/** The posting a journal request asks for, by the actor (their branch on the entry). */
export function journalPosting(actor: Actor, input: JournalBody): Posting {
  return {
    clientId: actor.clientId,
    date: input.date,
    reference: input.reference?.trim() || null,
    memo: input.memo?.trim() || null,
    sourceType: JOURNAL_SOURCE_TYPE,
    branchId: actor.branchId ?? null,
    userId: actor.userId,
    lines: input.lines,
  };
}

/** The entry's audit line: what was asked, with the merged lines and total as posted. */
export function journalAuditLine(actor: Actor, input: JournalBody, posted: { total: string; lines: PostedLine[] }): AuditLine {
  return {
    author: actor,
    action: 'create',
    entity: 'journal-entry',
    after: { date: input.date, reference: input.reference?.trim() || null, memo: input.memo?.trim() || null, total: posted.total, lines: posted.lines },
  };
}
