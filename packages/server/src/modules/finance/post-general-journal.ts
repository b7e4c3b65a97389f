// POST /api/finance/transaction: a manual journal entry (general journal), posted through the ledger
// with the caller as user and their branch, audited in the same transaction. The audit line is written
// by the posting's own statement and the answer is built from what the posting returns, so a request
// costs one statement while the organisation's journal counter is held (see ledger/post-journal.ts).
// Requests without an Idempotency-Key go through the group commit (journal-group-commit.ts), which
// writes the entries that arrive together in one transaction.
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { JournalBody, JournalEntry } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { JOURNAL_SOURCE_TYPE, type PostedEntryDetail, type Posting, postJournal } from '../../ledger/index.ts';
import { caller } from '../../plugins/auth.ts';
import { type GroupedJournal, postGrouped } from './journal-group-commit.ts';

/** The posting a journal request asks for, as the caller. */
function journalPosting(req: FastifyRequest, input: JournalBody): Posting {
  const { clientId, userId, branchId } = caller(req);
  const reference = input.reference?.trim() || null;
  const memo = input.memo?.trim() || null;
  return { clientId, date: input.date, reference, memo, sourceType: JOURNAL_SOURCE_TYPE, branchId, userId, lines: input.lines };
}

/** What the audit line of a journal entry records besides its number (action create, entity journal-entry). */
function auditAfter(input: JournalBody, posted: { total: string; lines: PostedEntryDetail['lines'] }) {
  return { date: input.date, reference: input.reference?.trim() || null, memo: input.memo?.trim() || null, total: posted.total, lines: posted.lines };
}

/** The answer to the request, built from what the posting returned (no read back). */
export function journalAnswer(req: FastifyRequest, posted: PostedEntryDetail): JournalEntry {
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
    userName: caller(req).fullname,
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
        accountName: (req.lang === 'so' ? account?.nameSo : account?.nameEn) ?? '',
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
export async function postGeneralJournal(opts: { tx: Db; req: FastifyRequest; input: JournalBody }): Promise<JournalEntry> {
  const { tx, req, input } = opts;
  const { clientId, userId, username } = caller(req);
  const posted = await postJournal(tx, journalPosting(req, input), {
    // The same audit line writeAudit would write, with the number the posting takes; `lines` are the
    // merged lines as posted.
    alsoWrite: (entry, entered) => sql`
      insert into audit_log (client_id, user_id, username, action, entity, entity_id, after, ip)
      select ${clientId}, ${userId}, ${username}, 'create', 'journal-entry', e.id::text,
             jsonb_build_object('number', e.number) || ${JSON.stringify(auditAfter(input, entered))}::jsonb,
             ${req.ip}
      from ${entry} e`,
  });
  return journalAnswer(req, posted);
}

/**
 * Posts one journal entry in its own transaction, together with whatever other journal requests of the
 * organisation arrive meanwhile (one commit for all; each request still gets its own entry, number,
 * audit line and answer, and a refused entry is refused alone).
 */
export async function postGeneralJournalGrouped(req: FastifyRequest, input: JournalBody): Promise<JournalEntry> {
  const posting = journalPosting(req, input);
  const job: GroupedJournal = {
    posting,
    audit: (posted) => ({ userId: posting.userId ?? null, username: caller(req).username, ip: req.ip, after: auditAfter(input, posted) }),
    single: (tx) => postGeneralJournal({ tx, req, input }),
    answer: (posted) => journalAnswer(req, posted),
  };
  return postGrouped(req.server.db, posting.clientId, job);
}
