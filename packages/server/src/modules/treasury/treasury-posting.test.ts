// The treasury documents' debit/credit lines, without a database.
import { describe, expect, it } from 'vitest';
import { money } from '../../ledger/index.ts';
import { chequePosting, closingPosting, transferPosting } from './treasury.posting.ts';

describe('treasury postings', () => {
  it('a transfer debits the receiving account and credits the sending one', () => {
    expect(transferPosting({ fromAccountId: 1, toAccountId: 2, amount: '75.25', memo: 'float' })).toEqual([
      { accountId: 2, debit: '75.25', memo: 'float' },
      { accountId: 1, credit: '75.25', memo: 'float' },
    ]);
  });

  it('a cheque debits each line with the payee as party and credits the bank', () => {
    const lines = chequePosting({
      bankAccountId: 9,
      amount: '300.00',
      memo: 'June',
      partyType: 'vendor',
      partyId: 4,
      lines: [
        { accountId: 5, amount: '200.00', memo: 'rent' },
        { accountId: 6, amount: '100.00' },
      ],
    });
    expect(lines).toEqual([
      { accountId: 5, debit: '200.00', memo: 'rent', partyType: 'vendor', partyId: 4 },
      { accountId: 6, debit: '100.00', memo: 'June', partyType: 'vendor', partyId: 4 },
      { accountId: 9, credit: '300.00', memo: 'June' },
    ]);
  });

  it('a closing empties income and expenses into retained earnings: profit credit, loss debit', () => {
    const profit = closingPosting(
      [
        { accountId: 1, type: 'income', debit: '10.00', credit: '1010.00' },
        { accountId: 2, type: 'expense', debit: '400.00', credit: '0' },
        { accountId: 3, type: 'income', debit: '5.00', credit: '5.00' },
        { accountId: 4, type: 'income', debit: '20.00', credit: '0' },
      ],
      99,
    );
    expect(profit.lines).toEqual([
      { accountId: 1, debit: '1000.00' },
      { accountId: 2, credit: '400.00' },
      { accountId: 4, credit: '20.00' },
      { accountId: 99, credit: '580.00' },
    ]);
    expect([money(profit.income), money(profit.expenses), money(profit.netIncome)]).toEqual(['980.00', '400.00', '580.00']);

    const loss = closingPosting([{ accountId: 2, type: 'expense', debit: '50.10', credit: '0.10' }], 99);
    expect(loss.lines).toEqual([
      { accountId: 2, credit: '50.00' },
      { accountId: 99, debit: '50.00' },
    ]);
    expect(money(loss.netIncome)).toBe('-50.00');

    const even = closingPosting(
      [
        { accountId: 1, type: 'income', debit: '0', credit: '7.00' },
        { accountId: 2, type: 'expense', debit: '7.00', credit: '0' },
      ],
      99,
    );
    expect(even.lines).toEqual([
      { accountId: 1, debit: '7.00' },
      { accountId: 2, credit: '7.00' },
    ]);
    expect(closingPosting([], 99).lines).toEqual([]);
  });
});
