// The count sheet's arithmetic and keys, pure (tested in count.logic.test.ts): a typed count is a number
// of 0 or more with up to three decimals; the difference is counted - frozen and its value is at the
// frozen average cost, rounded to the cent as the server does.
import Decimal from 'decimal.js';

/** What the counted cell accepts while typing (digits and one point, three decimals at most). */
export const COUNT_TYPING = /^\d{0,12}(\.\d{0,3})?$/;
/** A complete count. */
export const COUNT_VALUE = /^\d{1,12}(\.\d{1,3})?$/;

export function isCountTyping(text: string): boolean {
  return COUNT_TYPING.test(text);
}

/** counted - frozen and its value (null while nothing or something incomplete is typed). */
export function countDifference(frozen: string, unitCost: string, typed: string): { difference: string; value: string } | null {
  if (!COUNT_VALUE.test(typed)) return null;
  const difference = new Decimal(typed).minus(frozen);
  return { difference: difference.toString(), value: difference.times(unitCost).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) };
}

/** The sum of the differences' values of the lines (typed where typed, else as saved). */
export function totalDifference(values: ReadonlyArray<string | null>): string {
  return values.reduce((sum, v) => (v === null ? sum : sum.plus(v)), new Decimal(0)).toFixed(2);
}

/** Where the cursor goes from row `from` after `key`: Enter/↓ next, ↑/Shift+Enter previous, PageDown/Up ten; null: stay. */
export function nextCountRow(key: string, shiftKey: boolean, from: number, rows: number): number | null {
  let step: number;
  if (key === 'ArrowDown' || (key === 'Enter' && !shiftKey)) step = 1;
  else if (key === 'ArrowUp' || (key === 'Enter' && shiftKey)) step = -1;
  else if (key === 'PageDown') step = 10;
  else if (key === 'PageUp') step = -10;
  else return null;
  const to = Math.min(Math.max(from + step, 0), rows - 1);
  return to === from ? null : to;
}
