// Posts a vendor's opening balance to the ledger, once: credit the vendor's payable and debit the opening
// balance equity account, dated the opening date (refused on the date field when it is in a closed
// period). Runs in the transaction that creates the vendor or first gives it a non-zero opening balance;
// after it, opening_journal_entry_id is set and the amount and date can no longer change. The balance is
// an open item of the vendor (kind 'opening', due on its date) that payments pay oldest first like a bill.
import { sql } from 'drizzle-orm';
import { bdec, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { postJournal, systemAccountId } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../plugins/errors.ts';
import { addOpenItems, applyPartyCredit } from '../open-items/index.ts';
import { vendorOpeningPosting } from './opening-balance.posting.ts';
import { OPENING_KIND, VENDOR_OPENING_SOURCE_TYPE, payableAccountId, vendorParty } from './vendors-common.ts';

export async function postVendorOpeningBalance(opts: { tx: Db; actor: Actor; vendorId: number }): Promise<number | null> {
  const { tx, actor, vendorId } = opts;
  const { clientId } = actor;
  const [v] = await queryRows<{ opening_balance: string; opening_date: string | null; entry: number | null; name: string; number: string }>(
    tx,
    sql`select opening_balance::text, opening_date::text as opening_date, opening_journal_entry_id as entry, name, number
        from vendors where client_id = ${clientId} and id = ${vendorId} for update`,
  );
  if (!v || v.entry !== null || v.opening_date === null) return null;
  const amount = bdec(v.opening_balance);
  if (amount.lte(0)) return null;
  const payableId = await payableAccountId(tx, clientId);
  const equityId = await systemAccountId(tx, clientId, 'openingBalance');
  const entry = await postJournal(tx, {
    clientId,
    date: v.opening_date,
    reference: v.number,
    memo: translate('vendors.openingMemo', actor.lang, { vendor: `${v.number} ${v.name}` }),
    sourceType: VENDOR_OPENING_SOURCE_TYPE,
    sourceId: vendorId,
    branchId: actor.branchId ?? null,
    userId: actor.userId,
    lines: vendorOpeningPosting({ payableId, equityId, vendorId, amount: amount.toFixed(2) }),
    limitField: 'openingBalance',
  }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'PERIOD_LOCKED')
      throw new AppError(400, 'VALIDATION', 'common.validation', [{ field: 'openingDate', message: err.details?.[0]?.message ?? 'ledger.locked' }]);
    throw err;
  });
  await tx.execute(sql`update vendors set opening_journal_entry_id = ${entry.id} where client_id = ${clientId} and id = ${vendorId}`);
  await addOpenItems(tx, clientId, [
    {
      ...vendorParty(vendorId, payableId),
      side: 'credit',
      kind: OPENING_KIND,
      sourceType: VENDOR_OPENING_SOURCE_TYPE,
      sourceId: vendorId,
      number: v.number,
      date: v.opening_date,
      dueDate: v.opening_date,
      amount: amount.toFixed(2),
      journalEntryId: entry.id,
    },
  ]);
  // A payment made before the balance was entered (the vendor's waiting credit) pays it now.
  await applyPartyCredit(tx, clientId, [vendorParty(vendorId, payableId)]);
  return entry.id;
}
