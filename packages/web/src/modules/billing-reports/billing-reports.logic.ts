// The billing report screens' pure rules, kept apart from React so they are unit-tested: filters in the
// URL (zone, month, paging, sort), the links of the drill-downs, and the dashboard's month labels.
import type { Lang } from '@ubo/contracts';
import type { Query } from '../../lib/api.ts';
import { formatMonth } from '../../lib/format.ts';
import type { DateRange } from '../../lib/reportPeriods.ts';

/** ?name in the URL as a positive whole id, else null. */
export function idParam(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2147483647 ? n : null;
}

/** ?_page (from 1) and ?_limit (one of the offered sizes) in the URL. */
export const PAGE_SIZES = [25, 50, 100, 250, 500, 1000] as const;
export function pagingFromParams(params: URLSearchParams): { page: number; limit: number } {
  const page = Number(params.get('_page'));
  const limit = Number(params.get('_limit'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : 100,
  };
}

/** One of the allowed values of ?name, else the fallback. */
export function choiceParam<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[], fallback: T): T;
export function choiceParam<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[], fallback: null): T | null;
export function choiceParam<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[], fallback: T | null): T | null {
  const raw = params.get(name);
  return raw && (allowed as readonly string[]).includes(raw) ? (raw as T) : fallback;
}

/** ?minAmount: a non-negative amount with at most two decimals, else null. */
export function amountParam(params: URLSearchParams, name: string): string | null {
  const raw = params.get(name)?.trim();
  return raw && /^\d{1,12}(\.\d{1,2})?$/.test(raw) ? raw : null;
}

/** A route with its query (empty values left out). */
export function linkTo(path: string, query: Query): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

export const STATEMENT_ROUTE = '/Sales-reports/customer-transaction';
export const AGING_ROUTE = '/Sales-reports/customer-aging';
export const ZONE_SUMMARY_ROUTE = '/Sales-reports/zone-summary';

/** A customer's statement for a range (the drill-down of every customer row). */
export const statementLink = (customerId: number, range: Partial<DateRange> = {}) =>
  linkTo(STATEMENT_ROUTE, { customerId, startDate: range.startDate, endDate: range.endDate });

/** The ageing of one zone on a date. */
export const agingLink = (zoneId: number | null, date?: string) => linkTo(AGING_ROUTE, { zoneId: zoneId ?? undefined, date });

/** The first and last day of a YYYY-MM month. */
export function monthBounds(month: string): DateRange {
  const [y, m] = month.split('-').map(Number);
  return { startDate: `${month}-01`, endDate: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
}

/** YYYY-MM as "March 2025" / "Maarso 2025" (the browser has no Somali month names: lib/format.ts has). */
export function monthTitle(month: string, lang: Lang): string {
  return formatMonth(month, lang, 'long');
}

/** The short month label of YYYY-MM in the user's language ("Mar 25", "Nof 26"). */
export function monthLabel(month: string, lang: Lang): string {
  return formatMonth(month, lang, 'short');
}
