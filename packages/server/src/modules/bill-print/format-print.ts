// How figures read on a printed bill: amounts with thousands separators and two decimals (from decimal
// strings, never through a JS number), dates and billing periods with month names in the bill's language.
import { bdec, type Lang } from '@ubo/contracts';
import { pdfTexts } from './pdf-texts.ts';

/** '1234567.5' -> '1,234,567.50'. */
export function groupedAmount(value: string): string {
  const fixed = bdec(value).toFixed(2);
  const negative = fixed.startsWith('-');
  const [whole, cents] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** An amount with the organisation's currency code: 'USD 1,234.50'. */
export function printedMoney(value: string, currency: string): string {
  return currency ? `${currency} ${groupedAmount(value)}` : groupedAmount(value);
}

/** Units as read on a register, grouped: '12345.5' -> '12,345.5'. */
export function printedUnits(value: string): string {
  const [whole, fraction] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** '2025-03-31' -> '31 March 2025' / '31 Maarso 2025'. */
export function printedDate(iso: string, lang: Lang): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return `${d} ${pdfTexts[lang].month[m - 1]} ${y}`;
}

/** '2025-03' -> 'March 2025' / 'Maarso 2025'. */
export function printedPeriod(period: string, lang: Lang): string {
  const [y, m] = period.split('-').map(Number);
  if (!y || !m) return period;
  return `${pdfTexts[lang].month[m - 1]} ${y}`;
}
