// POST /api/finance/transfer/:id/cancel: reverses the transfer's journal entry (dated as asked, by
// default on the transfer's date; a closed period needs a later date) and audits it. The transfer row
// stays as it was: it reads as cancelled because its entry is reversed.
import type { FastifyRequest } from 'fastify';
import { type ReversalBody, type Transfer, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { reverseJournal } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { caller } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { getTransfer } from './list-transfers.ts';
import { textOrNull } from './treasury-accounts.ts';

export async function cancelTransfer(opts: { tx: Db; req: FastifyRequest; id: number; input: ReversalBody }): Promise<Transfer> {
  const { tx, req, id, input } = opts;
  const { clientId, userId } = caller(req);
  const transfer = await getTransfer({ tx, clientId, lang: req.lang, id });
  if (transfer.status === 'Cancelled') throw new AppError(409, 'ALREADY_CANCELLED', 'treasury.alreadyCancelled');
  const reason = textOrNull(input.reason);
  const label = translate(`treasury.cancelMemo|${transfer.number}`, req.lang);
  const reversal = await reverseJournal(tx, {
    clientId,
    entryId: transfer.entryId,
    date: input.date ?? null,
    userId,
    memo: reason ? `${label}: ${reason}` : label,
  });
  await writeAudit(tx, req, {
    action: 'cancel',
    entity: 'transfer',
    entityId: id,
    before: { status: transfer.status },
    after: { status: 'Cancelled', reversal: reversal.number, date: reversal.date, reason },
  });
  return getTransfer({ tx, clientId, lang: req.lang, id });
}
