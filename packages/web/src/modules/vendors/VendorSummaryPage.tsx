// /Sales-reports/vendor-summary: per vendor over a period (GET /api/vendor-reports/vendor-summary): the
// balance brought forward, billed, paid and the balance at the end, and the vendor ageing on the period's
// last day (current, 1-30, 31-60, 61-90, over 90 days past due, and credit not on a bill). Filters: period
// (its end is the ageing's date), status, hide the empty vendors. A vendor opens its vendor transactions.
import { useMemo, useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { referenceStatusValues, vendorReportsEndpoints, vendorSummaryFigures } from '@ubo/contracts';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { api } from '../../lib/api.ts';
import { csvFileName } from '../../lib/csv.ts';
import { formatDate } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';

export default function VendorSummaryPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { params, range, update } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const status = params.get('status') === 'Active' || params.get('status') === 'Inactive' ? (params.get('status') as 'Active' | 'Inactive') : undefined;
  const hideZero = params.get('hideZero') === 'true';
  const query = { ...range, status, hideZero: hideZero ? ('true' as const) : undefined };
  const report = useQuery({
    queryKey: endpointKeys(vendorReportsEndpoints.summary).list(query),
    queryFn: ({ signal }) => api.call(vendorReportsEndpoints.summary, { query }, { signal }),
  });
  const data = report.data;
  const title = t('vendors.reports.summaryTitle');
  const heads = vendorSummaryFigures.map((f) => t(`vendors.col.${f}`));
  const initial = useMemo(() => ({ ...range, status: (status ?? 0) as string | 0 }), [range, status]);

  const csv = () =>
    data
      ? [
          [t('vendors.col.vendorNo'), t('vendors.col.vendor'), t('vendors.col.status'), ...heads],
          ...data.rows.map((r) => [r.number, r.name, t(`status.${r.status}`), ...vendorSummaryFigures.map((f) => r[f])]),
          ['', t('vendors.reports.totalOf', { count: data.totals.vendors }), '', ...vendorSummaryFigures.map((f) => data.totals[f])],
        ]
      : null;

  return (
    <ReportFrame
      title={[title, status ? t(`status.${status}`) : null].filter(Boolean).join(': ')}
      period={`${periodText.range(range)} · ${t('vendors.reports.ageingAsAt', { date: formatDate(range.endDate, lang) })}`}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={vendorReportsEndpoints.summaryExport}
      exportQuery={query}
      isFetching={report.isFetching}
      toolbar={
        <FormControlLabel
          control={<Switch checked={hideZero} onChange={(e) => update({ hideZero: e.target.checked ? 'true' : null })} />}
          label={t('vendors.reports.hideZero')}
        />
      }
    >
      <ReportState query={report} isEmpty={data?.totals.vendors === 0} emptyText={t('vendors.reports.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('vendors.col.vendorNo')}</TableCell>
                    <TableCell>{t('vendors.col.vendor')}</TableCell>
                    {heads.map((h) => (
                      <TableCell key={h} align="right">
                        {h}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((r) => (
                    <TableRow key={r.vendorId} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.number}</TableCell>
                      <TableCell>
                        <Link
                          component={RouterLink}
                          to={`/Sales-reports/vendor-transaction?vendorId=${r.vendorId}&startDate=${range.startDate}&endDate=${range.endDate}`}
                        >
                          {r.name}
                        </Link>
                      </TableCell>
                      {vendorSummaryFigures.map((f) => (
                        <TableCell key={f} align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {r[f] === '0.00' && f !== 'closing' ? '' : <MoneyText value={r[f]} negativeColor />}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                      {t('vendors.reports.totalOf', { count: data.totals.vendors })}
                    </TableCell>
                    {vendorSummaryFigures.map((f) => (
                      <TableCell key={f} align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid={`summary-total-${f}`}>
                        <MoneyText value={data.totals[f]} negativeColor />
                      </TableCell>
                    ))}
                  </TableRow>
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        )}
      </ReportState>
      <FilterDialog
        open={isFilterOpen}
        title={t('vendors.reports.filterTitle')}
        fields={['startDate', 'endDate', 'status']}
        statuses={referenceStatusValues}
        initial={initial}
        onApply={(v) => update({ startDate: v.startDate, endDate: v.endDate, status: v.status ? String(v.status) : null })}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
