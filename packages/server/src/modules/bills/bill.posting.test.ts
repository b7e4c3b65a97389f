// The bill's posting without a database: receivable against sales and tax, nothing for a zero bill.
import { describe, expect, it } from 'vitest';
import { billPosting } from './bill.posting.ts';

const accounts = { receivable: 1, sales: 2, taxPayable: 3 };

describe('billPosting', () => {
  it('debits the customer receivable with the amount and credits sales and tax', () => {
    expect(billPosting(accounts, { customerId: 9, amount: '11.50', subtotal: '10.00', tax: '1.50' })).toEqual([
      { accountId: 1, debit: '11.50', partyType: 'customer', partyId: 9 },
      { accountId: 2, credit: '10.00' },
      { accountId: 3, credit: '1.50' },
    ]);
  });
  it('leaves tax out when there is none, and posts nothing for a zero bill', () => {
    expect(billPosting(accounts, { customerId: 9, amount: '4.00', subtotal: '4.00', tax: '0.00' })).toHaveLength(2);
    expect(billPosting(accounts, { customerId: 9, amount: '0.00', subtotal: '0.00', tax: '0.00' })).toEqual([]);
  });
});
