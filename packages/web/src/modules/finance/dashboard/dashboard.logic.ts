// The finance dashboard's pure rules: the scale of the income and expense chart (a "nice" top value
// and its grid lines), bar heights as fractions of it, and each top expense's share of the year's
// expenses. Amounts are decimal strings computed with decimal.js; only the final fractions (drawing
// positions, never money) become numbers.
import Decimal from 'decimal.js';
import type { IncomeExpenseMonth } from '@ubo/contracts';

/** The smallest 1, 2, 2.5 or 5 x 10^n at or above value (10 for nothing to draw). */
export function niceCeiling(value: Decimal): Decimal {
  if (value.lte(0)) return new Decimal(10);
  const magnitude = new Decimal(10).pow(value.abs().log(10).floor());
  for (const step of [1, 2, 2.5, 5, 10]) {
    const candidate = magnitude.times(step);
    if (candidate.gte(value)) return candidate;
  }
  return magnitude.times(10);
}

export interface ChartScale {
  top: Decimal;
  /** Grid values from 0 to top, bottom first. */
  ticks: Decimal[];
}

/** The chart's top: the largest month's income or expenses, rounded up; four grid steps. */
export function chartScale(months: readonly IncomeExpenseMonth[]): ChartScale {
  const largest = months.reduce((max, m) => Decimal.max(max, new Decimal(m.income), new Decimal(m.expenses)), new Decimal(0));
  const top = niceCeiling(largest);
  return { top, ticks: [0, 1, 2, 3, 4].map((i) => top.times(i).div(4)) };
}

/** A bar's height as a fraction (0..1) of the scale's top; negative amounts draw nothing. */
export function barFraction(amount: string, top: Decimal): number {
  const d = new Decimal(amount);
  if (d.lte(0) || top.lte(0)) return 0;
  return Decimal.min(d.div(top), 1).toNumber();
}

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

/** Compact axis label of an amount: 1250 -> "1.25k", 2500000 -> "2.5M" (labels only, never money). */
export function axisLabel(value: Decimal): string {
  const abs = value.abs();
  const fmt = (d: Decimal, suffix: string) => `${d.toDecimalPlaces(2).toString()}${suffix}`;
  if (abs.gte(1e9)) return fmt(value.div(1e9), 'B');
  if (abs.gte(1e6)) return fmt(value.div(1e6), 'M');
  if (abs.gte(1e3)) return fmt(value.div(1e3), 'k');
  return value.toDecimalPlaces(2).toString();
}
