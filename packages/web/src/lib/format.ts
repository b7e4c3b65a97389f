// Money and dates in the user's language. Money arrives as decimal strings ("1250.50"); it is rounded
// with decimal.js and handed to Intl as a string, so no amount ever passes through a JS number.
import Decimal from 'decimal.js';
import { type Lang, MONTH_NAMES, SOMALI_SHORT_MONTHS } from '@ubo/contracts';

const locales: Record<Lang, string> = { en: 'en-GB', so: 'so-SO' };
const numberLocales: Record<Lang, string> = { en: 'en-US', so: 'so-SO' };

export function localeOf(lang: Lang): string {
  return locales[lang];
}

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

export type DateStyle = 'short' | 'medium' | 'long';

// Browsers ship little or no Somali calendar data (Chromium shows English months), so Somali dates
// are written here with the CLDR month names: "21 Noofeembar 2026", "21 Nof 2026", "21/11/2026".
const somaliMonths = MONTH_NAMES.so;
const somaliShortMonths = SOMALI_SHORT_MONTHS;
const pad2 = (n: number) => String(n).padStart(2, '0');

function somaliDate(day: number, month: number, year: number, style: DateStyle): string {
  if (style === 'short') return `${pad2(day)}/${pad2(month + 1)}/${year}`;
  return `${day} ${(style === 'long' ? somaliMonths : somaliShortMonths)[month]} ${year}`;
}

function parse(value: string | Date): { date: Date; dateOnly: boolean } | null {
  const dateOnly = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = typeof value === 'string' ? new Date(dateOnly ? `${value}T00:00:00Z` : value) : value;
  return Number.isNaN(date.getTime()) ? null : { date, dateOnly };
}

/** A date-only value (YYYY-MM-DD) is shown as that calendar day, whatever the browser's time zone. */
export function formatDate(value: string | Date | null | undefined, lang: Lang, style: DateStyle = 'medium'): string {
  if (!value) return '';
  const parsed = parse(value);
  if (!parsed) return typeof value === 'string' ? value : '';
  const { date, dateOnly } = parsed;
  if (lang === 'so') {
    return dateOnly
      ? somaliDate(date.getUTCDate(), date.getUTCMonth(), date.getUTCFullYear(), style)
      : somaliDate(date.getDate(), date.getMonth(), date.getFullYear(), style);
  }
  return new Intl.DateTimeFormat(locales[lang], { dateStyle: style, ...(dateOnly ? { timeZone: 'UTC' } : {}) }).format(date);
}

export function formatDateTime(value: string | Date | null | undefined, lang: Lang): string {
  if (!value) return '';
  const parsed = parse(value);
  if (!parsed) return typeof value === 'string' ? value : '';
  const { date } = parsed;
  if (lang === 'so') return `${somaliDate(date.getDate(), date.getMonth(), date.getFullYear(), 'medium')}, ${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
  return new Intl.DateTimeFormat(locales[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Today as YYYY-MM-DD in the browser's time zone (default values of date fields). */
export function todayIso(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
