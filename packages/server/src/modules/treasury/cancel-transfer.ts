// POST /api/finance/transfer/:id/cancel: reverses the transfer's journal entry (dated as asked, by
// default on the transfer's date; a closed period needs a later date) and audits it. The transfer row
// stays as it was: it reads as cancelled because its entry is reversed.
import { type ReversalBody, type Transfer, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { reverseJournal } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError } from '../../plugins/errors.ts';
import { getTransfer } from './list-transfers.ts';
import { textOrNull } from './treasury-accounts.ts';

export async function cancelTransfer(opts: { tx: Db; actor: Actor; id: number; input: ReversalBody }): Promise<Transfer> {
  const { tx, actor, id, input } = opts;
  const { clientId, userId } = actor;
  const transfer = await getTransfer({ tx, clientId, lang: actor.lang, id });
  if (transfer.status === 'Cancelled') throw new AppError(409, 'ALREADY_CANCELLED', 'treasury.alreadyCancelled');
  const reason = textOrNull(input.reason);
  const label = translate(`treasury.cancelMemo|${transfer.number}`, actor.lang);
  const reversal = await reverseJournal(tx, {
    clientId,
    entryId: transfer.entryId,
    date: input.date ?? null,
    userId,
    memo: reason ? `${label}: ${reason}` : label,
  });
  await writeAudit(tx, actor, {
    action: 'cancel',
    entity: 'transfer',
    entityId: id,
    before: { status: transfer.status },
    after: { status: 'Cancelled', reversal: reversal.number, date: reversal.date, reason },
  });
  return getTransfer({ tx, clientId, lang: actor.lang, id });
}
