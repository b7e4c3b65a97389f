// The finance dashboard's chart scale, bar heights, shares and axis labels.
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { axisLabel, barFraction, chartScale, monthParts, niceCeiling, sharePercent } from './dashboard.logic.ts';

const month = (m: string, income: string, expenses: string) => ({ month: m, income, expenses, net: new Decimal(income).minus(expenses).toFixed(2) });

describe('chart scale', () => {
  it('rounds the largest figure up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceCeiling(new Decimal('0')).toString()).toBe('10');
    expect(niceCeiling(new Decimal('7.5')).toString()).toBe('10');
    expect(niceCeiling(new Decimal('1000')).toString()).toBe('1000');
    expect(niceCeiling(new Decimal('1000.01')).toString()).toBe('2000');
    expect(niceCeiling(new Decimal('2300')).toString()).toBe('2500');
    expect(niceCeiling(new Decimal('4999.99')).toString()).toBe('5000');
    expect(niceCeiling(new Decimal('62000')).toString()).toBe('100000');
  });

  it('takes the larger of income and expenses of any month, with four grid steps', () => {
    const scale = chartScale([month('2026-01', '1200.00', '300.00'), month('2026-02', '100.00', '2300.50')]);
    expect(scale.top.toString()).toBe('2500');
    expect(scale.ticks.map((t) => t.toString())).toEqual(['0', '625', '1250', '1875', '2500']);
    expect(chartScale([]).top.toString()).toBe('10');
  });

  it('draws bars as fractions of the top, never below zero or above the top', () => {
    const top = new Decimal(2500);
    expect(barFraction('1250.00', top)).toBe(0.5);
    expect(barFraction('0.00', top)).toBe(0);
    expect(barFraction('-40.00', top)).toBe(0);
    expect(barFraction('9999.00', top)).toBe(1);
  });
});

describe('shares and labels', () => {
  it('gives each expense its share of the year in whole percent', () => {
    expect(sharePercent('300.00', '550.00')).toBe(55);
    expect(sharePercent('50.00', '550.00')).toBe(9);
    expect(sharePercent('50.00', '0.00')).toBe(0);
  });

  it('splits a month and shortens axis amounts', () => {
    expect(monthParts('2026-03')).toEqual({ year: 2026, month: 3 });
    expect(axisLabel(new Decimal(625))).toBe('625');
    expect(axisLabel(new Decimal(1250))).toBe('1.25k');
    expect(axisLabel(new Decimal(2500000))).toBe('2.5M');
  });
});
