// Money and dates in the user's language. The money functions (decimal.js) live in money.ts and are
// re-exported here: the first load (the MUI texts, the dashboard's dates) imports this file and must not
// carry decimal.js, so nothing in this file may use it (issue 13, first load).
import { type Lang, MONTH_NAMES, SOMALI_SHORT_MONTHS } from '@ubo/contracts';
import { numberLocales } from './locales.ts';

export { formatMoney, isNonZero, type MoneyFormat, toDecimal } from './money.ts';

const locales: Record<Lang, string> = { en: 'en-GB', so: 'so-SO' };

export function localeOf(lang: Lang): string {
  return locales[lang];
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

/** A plain number (a count, units, a percentage) with the language's digit grouping. */
export function formatNumber(value: number | string | null | undefined, lang: Lang, maximumFractionDigits = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return new Intl.NumberFormat(numberLocales[lang], { maximumFractionDigits }).format(n);
}

export type MonthStyle = 'long' | 'short';

// The month names are ours (contracts/common/calendar.ts), not the browser's: Chromium ships no Somali
// calendar data and answers "November" for so-SO.
const englishShortMonths = MONTH_NAMES.en.map((m) => m.slice(0, 3));

/** The name of month 1-12 in the user's language: "November" / "Noofeembar", short "Nov" / "Nof". */
export function monthName(month: number, lang: Lang, style: MonthStyle = 'long'): string {
  const i = month - 1;
  if (style === 'short') return lang === 'so' ? somaliShortMonths[i] : englishShortMonths[i];
  return MONTH_NAMES[lang][i];
}

/**
 * A period YYYY-MM (or a date YYYY-MM-DD's month) as "November 2026" / "Noofeembar 2026"; short style
 * "Nov 26" / "Nof 26" for chart axes. Anything else is returned as it came.
 */
export function formatMonth(value: string | null | undefined, lang: Lang, style: MonthStyle = 'long'): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})/.exec(value);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) return value;
  const year = style === 'short' ? match[1].slice(2) : match[1];
  return `${monthName(month, lang, style)} ${year}`;
}

/** YYYY-MM-DD as the date field shows it: "25/11/2026" ('' for nothing or an unreadable value). */
export function toDateInput(iso: string | null | undefined): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/**
 * What the user typed in a date field as YYYY-MM-DD: "25/11/2026", "25-11-2026", "25.11.2026" and
 * "5/1/2026" are read day first, "2026-11-25" as written; null when it is not a real calendar day
 * (31/02/2026) or incomplete.
 */
export function parseDateInput(text: string): string | null {
  // YYYY-MM-DD (pasted from a file or another screen) is read as it is written.
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(text);
  const match = iso ? [iso[0], iso[3], iso[2], iso[1]] : /^\s*(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || year < 1000) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** Digits typed in a row become dd/mm/yyyy; text with its own separators (5/1/2026, 2026-11-25) is kept. */
export function maskDateText(raw: string): string {
  const parts = raw.split('/');
  const ownSeparators = /[^\d/]/.test(raw) || parts.slice(0, -1).some((p) => p.length === 1);
  if (ownSeparators) return raw.slice(0, 10);
  const d = raw.replace(/\D/g, '').slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('/');
}

/** A period YYYY-MM as the month field shows it: "11/2026" ('' for nothing or an unreadable value). */
export function toMonthInput(period: string | null | undefined): string {
  const match = period ? /^(\d{4})-(\d{2})$/.exec(period) : null;
  return match ? `${match[2]}/${match[1]}` : '';
}

/** What the user typed in a month field as YYYY-MM: "11/2026", "1/2026", "11.2026" or "2026-11"; null otherwise. */
export function parseMonthInput(text: string): string | null {
  const iso = /^\s*(\d{4})-(\d{2})\s*$/.exec(text);
  const match = iso ? [iso[0], iso[2], iso[1]] : /^\s*(\d{1,2})[/.\-\s](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [month, year] = [Number(match[1]), Number(match[2])];
  if (month < 1 || month > 12 || year < 1000) return null;
  return `${year}-${pad2(month)}`;
}

/** Digits typed in a row become mm/yyyy; text with its own separators (1/2026, 2026-11) is kept. */
export function maskMonthText(raw: string): string {
  const parts = raw.split('/');
  if (/[^\d/]/.test(raw) || (parts.length > 1 && parts[0].length === 1)) return raw.slice(0, 7);
  const d = raw.replace(/\D/g, '').slice(0, 6);
  return [d.slice(0, 2), d.slice(2)].filter(Boolean).join('/');
}

/** Today as YYYY-MM-DD in the browser's time zone (default values of date fields). */
export function todayIso(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
