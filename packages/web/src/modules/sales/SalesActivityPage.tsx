// /Sales-reports/sales-activity: invoices and cash sales less returns in a period, by item, customer or
// month: quantity, revenue before tax, cost of goods at the stock's cost, margin and margin percent
// (GET /api/sales-reports/sales-activity). Filters: period, grouping, branch, item. CSV, Excel and print.
import { useMemo, useState } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type SalesActivityGroup, salesActivityGroupValues, salesReportsEndpoints } from '@ubo/contracts';
import { FilterDialog, type FilterSelect } from '../../components/FilterDialog.tsx';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { api } from '../../lib/api.ts';
import { csvFileName } from '../../lib/csv.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { usePeriodText } from '../../lib/useReportParams.ts';
import { useSalesChoices } from './sales.queries.ts';
import { Money, ReportPager, selectedId, totalsRowSx, useSalesReportParams } from './ReportBits.tsx';

export default function SalesActivityPage() {
  const { t } = useTranslation();
  const { params, range, paging, id, filter } = useSalesReportParams();
  const periodText = usePeriodText();
  const choices = useSalesChoices();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const groupParam = params.get('groupBy');
  const groupBy: SalesActivityGroup = (salesActivityGroupValues as readonly string[]).includes(groupParam ?? '') ? (groupParam as SalesActivityGroup) : 'item';
  const filters = { ...range, groupBy, branchId: id('branchId'), itemId: id('itemId') };
  const query = { ...filters, _page: paging.page, _limit: paging.limit };
  const report = useQuery({
    queryKey: endpointKeys(salesReportsEndpoints.salesActivity).list(query),
    queryFn: ({ signal }) => api.call(salesReportsEndpoints.salesActivity, { query }, { signal }),
  });
  const data = report.data;
  const title = t('sales.reports.activity.title');
  const c = (k: string) => t(`sales.reports.col.${k}`);
  const selects = useMemo<FilterSelect[]>(
    () => [
      { name: 'groupBy', label: t('sales.reports.groupBy'), options: salesActivityGroupValues.map((g) => ({ value: g, label: t(`sales.reports.by.${g}`) })) },
      { name: 'branch', label: t('sales.reports.branch'), options: (choices.data?.branches ?? []).map((b) => ({ value: String(b.id), label: b.name })) },
      {
        name: 'item',
        label: t('sales.reports.col.item'),
        options: (choices.data?.items ?? []).map((i) => ({ value: String(i.id), label: `${i.code} ${i.name}` })),
      },
    ],
    [choices.data, t],
  );
  const initial = useMemo(
    () => ({
      startDate: range.startDate,
      endDate: range.endDate,
      selects: { groupBy, branch: filters.branchId ? String(filters.branchId) : (0 as const), item: filters.itemId ? String(filters.itemId) : (0 as const) },
    }),
    [range.startDate, range.endDate, groupBy, filters.branchId, filters.itemId],
  );
  const heads = ['quantity', 'revenue', 'cost', 'margin', 'marginPercent'] as const;
  const keyHead = groupBy === 'month' ? c('month') : c('code');
  const csv = () =>
    data
      ? [
          [keyHead, c('name'), ...heads.map(c)],
          ...data.rows.map((r) => [r.code ?? r.key, r.name, r.quantity, r.revenue, r.cost, r.margin, r.marginPercent ?? '']),
          [
            t('sales.reports.total', { count: data.total }),
            '',
            data.totals.quantity,
            data.totals.revenue,
            data.totals.cost,
            data.totals.margin,
            data.totals.marginPercent ?? '',
          ],
        ]
      : null;

  return (
    <ReportFrame
      title={title}
      period={`${periodText.range(range)} · ${t(`sales.reports.by.${groupBy}`)}`}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={salesReportsEndpoints.salesActivityExport}
      exportQuery={filters}
      isFetching={report.isFetching}
    >
      <ReportState query={report} isEmpty={data?.total === 0} emptyText={t('sales.reports.activity.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{keyHead}</TableCell>
                    <TableCell>{c('name')}</TableCell>
                    {heads.map((h) => (
                      <TableCell key={h} align="right">
                        {c(h)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((r) => (
                    <TableRow key={r.key} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.code ?? r.key}</TableCell>
                      <TableCell>{r.name}</TableCell>
                      <TableCell align="right">{r.quantity}</TableCell>
                      <Money value={r.revenue} />
                      <Money value={r.cost} />
                      <Money value={r.margin} />
                      <TableCell align="right">{r.marginPercent ?? '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow sx={totalsRowSx}>
                    <TableCell colSpan={2}>{t('sales.reports.total', { count: data.total })}</TableCell>
                    <TableCell align="right">{data.totals.quantity}</TableCell>
                    <Money value={data.totals.revenue} />
                    <Money value={data.totals.cost} />
                    <Money value={data.totals.margin} />
                    <TableCell align="right">{data.totals.marginPercent ?? '—'}</TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
            <ReportPager total={data.total} />
          </Paper>
        )}
      </ReportState>
      <FilterDialog
        open={isFilterOpen}
        title={t('sales.reports.filter')}
        fields={['startDate', 'endDate']}
        selects={selects}
        initial={initial}
        onApply={(v) =>
          filter({
            startDate: v.startDate,
            endDate: v.endDate,
            groupBy: selectedId(v.selects?.groupBy),
            branchId: selectedId(v.selects?.branch),
            itemId: selectedId(v.selects?.item),
          })
        }
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
