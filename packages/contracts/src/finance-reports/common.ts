// Shared pieces of the issue-3 report contracts: required and ordered periods (real calendar dates), the
// months a period spans, and the export format of every downloadable report.
import { isCalendarDate, whenValid, z } from '../common/validation.ts';
import { calendarDate } from '../settings/fields.ts';

/** How many months the period touches, counted without a loop (0 when it is reversed or not made of dates). */
export function monthCount(startDate: string, endDate: string): number {
  const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  const n = months(endDate) - months(startDate) + 1;
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/**
 * Months from the month of start to the month of end, both included ('2025-01', '2025-02', ...). Callers pass
 * validated dates; the loop is bounded all the same (never more than MAX_LOOP_MONTHS), so no input can spin it.
 */
export function monthsBetween(startDate: string, endDate: string): string[] {
  const out: string[] = [];
  if (!isCalendarDate(startDate) || !isCalendarDate(endDate)) return out;
  let y = Number(startDate.slice(0, 4));
  let m = Number(startDate.slice(5, 7));
  const last = endDate.slice(0, 7);
  for (let i = 0; i < MAX_LOOP_MONTHS; i++) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > last) break;
    out.push(key);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** A report period both ends of which are required. */
export const requiredRange = { startDate: calendarDate, endDate: calendarDate };
export const rangeIsOrdered = (v: { startDate?: string; endDate?: string }) => !v.startDate || !v.endDate || v.startDate <= v.endDate;
export const rangeIssue = { path: ['endDate'], message: 'v.dateRange', ...whenValid('startDate', 'endDate') };

/** The most months any loop over a period walks: the whole supported date range (1900..2999). */
const MAX_LOOP_MONTHS = 1100 * 12;

/** Reports with a column per month span at most this many months. */
export const MAX_REPORT_MONTHS = 60;
export const rangeIsShortEnough = (v: { startDate: string; endDate: string }) =>
  v.startDate > v.endDate || monthCount(v.startDate, v.endDate) <= MAX_REPORT_MONTHS;
export const rangeTooLongIssue = { path: ['endDate'], message: `financeReports.rangeTooLong|${MAX_REPORT_MONTHS}`, ...whenValid('startDate', 'endDate') };

export const queryFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

export const reportFormatValues = ['csv', 'xlsx'] as const;
export const reportFormat = z.enum(reportFormatValues);
export type ReportFormat = (typeof reportFormatValues)[number];
/** Added to a report's query by its /export route. */
export const exportFields = { format: reportFormat };
