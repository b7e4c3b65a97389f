// The report's filters live in the URL (?startDate&endDate, ?date, ?accountId, ...), so a drill-down
// link, the browser's back button and a bookmark all show the same report. Missing or bad values fall
// back to this year (a period) or today (a day).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from './format.ts';
import { useLang } from './messages.ts';
import { type DateRange, dateFromParams, rangeFromParams } from './reportPeriods.ts';

export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null | undefined>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(changes)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return {
    params,
    range: rangeFromParams(params),
    date: dateFromParams(params),
    setRange: (r: DateRange) => update({ startDate: r.startDate, endDate: r.endDate }),
    update,
  };
}

/** "1 Jan 2026 – 31 Dec 2026" and "As at 5 May 2026" in the user's language. */
export function usePeriodText() {
  const { t } = useTranslation();
  const lang = useLang();
  return {
    range: (r: DateRange) => t('finance.report.range', { from: formatDate(r.startDate, lang), to: formatDate(r.endDate, lang) }),
    asAt: (date: string) => t('finance.report.asAt', { date: formatDate(date, lang) }),
  };
}
