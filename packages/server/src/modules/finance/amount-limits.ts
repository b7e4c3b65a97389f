// The organisation's money limits: read them (every signed-in user's forms need the confirmation
// threshold) and set the per-document maximum (administrator, with its audit line). The ledger enforces
// the maximum on every posting (ledger/post-journal.ts); budgets check it in save-budgets.ts.
import { type AmountLimits, type AmountLimitsBody, amountKindValues } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { money, readConfirmThresholds, readMaxDocumentAmount, setMaxDocumentAmount } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';

export async function getAmountLimits(opts: { tx: Db; clientId: number }): Promise<AmountLimits> {
  const maxDocumentAmount = await readMaxDocumentAmount(opts.tx, opts.clientId);
  return { maxDocumentAmount, kinds: await readConfirmThresholds(opts.tx, opts.clientId, amountKindValues, maxDocumentAmount) };
}

export async function updateAmountLimits(opts: { tx: Db; actor: Actor; input: AmountLimitsBody }): Promise<AmountLimits> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  const after = money(input.maxDocumentAmount);
  const before = await setMaxDocumentAmount(tx, clientId, after);
  await writeAudit(tx, actor, {
    action: 'update',
    entity: 'amount-limits',
    entityId: clientId,
    before: { maxDocumentAmount: before },
    after: { maxDocumentAmount: after },
  });
  return getAmountLimits({ tx, clientId });
}
