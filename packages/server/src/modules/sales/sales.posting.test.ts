import { describe, expect, it } from 'vitest';
import { Decimal } from '../../ledger/index.ts';
import { salePosting, settlementPosting } from './sales.posting.ts';

const sum = (lines: ReturnType<typeof salePosting>, k: 'debit' | 'credit') =>
  lines.reduce((s, l) => s.plus(new Decimal(String(l[k] ?? 0))), new Decimal(0)).toFixed(2);

describe('sales postings', () => {
  const figures = {
    customerId: 7,
    receivableId: 1100,
    taxPayableId: 2200,
    total: '115.50',
    tax: '10.50',
    income: [
      { accountId: 4050, amount: '80.00' },
      { accountId: 4040, amount: '25.00' },
    ],
    cost: [{ expenseAccountId: 5010, inventoryAccountId: 1200, value: '60.00' }],
  };
  it('a sale: receivable, income, tax, cost of goods against inventory, balanced', () => {
    const lines = salePosting(figures, 'm');
    expect(lines).toEqual([
      { accountId: 1100, debit: '115.50', partyType: 'customer', partyId: 7, memo: 'm' },
      { accountId: 4040, credit: '25.00', memo: 'm' },
      { accountId: 4050, credit: '80.00', memo: 'm' },
      { accountId: 2200, credit: '10.50', memo: 'm' },
      { accountId: 5010, debit: '60.00', memo: 'm' },
      { accountId: 1200, credit: '60.00', memo: 'm' },
    ]);
    expect(sum(lines, 'debit')).toBe(sum(lines, 'credit'));
  });
  it('a return mirrors it', () => {
    const lines = salePosting(figures, null, 'return');
    expect(lines[0]).toMatchObject({ accountId: 1100, credit: '115.50' });
    expect(lines.find((l) => l.accountId === 1200)).toMatchObject({ debit: '60.00' });
    expect(sum(lines, 'debit')).toBe(sum(lines, 'credit'));
  });
  it('zero amounts post nothing; settlements both ways', () => {
    expect(salePosting({ ...figures, total: '0', tax: '0', income: [{ accountId: 4050, amount: '0' }], cost: [] }, null)).toEqual([]);
    expect(settlementPosting({ accountId: 1010, receivableId: 1100, customerId: 7, amount: '5.00' }, null, 'pay')).toEqual([
      { accountId: 1010, memo: null, debit: '5.00' },
      { accountId: 1100, partyType: 'customer', partyId: 7, memo: null, credit: '5.00' },
    ]);
    expect(settlementPosting({ accountId: 1010, receivableId: 1100, customerId: 7, amount: '5.00' }, null, 'refund')[1]).toMatchObject({
      accountId: 1010,
      credit: '5.00',
    });
  });
});
