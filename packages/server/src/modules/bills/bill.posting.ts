// The ledger impact of a customer bill: the customer's receivable up by the amount (debit, party
// customer), sales (the service's revenue account) by the subtotal and tax payable by the tax (credits).
// A zero bill posts nothing (no lines). Pure: no database; the bill run builds 100,000 of these.
import Decimal from 'decimal.js';
import type { PostingLine } from '../../ledger/index.ts';

export interface BillPostingAccounts {
  receivable: number;
  sales: number;
  taxPayable: number;
}

export function billPosting(accounts: BillPostingAccounts, bill: { customerId: number; amount: string; subtotal: string; tax: string }): PostingLine[] {
  if (new Decimal(bill.amount).isZero()) return [];
  const lines: PostingLine[] = [
    { accountId: accounts.receivable, debit: bill.amount, partyType: 'customer', partyId: bill.customerId },
    { accountId: accounts.sales, credit: bill.subtotal },
  ];
  if (new Decimal(bill.tax).gt(0)) lines.push({ accountId: accounts.taxPayable, credit: bill.tax });
  return lines;
}
