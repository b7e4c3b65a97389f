// The ledger's money helpers without a database: blanks are zero, two decimals out (never '-0.00'),
// half-even rounding, and balances in each account type's natural sign.
import { describe, expect, it } from 'vitest';
import { dec, money, naturalBalance } from './money.ts';

describe('dec and money', () => {
  it('reads null, undefined and the empty string as zero', () => {
    for (const blank of [null, undefined, '']) {
      expect(dec(blank).isZero()).toBe(true);
      expect(money(blank)).toBe('0.00');
    }
  });

  it('writes two decimals, rounding half to even, and never a negative zero', () => {
    expect(money('1250.5')).toBe('1250.50');
    expect(money(dec('0.10').minus('0.10').negated())).toBe('0.00');
    expect(money('-0')).toBe('0.00');
    expect(money('-0.004')).toBe('0.00');
    expect(money('-0.005')).toBe('0.00'); // half to even: 0.00
    expect(money('-0.015')).toBe('-0.02');
    expect(money('0.125')).toBe('0.12');
    expect(money('0.135')).toBe('0.14');
    expect(money('-12.3')).toBe('-12.30');
  });

  it('keeps every digit of a large sum (numeric(18,2) and beyond)', () => {
    expect(money(dec('9999999999999999.99').plus('0.01'))).toBe('10000000000000000.00');
    expect(dec('12345678901234567890.12').plus('0.01').toFixed(2)).toBe('12345678901234567890.13');
  });
});

describe('naturalBalance', () => {
  it('is debit minus credit for assets and expenses and credit minus debit for the others', () => {
    expect(naturalBalance('asset', '100', '30').toFixed(2)).toBe('70.00');
    expect(naturalBalance('expense', '5', '8').toFixed(2)).toBe('-3.00');
    expect(naturalBalance('liability', '100', '30').toFixed(2)).toBe('-70.00');
    expect(naturalBalance('income', '0', '45.5').toFixed(2)).toBe('45.50');
    expect(naturalBalance('equity', dec('1'), dec('3')).toFixed(2)).toBe('2.00');
  });
});
