// The ledger impact of a customer balance transfer: the first customer's receivable down (credit), the
// second's up (debit), by the same amount on the same account, so the receivable account is unchanged
// and the sum of customer balances still equals it. Pure: no database.
import type { PostingLine } from '../../ledger/index.ts';

export function customerTransferPosting(p: { receivableId: number; fromCustomerId: number; toCustomerId: number; amount: string }): PostingLine[] {
  return [
    { accountId: p.receivableId, credit: p.amount, partyType: 'customer', partyId: p.fromCustomerId },
    { accountId: p.receivableId, debit: p.amount, partyType: 'customer', partyId: p.toCustomerId },
  ];
}
