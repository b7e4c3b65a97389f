// The posting's pure helpers, without a database: the amount in a refusal's message, which field an
// over-limit refusal names, and the netting of lines per account and party.
import { describe, expect, it } from 'vitest';
import { Decimal } from './money.ts';
import { amountLimitError, groupedAmount, limitFieldOf, mergeLines } from './post-journal.ts';

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
    const err = amountLimitError('amount', '1000000.00');
    expect([err.statusCode, err.code, err.messageKey, err.details]).toEqual([
      400,
      'AMOUNT_LIMIT',
      'ledger.amountLimit|1,000,000.00',
      [{ field: 'amount', message: 'ledger.amountLimit|1,000,000.00' }],
    ]);
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

  it('keeps a customer and a vendor with the same id apart, and the first memo of merged lines', () => {
    const line = (partyType: 'customer' | 'vendor' | null, debit: string, credit: string, memo: string | null) => ({
      index: 0,
      accountId: 3,
      debit: new Decimal(debit),
      credit: new Decimal(credit),
      partyType,
      partyId: partyType === null ? null : 9,
      memo,
    });
    expect(
      mergeLines([
        line('customer', '4', '0', null),
        line('customer', '1', '0', 'first'),
        line('customer', '1', '0', 'second'),
        line('vendor', '0', '6', null),
        line(null, '0', '1', null),
      ]),
    ).toEqual([
      { accountId: 3, debit: '6.00', credit: '0.00', partyType: 'customer', partyId: 9, memo: 'first' },
      { accountId: 3, debit: '0.00', credit: '6.00', partyType: 'vendor', partyId: 9, memo: null },
      { accountId: 3, debit: '0.00', credit: '1.00', partyType: null, partyId: null, memo: null },
    ]);
  });
});
