// Shared pieces of the issue-3 report contracts: required and ordered periods (real calendar dates), the
// months a period spans, and the export format of every downloadable report.
import { z } from '../common/validation.ts';
import { calendarDate } from '../settings/fields.ts';

/** Months from the month of start to the month of end, both included ('2025-01', '2025-02', ...). */
export function monthsBetween(startDate: string, endDate: string): string[] {
  const out: string[] = [];
  let y = Number(startDate.slice(0, 4));
  let m = Number(startDate.slice(5, 7));
  const last = endDate.slice(0, 7);
  for (;;) {
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
export const rangeIssue = { path: ['endDate'], message: 'v.dateRange' };

/** Reports with a column per month span at most this many months. */
export const MAX_REPORT_MONTHS = 60;
export const rangeIsShortEnough = (v: { startDate: string; endDate: string }) =>
  v.startDate > v.endDate || monthsBetween(v.startDate, v.endDate).length <= MAX_REPORT_MONTHS;
export const rangeTooLongIssue = { path: ['endDate'], message: `financeReports.rangeTooLong|${MAX_REPORT_MONTHS}` };

export const queryFlag = z.enum(['true', 'false']).optional().transform((v) => v === 'true');

export const reportFormatValues = ['csv', 'xlsx'] as const;
export const reportFormat = z.enum(reportFormatValues);
export type ReportFormat = (typeof reportFormatValues)[number];
/** Added to a report's query by its /export route. */
export const exportFields = { format: reportFormat };
