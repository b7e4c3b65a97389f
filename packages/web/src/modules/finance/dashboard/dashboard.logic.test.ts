// The finance dashboard's shares and month parts.
import { describe, expect, it } from 'vitest';
import { monthParts, sharePercent } from './dashboard.logic.ts';

describe('shares and labels', () => {
  it('gives each expense its share of the year in whole percent', () => {
    expect(sharePercent('300.00', '550.00')).toBe(55);
    expect(sharePercent('50.00', '550.00')).toBe(9);
    expect(sharePercent('50.00', '0.00')).toBe(0);
  });

  it('splits a month', () => {
    expect(monthParts('2026-03')).toEqual({ year: 2026, month: 3 });
  });
});
