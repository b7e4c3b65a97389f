// Posts a customer's opening balance to the ledger, once: debit the customer's receivable and credit
// the opening balance equity account (a negative balance, a credit the customer starts with, the other
// way round), dated the day the customer was taken on, or today when that day is in a closed period.
// Runs in the transaction that creates the customer or first gives it a non-zero opening balance; after
// it, opening_balance_posted is true and the amount can no longer be changed. The balance is an open
// item of the customer (migration 0046): a debt is a charge of kind 'opening', due on its date, that
// receipts pay oldest first like a bill; a credit is a settling item, the customer's credit, that pays
// their next charges.
import { sql } from 'drizzle-orm';
import { bdec, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { getLockDate, postJournal, systemAccountId } from '../../ledger/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { addOpenItems, applyPartyCredit } from '../open-items/index.ts';
import { openingBalancePosting } from './opening-balance.posting.ts';

export const OPENING_BALANCE_SOURCE_TYPE = 'customer-opening';
/** The open item kind of an opening balance. */
export const OPENING_BALANCE_ITEM_KIND = 'opening';

/** Posts the unposted, non-zero opening balance of a customer; answers the entry id, or null when there is nothing to post. */
export async function postOpeningBalance(opts: { tx: Db; actor: Actor; customerId: number }): Promise<number | null> {
  const { tx, actor, customerId } = opts;
  const { clientId, userId } = actor;
  const [c] = await queryRows<{
    opening_balance: string;
    opening_balance_posted: boolean;
    name: string;
    customer_no: string;
    created_on: string;
    today: string;
  }>(
    tx,
    sql`
    select opening_balance::text, opening_balance_posted, name, customer_no,
           to_char(created_at::date, 'YYYY-MM-DD') as created_on, to_char(current_date, 'YYYY-MM-DD') as today
    from customers where client_id = ${clientId} and id = ${customerId} for update`,
  );
  if (!c || c.opening_balance_posted) return null;
  const amount = bdec(c.opening_balance);
  if (amount.isZero()) return null;

  const lockDate = await getLockDate(tx, clientId);
  const date = lockDate !== null && c.created_on <= lockDate ? c.today : c.created_on;
  const receivable = await systemAccountId(tx, clientId, 'receivable');
  const equity = await systemAccountId(tx, clientId, 'openingBalance');
  const posting = postJournal(tx, {
    clientId,
    date,
    reference: c.customer_no,
    memo: translate('payments.openingMemo', actor.lang, { customer: `${c.customer_no} ${c.name}` }),
    sourceType: OPENING_BALANCE_SOURCE_TYPE,
    sourceId: customerId,
    branchId: actor.branchId ?? null,
    userId,
    lines: openingBalancePosting({ receivableId: receivable, equityId: equity, customerId, amount: c.opening_balance }),
    limitField: 'openingBalance',
  });
  // The customer form has no date: a refusal (a lock date in the future) is shown on the balance.
  const entry = await posting.catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'PERIOD_LOCKED')
      throw new AppError(400, 'VALIDATION', 'common.validation', [{ field: 'openingBalance', message: err.details?.[0]?.message ?? 'ledger.locked' }]);
    throw err;
  });
  await tx.execute(sql`update customers set opening_balance_posted = true where client_id = ${clientId} and id = ${customerId}`);
  await addOpenItems(tx, clientId, [
    {
      partyType: 'customer',
      partyId: customerId,
      accountId: receivable,
      side: amount.isPositive() ? 'debit' : 'credit',
      kind: OPENING_BALANCE_ITEM_KIND,
      sourceType: OPENING_BALANCE_SOURCE_TYPE,
      sourceId: customerId,
      number: c.customer_no,
      date,
      dueDate: date,
      amount: amount.abs().toFixed(2),
      journalEntryId: entry.id,
    },
  ]);
  // A credit to start with pays open charges the way an overpayment does (the open items' credit rule).
  await applyPartyCredit(tx, clientId, [{ partyType: 'customer', partyId: customerId, accountId: receivable }]);
  return entry.id;
}
