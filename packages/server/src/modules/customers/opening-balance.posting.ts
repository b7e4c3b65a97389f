// The ledger impact of a customer's opening balance: what they owed (or were owed) when taken on moves
// onto their receivable against the opening balance equity account. Positive: the customer owes (debit
// the receivable); negative: a credit they start with (credit the receivable). Pure: no database.
import Decimal from 'decimal.js';
import type { PostingLine } from '../../ledger/index.ts';

export function openingBalancePosting(p: { receivableId: number; equityId: number; customerId: number; amount: string }): PostingLine[] {
  const amount = new Decimal(p.amount);
  const abs = amount.abs().toFixed(2);
  const owes = amount.isPositive();
  return [
    { accountId: p.receivableId, partyType: 'customer', partyId: p.customerId, ...(owes ? { debit: abs } : { credit: abs }) },
    { accountId: p.equityId, ...(owes ? { credit: abs } : { debit: abs }) },
  ];
}
