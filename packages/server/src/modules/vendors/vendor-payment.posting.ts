// The ledger impact of a payment to a vendor: the vendor's payable down (debit, naming the vendor), money
// out of the paying account (credit). The whole amount goes to the payable, allocated or not: an
// overpayment leaves the vendor's payable below zero (its debit balance), so the vendors' balances always
// sum to their lines on the payable. Pure: no database.
import type { PostingLine } from '../../ledger/index.ts';

export function vendorPaymentPosting(p: { accountId: number; payableId: number; vendorId: number; amount: string }): PostingLine[] {
  return [
    { accountId: p.payableId, debit: p.amount, partyType: 'vendor', partyId: p.vendorId },
    { accountId: p.accountId, credit: p.amount },
  ];
}
