// /Sales-reports/customer-summary: per customer over a period (GET /api/billing-reports/customer-summary):
// the opening balance, the bills, the payments, other movements and the closing balance (opening +
// billed - paid + other = closing), paged and sorted on the server with the totals of every customer.
// Filters: period, zone and customer status; a customer opens their statement for the same period.
import { useMemo, useState } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { billingReportsEndpoints, customerStatusValues, customerSummarySortValues } from '@ubo/contracts';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { csvFileName } from '../../lib/csv.ts';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { usePeriodText } from '../../lib/useReportParams.ts';
import { choiceParam, idParam } from './billing-reports.logic.ts';
import { useCustomerSummary } from './billing-reports.queries.ts';
import { CustomerName, MoneyCell, Pager, SortHead, selectedId, totalsRowSx, useBillingParams, useZoneSelect } from './ReportParts.tsx';

const FIGURES = ['opening', 'billed', 'paid', 'adjustments', 'closing'] as const;

export default function CustomerSummaryPage() {
  const { t } = useTranslation();
  const { params, range, paging, filter, sortOf, orderOf } = useBillingParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const zones = useZoneSelect();
  const zoneId = idParam(params, 'zoneId');
  const status = choiceParam(params, 'status', customerStatusValues, null);
  const sort = sortOf(customerSummarySortValues, 'name');
  const order = orderOf(sort === 'closing' ? 'desc' : 'asc');
  const filters = { ...range, zoneId: zoneId ?? undefined, status: status ?? undefined };
  const report = useCustomerSummary({ ...filters, _page: paging.page, _limit: paging.limit, _sort: sort, _order: order });
  const data = report.data;
  const zoneName = zones.nameOf(zoneId);
  const title = t('billingReports.summary.title');
  const heads = FIGURES.map((f) => t(`billingReports.col.${f}`));
  const { startDate, endDate } = range;
  const initial = useMemo(
    () => ({ startDate, endDate, status: (status ?? 0) as string | 0, selects: { zone: zoneId ? String(zoneId) : (0 as const) } }),
    [startDate, endDate, status, zoneId],
  );

  const csv = () => {
    if (!data) return null;
    return [
      [t('billingReports.col.customerNo'), t('billingReports.col.customer'), t('billingReports.col.zone'), t('billingReports.col.status'), ...heads],
      ...data.rows.map((r) => [r.customerNo, r.name, r.zoneName ?? '', t(`billingReports.status.${r.status}`), ...FIGURES.map((f) => r[f])]),
      ['', t('billingReports.totalOf', { count: data.totals.customers }), '', '', ...FIGURES.map((f) => data.totals[f])],
    ];
  };

  return (
    <ReportFrame
      title={[title, zoneName, status ? t(`billingReports.status.${status}`) : null].filter(Boolean).join(': ')}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, zoneName ?? '', range.startDate, range.endDate)}
      exportEndpoint={billingReportsEndpoints.customerSummaryExport}
      exportQuery={{ ...filters, _sort: sort, _order: order }}
      isFetching={report.isFetching}
    >
      <ReportState query={report} isEmpty={data?.totals.customers === 0} emptyText={t('billingReports.summary.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <SortHead field="customerNo" label={t('billingReports.col.customerNo')} sort={sort} order={order} />
                    <SortHead field="name" label={t('billingReports.col.customer')} sort={sort} order={order} />
                    <TableCell>{t('billingReports.col.zone')}</TableCell>
                    <TableCell>{t('billingReports.col.status')}</TableCell>
                    {FIGURES.map((f, i) =>
                      f === 'closing' ? (
                        <SortHead key={f} field={f} label={heads[i]} sort={sort} order={order} firstOrder="desc" align="right" />
                      ) : (
                        <TableCell key={f} align="right">
                          {heads[i]}
                        </TableCell>
                      ),
                    )}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((r) => (
                    <TableRow key={r.customerId} hover>
                      <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{r.customerNo}</TableCell>
                      <TableCell>
                        <CustomerName id={r.customerId} name={r.name} range={range} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.zoneName ?? t('billingReports.filter.noZone')}</TableCell>
                      <TableCell>{t(`billingReports.status.${r.status}`)}</TableCell>
                      {FIGURES.map((f) => (
                        <MoneyCell key={f} value={r[f]} negativeColor showZero={f === 'opening' || f === 'closing'} />
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow sx={totalsRowSx}>
                    <TableCell colSpan={4}>{t('billingReports.totalOf', { count: data.totals.customers })}</TableCell>
                    {FIGURES.map((f) => (
                      <MoneyCell key={f} value={data.totals[f]} showZero negativeColor testId={`summary-total-${f}`} />
                    ))}
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
            <Pager total={data.total} />
          </Paper>
        )}
      </ReportState>
      <FilterDialog
        open={isFilterOpen}
        title={t('billingReports.filter.title')}
        fields={['startDate', 'endDate', 'status']}
        statuses={customerStatusValues}
        selects={zones.selects}
        initial={initial}
        onApply={(v) => filter({ startDate: v.startDate, endDate: v.endDate, status: v.status ? String(v.status) : null, zoneId: selectedId(v.selects?.zone) })}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
