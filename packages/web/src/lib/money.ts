// Money in the user's language. Money arrives as decimal strings ("1250.50"); it is rounded with
// decimal.js and handed to Intl as a string, so no amount ever passes through a JS number.
// Imported through format.ts; kept apart so that screens without amounts never load decimal.js.
import Decimal from 'decimal.js';
import type { Lang } from '@ubo/contracts';
import { numberLocales } from './locales.ts';

/** A decimal from a money string, or null when the value is empty or not a number. */
export function toDecimal(value: string | number | Decimal | null | undefined): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const d = value instanceof Decimal ? value : new Decimal(String(value).trim());
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

export interface MoneyFormat {
  /** ISO currency code such as USD or SOS; without it the amount has no symbol. */
  currency?: string;
  /** Decimal places, 2 unless told. */
  decimals?: number;
}

export function formatMoney(value: string | number | Decimal | null | undefined, lang: Lang, opts: MoneyFormat = {}): string {
  const d = toDecimal(value);
  if (!d) return '';
  const decimals = opts.decimals ?? 2;
  const fixed = d.toFixed(decimals, Decimal.ROUND_HALF_UP) as Intl.StringNumericLiteral;
  const nf = new Intl.NumberFormat(numberLocales[lang], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    ...(opts.currency ? { style: 'currency', currency: opts.currency } : {}),
  });
  return nf.format(fixed);
}

/** A money string that is a number other than zero (empty columns stay empty in reports). */
export function isNonZero(value: string | null | undefined): boolean {
  const s = (value ?? '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(s)) return false;
  return !new Decimal(s).isZero();
}
