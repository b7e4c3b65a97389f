// A report's period in its URL (?startDate&endDate, ?date): read back with defaults, so a drill-down
// link, the back button and a bookmark show the same report (lib/useReportParams.ts).
import { todayIso } from './format.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The calendar year of `today`: the reports' default period. */
export function thisYear(today: string = todayIso()): DateRange {
  const year = today.slice(0, 4);
  return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

/** The period in the URL (?startDate&endDate), else this year; a reversed range falls back too. */
export function rangeFromParams(params: URLSearchParams, today: string = todayIso()): DateRange {
  const start = params.get('startDate');
  const end = params.get('endDate');
  if (isIsoDate(start) && isIsoDate(end) && start <= end) return { startDate: start, endDate: end };
  return thisYear(today);
}

/** The day in the URL (?date), else today. */
export function dateFromParams(params: URLSearchParams, today: string = todayIso()): string {
  const date = params.get('date');
  return isIsoDate(date) ? date : today;
}
