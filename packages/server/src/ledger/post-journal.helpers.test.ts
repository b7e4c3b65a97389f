// The posting's pure helpers, without a database: the amount in a refusal's message, which field an
// over-limit refusal names, and the netting of lines per account and party.
import { describe, expect, it } from 'vitest';
import { Decimal } from './money.ts';
import { groupedAmount, limitFieldOf, mergeLines } from './post-journal.ts';

describe('posting helpers', () => {
  it('groups the thousands of an amount and always shows cents', () => {
    expect(groupedAmount('1000000000.00')).toBe('1,000,000,000.00');
    expect(groupedAmount('1234.5')).toBe('1,234.50');
    expect(groupedAmount('999')).toBe('999.00');
  });

  it('limits a posting on its lines unless told otherwise, and never a reversal', () => {
    expect(limitFieldOf({}, null)).toBe('lines');
    expect(limitFieldOf({ limitField: 'amount' }, undefined)).toBe('amount');
    expect(limitFieldOf({ limitField: null }, null)).toBeNull();
    expect(limitFieldOf({ limitField: 'amount' }, 12)).toBeNull();
  });

  it('nets lines per account and party and drops those that net to zero', () => {
    const line = (accountId: number, debit: string, credit: string, partyId: number | null = null) => ({
      index: 0,
      accountId,
      debit: new Decimal(debit),
      credit: new Decimal(credit),
      partyType: partyId === null ? null : ('customer' as const),
      partyId,
      memo: null,
    });
    expect(mergeLines([line(1, '5', '0'), line(1, '0', '5'), line(2, '0', '3', 4), line(2, '1', '0', 4), line(2, '2', '0', 5)])).toEqual([
      { accountId: 2, debit: '0.00', credit: '2.00', partyType: 'customer', partyId: 4, memo: null },
      { accountId: 2, debit: '2.00', credit: '0.00', partyType: 'customer', partyId: 5, memo: null },
    ]);
  });
});
