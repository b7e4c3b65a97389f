// The ledger impact of a vendor's opening balance: what the organisation owed the vendor when it started
// moves onto the payable (credit, naming the vendor) against the opening balance equity account (debit),
// the account customers' opening balances use. Pure: no database.
import type { PostingLine } from '../../ledger/index.ts';

export function vendorOpeningPosting(p: { payableId: number; equityId: number; vendorId: number; amount: string }): PostingLine[] {
  return [
    { accountId: p.equityId, debit: p.amount },
    { accountId: p.payableId, credit: p.amount, partyType: 'vendor', partyId: p.vendorId },
  ];
}
