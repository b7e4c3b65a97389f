import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, toDecimal } from './format.ts';

describe('money', () => {
  it('formats decimal strings exactly, beyond JS number precision', () => {
    expect(formatMoney('12345678901234.55', 'en')).toBe('12,345,678,901,234.55');
    expect(formatMoney('0.1', 'en')).toBe('0.10');
    expect(formatMoney('1250.005', 'en')).toBe('1,250.01');
    expect(formatMoney('-3.5', 'en', { currency: 'USD' })).toBe('-$3.50');
  });

  it('shows nothing for empty or invalid values', () => {
    expect(formatMoney(null, 'en')).toBe('');
    expect(formatMoney('abc', 'en')).toBe('');
    expect(toDecimal('')).toBeNull();
  });
});

describe('dates', () => {
  it('keeps a date-only value on its calendar day', () => {
    expect(formatDate('2026-01-10', 'en')).toBe('10 Jan 2026');
    expect(formatDate('2026-11-21', 'so', 'long')).toBe('21 Noofeembar 2026');
    expect(formatDate('2026-11-21', 'so')).toBe('21 Nof 2026');
    expect(formatDate('2026-03-05', 'so', 'short')).toBe('05/03/2026');
  });
});
