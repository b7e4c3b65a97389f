// How figures read on a printed document: amounts with thousands separators and two decimals (from
// decimal strings, never through a JS number), quantities grouped, dates and months with month names in
// the document's language.
import { bdec, type Lang, MONTH_NAMES } from '@ubo/contracts';

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

/** Units or quantities as read on a register, grouped: '12345.5' -> '12,345.5'; '-3' stays signed. */
export function printedUnits(value: string): string {
  const negative = value.startsWith('-');
  const [whole, fraction] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${fraction ? `${grouped}.${fraction}` : grouped}`;
}

/** '2025-03-31' -> '31 March 2025' / '31 Maarso 2025'. */
export function printedDate(iso: string, lang: Lang): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return `${d} ${MONTH_NAMES[lang][m - 1]} ${y}`;
}

/** '2025-03' -> 'March 2025' / 'Maarso 2025'. */
export function printedPeriod(period: string, lang: Lang): string {
  const [y, m] = period.split('-').map(Number);
  if (!y || !m) return period;
  return `${MONTH_NAMES[lang][m - 1]} ${y}`;
}
