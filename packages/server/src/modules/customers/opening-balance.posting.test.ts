// The opening balance's posting without a database: a debt debits the receivable, a credit credits it.
import { describe, expect, it } from 'vitest';
import { openingBalancePosting } from './opening-balance.posting.ts';

describe('openingBalancePosting', () => {
  it('puts what the customer owes on the receivable against opening balance equity, and a credit the other way', () => {
    expect(openingBalancePosting({ receivableId: 1, equityId: 2, customerId: 5, amount: '50.00' })).toEqual([
      { accountId: 1, partyType: 'customer', partyId: 5, debit: '50.00' },
      { accountId: 2, credit: '50.00' },
    ]);
    expect(openingBalancePosting({ receivableId: 1, equityId: 2, customerId: 5, amount: '-20.5' })).toEqual([
      { accountId: 1, partyType: 'customer', partyId: 5, credit: '20.50' },
      { accountId: 2, debit: '20.50' },
    ]);
  });
});
