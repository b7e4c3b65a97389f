// The finance dashboard's pure rules: each top expense's share of the year's expenses (decimal.js on
// the decimal strings) and a month's parts. The chart's scale and axis are the chart library's.
import Decimal from 'decimal.js';

/** Each amount's share of the total as a whole percentage (0 when the total is not positive). */
export function sharePercent(amount: string, total: string): number {
  const t = new Decimal(total);
  if (t.lte(0)) return 0;
  return new Decimal(amount).div(t).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

/** 'YYYY-MM' as the month's number (1-12) and year. */
export function monthParts(month: string): { year: number; month: number } {
  const [y, m] = month.split('-').map(Number);
  return { year: y, month: m };
}
