// POST /api/finance/transfer: moves money between two of the organisation's cash, bank or mobile
// money accounts. Checks the accounts (field errors naming fromAccountId / toAccountId), takes the next
// transfer number, posts the entry (debit the receiving account, credit the sending one) and writes the
// transfer row and its audit line, all in the caller's transaction.
import { type Transfer, type TransferBody, transferSubtypes, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { documentNumber, holdLockDate, nextDocumentNumber, postJournal } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import type { FieldError } from '../../plugins/errors.ts';
import { getTransfer } from './list-transfers.ts';
import { transfers } from './treasury.tables.ts';
import { TRANSFER_SERIES, TRANSFER_SOURCE_TYPE, transferPosting } from './treasury.posting.ts';
import { nameIn, nextRowId, readAccounts, textOrNull, validationError } from './treasury-accounts.ts';

const cashLike: readonly string[] = transferSubtypes;

export async function postTransfer(opts: { tx: Db; actor: Actor; input: TransferBody }): Promise<Transfer> {
  const { tx, actor, input } = opts;
  const { clientId, userId, branchId = null } = actor;
  const accounts = await readAccounts(tx, clientId, [input.fromAccountId, input.toAccountId]);
  const errors: FieldError[] = [];
  for (const field of ['fromAccountId', 'toAccountId'] as const) {
    const account = accounts.get(input[field]);
    if (!account) errors.push({ field, message: 'ledger.unknownAccount' });
    else if (!cashLike.includes(account.subtype)) errors.push({ field, message: 'treasury.notCashAccount' });
    else if (account.status !== 'Active') errors.push({ field, message: 'ledger.inactiveAccount' });
  }
  const from = accounts.get(input.fromAccountId);
  const to = accounts.get(input.toAccountId);
  if (errors.length === 0 && from && to && from.currency !== to.currency) {
    errors.push({ field: 'toAccountId', message: `treasury.currencyMismatch|${from.currency}` });
  }
  if (errors.length > 0 || !from || !to) throw validationError(errors);

  await holdLockDate(tx, clientId);
  const transferNo = await nextDocumentNumber(tx, clientId, TRANSFER_SERIES);
  const id = await nextRowId(tx, 'transfers');
  const number = documentNumber(TRANSFER_SERIES, transferNo);
  const memo = textOrNull(input.memo);
  const reference = textOrNull(input.reference);
  const posted = await postJournal(tx, {
    clientId,
    date: input.date,
    reference: reference ?? number,
    memo:
      memo ?? translate('treasury.transferMemo', actor.lang, { from: `${from.code} ${nameIn(from, actor.lang)}`, to: `${to.code} ${nameIn(to, actor.lang)}` }),
    sourceType: TRANSFER_SOURCE_TYPE,
    sourceId: id,
    branchId,
    userId,
    lines: transferPosting({ fromAccountId: from.id, toAccountId: to.id, amount: input.amount, memo }),
    limitField: 'amount',
  });
  await tx.insert(transfers).values({
    id,
    clientId,
    transferNo,
    date: input.date,
    fromAccountId: from.id,
    toAccountId: to.id,
    amount: posted.total,
    reference,
    memo,
    entryId: posted.id,
    branchId,
    createdBy: userId,
  });
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'transfer',
    entityId: id,
    after: { number, date: input.date, from: from.code, to: to.code, amount: posted.total, reference, memo, entry: posted.number },
  });
  return getTransfer({ tx, clientId, lang: actor.lang, id });
}
