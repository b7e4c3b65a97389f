// The payment rules that need no database: the entry a receipt posts, and the oldest-first spread of an
// amount over open bills that the Receive payment screen proposes and allocation follows.
import { describe, expect, it } from 'vitest';
import { proposeAllocation } from '@ubo/contracts';
import { paymentPosting } from './payment.posting.ts';

describe('paymentPosting', () => {
  it('debits the receiving account and credits the customer receivable with the whole amount', () => {
    expect(paymentPosting({ accountId: 11, receivableId: 12, customerId: 7, amount: '250.40' })).toEqual([
      { accountId: 11, debit: '250.40' },
      { accountId: 12, credit: '250.40', partyType: 'customer', partyId: 7 },
    ]);
  });
});

describe('proposeAllocation', () => {
  it('pays the bills in the order given, each up to its open amount, and leaves the rest as credit', () => {
    expect(proposeAllocation(['10.00', '25.50', '5'], '30')).toEqual({ amounts: ['10.00', '20.00', '0.00'], rest: '0.00' });
    expect(proposeAllocation(['10.00', '25.50'], '40.25')).toEqual({ amounts: ['10.00', '25.50'], rest: '4.75' });
    expect(proposeAllocation(['10.00'], '10.00')).toEqual({ amounts: ['10.00'], rest: '0.00' });
  });

  it('proposes nothing for a negative, empty or unreadable amount, and skips unreadable or negative bills', () => {
    expect(proposeAllocation(['10.00'], '-5')).toEqual({ amounts: ['0.00'], rest: '0.00' });
    expect(proposeAllocation(['10.00'], '')).toEqual({ amounts: ['0.00'], rest: '0.00' });
    expect(proposeAllocation(['10.00'], 'abc')).toEqual({ amounts: ['0.00'], rest: '0.00' });
    expect(proposeAllocation(['Infinity', '-3', 'x', '4'], '6')).toEqual({ amounts: ['0.00', '0.00', '0.00', '4.00'], rest: '2.00' });
  });
});
