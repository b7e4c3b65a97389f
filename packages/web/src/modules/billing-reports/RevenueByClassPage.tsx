// /Sales-reports/revenue-by-class: the bills dated in a period per customer class of their tariff and
// per tariff (GET /api/billing-reports/revenue-by-class): bills, customers, consumption, amount before
// tax, tax and amount, with the totals. Filters: period and zone (the bill's).
import { Fragment, useMemo, useState } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { billingReportsEndpoints, plainDecimal, type RevenueByClass } from '@ubo/contracts';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { csvFileName } from '../../lib/csv.ts';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { usePeriodText } from '../../lib/useReportParams.ts';
import { idParam } from './billing-reports.logic.ts';
import { useRevenueByClass } from './billing-reports.queries.ts';
import { MoneyCell, selectedId, totalsRowSx, useBillingParams, useZoneSelect } from './ReportParts.tsx';

const FIGURES = ['subtotal', 'tax', 'amount'] as const;
type Line = RevenueByClass['totals'];

export default function RevenueByClassPage() {
  const { t } = useTranslation();
  const { params, range, filter } = useBillingParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const zones = useZoneSelect();
  const zoneId = idParam(params, 'zoneId');
  const query = { ...range, zoneId: zoneId ?? undefined };
  const report = useRevenueByClass(query);
  const data = report.data;
  const title = t('billingReports.revenue.title');
  const zoneName = zones.nameOf(zoneId);
  const { startDate, endDate } = range;
  const initial = useMemo(() => ({ startDate, endDate, selects: { zone: zoneId ? String(zoneId) : (0 as const) } }), [startDate, endDate, zoneId]);
  const heads = [
    t('billingReports.col.bills'),
    t('billingReports.col.customers'),
    t('billingReports.col.consumption'),
    ...FIGURES.map((f) => t(`billingReports.col.${f}`)),
  ];
  const cells = (x: Line) => [x.bills, x.customers, x.consumption, x.subtotal, x.tax, x.amount];

  const csv = () => {
    if (!data) return null;
    return [
      [t('billingReports.col.name'), ...heads],
      ...data.rows.flatMap((c) => [[t(`billingReports.class.${c.customerClass}`), ...cells(c)], ...c.tariffs.map((tf) => [`  ${tf.name}`, ...cells(tf)])]),
      [t('billingReports.total'), ...cells(data.totals)],
    ];
  };

  const figureCells = (x: Line, bold?: boolean) => (
    <>
      <TableCell align="right" sx={{ fontWeight: bold ? 600 : undefined }}>
        {x.bills}
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: bold ? 600 : undefined }}>
        {x.customers}
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: bold ? 600 : undefined, fontVariantNumeric: 'tabular-nums' }}>
        {plainDecimal(x.consumption)}
      </TableCell>
      {FIGURES.map((f) => (
        <MoneyCell key={f} value={x[f]} showZero />
      ))}
    </>
  );

  return (
    <ReportFrame
      title={zoneName ? `${title}: ${zoneName}` : title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, zoneName ?? '', range.startDate, range.endDate)}
      exportEndpoint={billingReportsEndpoints.revenueByClassExport}
      exportQuery={query}
      isFetching={report.isFetching}
    >
      <ReportState query={report} isEmpty={data?.rows.length === 0} emptyText={t('billingReports.revenue.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('billingReports.col.name')}</TableCell>
                    {heads.map((h) => (
                      <TableCell key={h} align="right">
                        {h}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((c) => (
                    <Fragment key={c.customerClass}>
                      <TableRow sx={{ '& td': { fontWeight: 600 }, bgcolor: 'action.hover' }} data-testid={`revenue-class-${c.customerClass}`}>
                        <TableCell>{t(`billingReports.class.${c.customerClass}`)}</TableCell>
                        {figureCells(c, true)}
                      </TableRow>
                      {c.tariffs.map((tf) => (
                        <TableRow key={tf.tariffId} hover>
                          <TableCell sx={{ pl: 4 }}>{tf.name}</TableCell>
                          {figureCells(tf)}
                        </TableRow>
                      ))}
                    </Fragment>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow sx={totalsRowSx}>
                    <TableCell>{t('billingReports.total')}</TableCell>
                    {figureCells(data.totals)}
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
          </Paper>
        )}
      </ReportState>
      <FilterDialog
        open={isFilterOpen}
        title={t('billingReports.filter.title')}
        fields={['startDate', 'endDate']}
        selects={zones.selects}
        initial={initial}
        onApply={(v) => filter({ startDate: v.startDate, endDate: v.endDate, zoneId: selectedId(v.selects?.zone) })}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
