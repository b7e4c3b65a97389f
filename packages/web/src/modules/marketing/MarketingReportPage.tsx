// /marketing/report: prospects visited in a period by zone, officer, source or outcome: how many, how many
// interested, how many converted and the conversion rate (GET /api/marketing/report). CSV of what is
// shown, Excel through the report's export endpoint, print.
import { useState } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type MarketingReportGroupBy, type MarketingReportRow, marketingEndpoints, marketingReportGroupByValues } from '@ubo/contracts';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { api } from '../../lib/api.ts';
import { csvFileName } from '../../lib/csv.ts';
import { formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';

const byKey: Record<MarketingReportGroupBy, string> = { zone: 'byZone', officer: 'byOfficer', source: 'bySource', outcome: 'byOutcome' };

export default function MarketingReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { range, setRange, params, update } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const groupBy = marketingReportGroupByValues.find((g) => g === params.get('groupBy')) ?? 'zone';
  const query = { ...range, groupBy } as const;
  const report = useQuery({
    queryKey: endpointKeys(marketingEndpoints.report).list(query),
    queryFn: ({ signal }) => api.call(marketingEndpoints.report, { query }, { signal }),
  });
  const data = report.data;
  const title = t('marketing.report.title');
  const first = t(`marketing.report.${groupBy}`);
  const label = (r: MarketingReportRow) =>
    groupBy === 'source' ? t(`marketing.source.${r.key}`) : groupBy === 'outcome' ? t(`marketing.outcome.${r.key}`) : r.label;
  const rate = (v: string) => `${formatNumber(Number(v), lang, 1)}%`;
  const csv = () =>
    data
      ? [
          [first, t('marketing.report.prospects'), t('marketing.report.interested'), t('marketing.report.converted'), t('marketing.report.rate')],
          ...data.rows.map((r) => [label(r), String(r.prospects), String(r.interested), String(r.converted), r.conversionRate]),
          [
            t('marketing.report.total'),
            String(data.totals.prospects),
            String(data.totals.interested),
            String(data.totals.converted),
            data.totals.conversionRate,
          ],
        ]
      : null;
  return (
    <ReportFrame
      title={title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={marketingEndpoints.reportExport}
      exportQuery={query}
      isFetching={report.isFetching}
      toolbar={
        <ToggleButtonGroup
          exclusive
          size="small"
          value={groupBy}
          onChange={(_, v: MarketingReportGroupBy | null) => v && update({ groupBy: v === 'zone' ? null : v })}
          aria-label={t('marketing.report.show')}
          sx={{ flexShrink: 0, '& .MuiToggleButton-root': { whiteSpace: 'nowrap' } }}
        >
          {marketingReportGroupByValues.map((g) => (
            <ToggleButton key={g} value={g}>
              {t(`marketing.report.${byKey[g]}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      <ReportState query={report} isEmpty={data ? data.rows.length === 0 : false} emptyText={t('marketing.report.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{first}</TableCell>
                    <TableCell align="right">{t('marketing.report.prospects')}</TableCell>
                    <TableCell align="right">{t('marketing.report.interested')}</TableCell>
                    <TableCell align="right">{t('marketing.report.converted')}</TableCell>
                    <TableCell align="right">{t('marketing.report.rate')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((r) => (
                    <TableRow key={r.key} hover>
                      <TableCell component="th" scope="row">
                        {label(r)}
                      </TableCell>
                      <TableCell align="right">{r.prospects}</TableCell>
                      <TableCell align="right">{r.interested}</TableCell>
                      <TableCell align="right">{r.converted}</TableCell>
                      <TableCell align="right">{rate(r.conversionRate)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow sx={{ '& td, & th': { fontWeight: 700, color: 'text.primary', fontSize: '0.9rem', borderTop: 2, borderColor: 'text.primary' } }}>
                    <TableCell component="th" scope="row">
                      {t('marketing.report.total')}
                    </TableCell>
                    <TableCell align="right">{data.totals.prospects}</TableCell>
                    <TableCell align="right">{data.totals.interested}</TableCell>
                    <TableCell align="right">{data.totals.converted}</TableCell>
                    <TableCell align="right" data-testid="marketing-total-rate">
                      {rate(data.totals.conversionRate)}
                    </TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
          </Paper>
        )}
      </ReportState>
      <FilterDialog
        open={isFilterOpen}
        title={t('finance.report.period')}
        fields={['startDate', 'endDate']}
        initial={range}
        onApply={(v) => v.startDate && v.endDate && setRange({ startDate: v.startDate, endDate: v.endDate })}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
