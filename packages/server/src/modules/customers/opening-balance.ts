// Posts a customer's opening balance to the ledger, once: debit the customer's receivable and credit
// the opening balance equity account (a negative balance, a credit the customer starts with, the other
// way round), dated the day the customer was taken on, or today when that day is in a closed period.
// Runs in the transaction that creates the customer or first gives it a non-zero opening balance; after
// it, opening_balance_posted is true and the amount can no longer be changed.
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { bdec, translate } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { getLockDate, money, postJournal, systemAccountId } from '../../ledger/index.ts';
import { caller } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';

export const OPENING_BALANCE_SOURCE_TYPE = 'customer-opening';

/** Posts the unposted, non-zero opening balance of a customer; answers the entry id, or null when there is nothing to post. */
export async function postOpeningBalance(opts: { tx: Db; req: FastifyRequest; customerId: number }): Promise<number | null> {
  const { tx, req, customerId } = opts;
  const { clientId, userId, branchId } = caller(req);
  const [c] = await queryRows<{ opening_balance: string; opening_balance_posted: boolean; name: string; customer_no: string; created_on: string; today: string }>(tx, sql`
    select opening_balance::text, opening_balance_posted, name, customer_no,
           to_char(created_at::date, 'YYYY-MM-DD') as created_on, to_char(current_date, 'YYYY-MM-DD') as today
    from customers where client_id = ${clientId} and id = ${customerId} for update`);
  if (!c || c.opening_balance_posted) return null;
  const amount = bdec(c.opening_balance);
  if (amount.isZero()) return null;

  const lockDate = await getLockDate(tx, clientId);
  const date = lockDate !== null && c.created_on <= lockDate ? c.today : c.created_on;
  const receivable = await systemAccountId(tx, clientId, 'receivable');
  const equity = await systemAccountId(tx, clientId, 'openingBalance');
  const abs = money(amount.abs().toFixed(2));
  const owes = amount.isPositive();
  const posting = postJournal(tx, {
    clientId,
    date,
    reference: c.customer_no,
    memo: translate('payments.openingMemo', req.lang, { customer: `${c.customer_no} ${c.name}` }),
    sourceType: OPENING_BALANCE_SOURCE_TYPE,
    sourceId: customerId,
    branchId,
    userId,
    lines: [
      { accountId: receivable, partyType: 'customer', partyId: customerId, ...(owes ? { debit: abs } : { credit: abs }) },
      { accountId: equity, ...(owes ? { credit: abs } : { debit: abs }) },
    ],
    limitField: 'openingBalance',
  });
  // The customer form has no date: a refusal (a lock date in the future) is shown on the balance.
  const entry = await posting.catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'PERIOD_LOCKED') throw new AppError(400, 'VALIDATION', 'common.validation', [{ field: 'openingBalance', message: err.details?.[0]?.message ?? 'ledger.locked' }]);
    throw err;
  });
  await tx.execute(sql`update customers set opening_balance_posted = true where client_id = ${clientId} and id = ${customerId}`);
  // A credit to start with pays open bills the way an overpayment does (migrations/0024_payments.sql).
  await tx.execute(sql`select payments_apply_credit(${clientId}, ${customerId})`);
  return entry.id;
}
