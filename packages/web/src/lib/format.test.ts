import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatMoney,
  formatMonth,
  formatNumber,
  maskDateText,
  maskMonthText,
  monthName,
  parseDateInput,
  parseMonthInput,
  toDateInput,
  toDecimal,
  toMonthInput,
} from './format.ts';

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

describe("months in the user's language (the browser has no Somali calendar data)", () => {
  it('names months from the calendar in contracts, long and short', () => {
    expect(monthName(11, 'en')).toBe('November');
    expect(monthName(11, 'so')).toBe('Noofeembar');
    expect(monthName(8, 'so', 'short')).toBe('Ogs');
    expect(monthName(8, 'en', 'short')).toBe('Aug');
  });

  it('writes a period as the dashboard and chart axes show it', () => {
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatMonth('2026-11', 'so')).toBe('Noofeembar 2026');
    expect(formatMonth('2026-03-15', 'so')).toBe('Maarso 2026');
    expect(formatMonth('2026-11', 'so', 'short')).toBe('Nof 26');
    expect(formatMonth('2026-01', 'en', 'short')).toBe('Jan 26');
    expect(formatMonth('2026-13', 'so')).toBe('2026-13');
    expect(formatMonth(null, 'so')).toBe('');
  });
});

describe('numbers', () => {
  it('groups digits in both languages and shows nothing for nothing', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'so')).toBe('1,234,567.5');
    expect(formatNumber('12500', 'so')).toBe('12,500');
    expect(formatNumber(undefined, 'en')).toBe('');
  });
});

describe('date fields: dd/mm/yyyy on screen, YYYY-MM-DD for the API', () => {
  it('shows a date day first', () => {
    expect(toDateInput('2026-11-25')).toBe('25/11/2026');
    expect(toDateInput('')).toBe('');
    expect(toDateInput('25/11/2026')).toBe('');
    expect(formatDate('2026-11-25', 'en', 'short')).toBe('25/11/2026');
    expect(formatDate('2026-11-25', 'so', 'short')).toBe('25/11/2026');
  });

  it('reads what was typed day first, and only real calendar days', () => {
    expect(parseDateInput('25/11/2026')).toBe('2026-11-25');
    expect(parseDateInput('5/1/2026')).toBe('2026-01-05');
    expect(parseDateInput('25.11.2026')).toBe('2026-11-25');
    expect(parseDateInput('2026-11-25')).toBe('2026-11-25');
    expect(parseDateInput('29/02/2028')).toBe('2028-02-29');
    expect(parseDateInput('29/02/2026')).toBeNull();
    expect(parseDateInput('31/04/2026')).toBeNull();
    expect(parseDateInput('11/25/2026')).toBeNull(); // US order is not a date here
    expect(parseDateInput('25/11/26')).toBeNull();
    expect(parseDateInput('')).toBeNull();
  });

  it('groups digits into dd/mm/yyyy as they are typed, keeping separators the user typed', () => {
    expect(maskDateText('2')).toBe('2');
    expect(maskDateText('251')).toBe('25/1');
    expect(maskDateText('25/112')).toBe('25/11/2');
    expect(maskDateText('25112026')).toBe('25/11/2026');
    expect(maskDateText('251120261')).toBe('25/11/2026');
    expect(maskDateText('5/1/2026')).toBe('5/1/2026');
    expect(maskDateText('2026-11-25')).toBe('2026-11-25');
  });
});

describe('month fields: mm/yyyy on screen, YYYY-MM for the API', () => {
  it('shows, reads and groups a billing period', () => {
    expect(toMonthInput('2026-11')).toBe('11/2026');
    expect(toMonthInput('')).toBe('');
    expect(parseMonthInput('11/2026')).toBe('2026-11');
    expect(parseMonthInput('1/2026')).toBe('2026-01');
    expect(parseMonthInput('2026-11')).toBe('2026-11');
    expect(parseMonthInput('13/2026')).toBeNull();
    expect(parseMonthInput('11/26')).toBeNull();
    expect(maskMonthText('112')).toBe('11/2');
    expect(maskMonthText('112026')).toBe('11/2026');
    expect(maskMonthText('1/2026')).toBe('1/2026');
  });
});
