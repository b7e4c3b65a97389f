// The ledger impact of a customer payment: money in on the receiving account (debit), the customer's
// receivable down (credit, party customer). The whole amount goes to the receivable, allocated or not:
// an overpayment leaves the customer's receivable below zero (their credit), so the sum of customer
// balances always equals the receivable account.
import type { PostingLine } from '../../ledger/index.ts';

export function paymentPosting(p: { accountId: number; receivableId: number; customerId: number; amount: string }): PostingLine[] {
  return [
    { accountId: p.accountId, debit: p.amount },
    { accountId: p.receivableId, credit: p.amount, partyType: 'customer', partyId: p.customerId },
  ];
}
