// POST /api/finance/writecheck/:id/void: reverses the cheque's journal entry (dated as asked, by
// default on the cheque's date; a closed period needs a later date) and audits it. The cheque keeps its
// number (a voided leaf is not reused) and reads as void because its entry is reversed.
import { type Cheque, type ReversalBody, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { reverseJournal } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError } from '../../plugins/errors.ts';
import { getCheque } from './list-cheques.ts';
import { textOrNull } from './treasury-accounts.ts';

export async function voidCheque(opts: { tx: Db; actor: Actor; id: number; input: ReversalBody }): Promise<Cheque> {
  const { tx, actor, id, input } = opts;
  const { clientId, userId } = actor;
  const cheque = await getCheque({ tx, clientId, lang: actor.lang, id });
  if (cheque.status === 'Void') throw new AppError(409, 'ALREADY_VOID', 'treasury.alreadyVoid');
  const reason = textOrNull(input.reason);
  const label = translate(`treasury.voidMemo|${cheque.chequeNumber}`, actor.lang);
  const reversal = await reverseJournal(tx, {
    clientId,
    entryId: cheque.entryId,
    date: input.date ?? null,
    userId,
    memo: reason ? `${label}: ${reason}` : label,
  });
  await writeAudit(tx, actor, {
    action: 'void',
    entity: 'cheque',
    entityId: id,
    before: { status: cheque.status },
    after: { status: 'Void', chequeNo: cheque.chequeNumber, reversal: reversal.number, date: reversal.date, reason },
  });
  return getCheque({ tx, clientId, lang: actor.lang, id });
}
