import { describe, expect, it } from 'vitest';
import { countDifference, isCountTyping, nextCountRow, totalDifference } from './count.logic.ts';

describe('count sheet logic', () => {
  it('accepts numbers only, up to three decimals', () => {
    expect(['', '1', '12.', '12.5', '0.125'].every(isCountTyping)).toBe(true);
    expect(['-1', 'a', '1.2345', '1,5', '1e3'].some(isCountTyping)).toBe(false);
  });
  it('differences at the frozen cost, to the cent', () => {
    expect(countDifference('10', '2.500000', '8')).toEqual({ difference: '-2', value: '-5.00' });
    expect(countDifference('4', '7.000000', '5.5')).toEqual({ difference: '1.5', value: '10.50' });
    expect(countDifference('4', '7', '12.')).toBeNull();
    expect(totalDifference(['-5.00', null, '10.50'])).toBe('5.50');
  });
  it('moves down with Enter and arrows, up with Shift+Enter, stays at the ends', () => {
    expect(nextCountRow('Enter', false, 0, 3)).toBe(1);
    expect(nextCountRow('ArrowDown', false, 2, 3)).toBeNull();
    expect(nextCountRow('Enter', true, 2, 3)).toBe(1);
    expect(nextCountRow('PageDown', false, 0, 3)).toBe(2);
    expect(nextCountRow('a', false, 0, 3)).toBeNull();
  });
});
