// POST /api/finance/transaction: a manual journal entry (general journal), posted through the ledger
// with the caller as user and their branch, audited in the same transaction. The audit line is written
// by the posting's own statement and the answer is built from what the posting returns, so a request
// costs one statement while the organisation's journal counter is held (see ledger/post-journal.ts).
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { JournalBody, JournalEntry } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { JOURNAL_SOURCE_TYPE, postJournal } from '../../ledger/index.ts';
import { caller } from '../../plugins/auth.ts';

export async function postGeneralJournal(opts: { tx: Db; req: FastifyRequest; input: JournalBody }): Promise<JournalEntry> {
  const { tx, req, input } = opts;
  const { clientId, userId, branchId, username, fullname } = caller(req);
  const reference = input.reference?.trim() || null;
  const memo = input.memo?.trim() || null;
  const posted = await postJournal(
    tx,
    { clientId, date: input.date, reference, memo, sourceType: JOURNAL_SOURCE_TYPE, branchId, userId, lines: input.lines },
    {
      // The same audit line writeAudit would write (action create, entity journal-entry), with the number
      // the posting takes; `lines` are the merged lines as posted.
      alsoWrite: (entry, entered) => sql`
        insert into audit_log (client_id, user_id, username, action, entity, entity_id, after, ip)
        select ${clientId}, ${userId}, ${username}, 'create', 'journal-entry', e.id::text,
               jsonb_build_object('number', e.number) || ${JSON.stringify({ date: input.date, reference, memo, total: entered.total, lines: entered.lines })}::jsonb,
               ${req.ip}
        from ${entry} e`,
    },
  );
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
    userName: fullname,
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
        memo: l.memo,
      };
    }),
  };
}
