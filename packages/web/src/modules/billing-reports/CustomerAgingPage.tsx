// /Sales-reports/customer-aging: what each customer owes on a date by days past due (GET
// /api/finance/customer/aging): current, 1-30, 31-60, 61-90, over 90 days, the unallocated rest of the
// ledger balance and the total, paged and sorted on the server, with the totals of every customer, the
// totals by zone (a zone opens its own ageing) and the check against the receivable account. A customer
// opens their statement. Filters (date, zone) in the URL; Excel is the server's file of every customer.
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { billingReportsEndpoints, type AgingRow, agingSortValues } from '@ubo/contracts';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { csvFileName } from '../../lib/csv.ts';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { usePeriodText } from '../../lib/useReportParams.ts';
import { agingLink, idParam } from './billing-reports.logic.ts';
import { useAging } from './billing-reports.queries.ts';
import { CustomerName, MoneyCell, Pager, SortHead, selectedId, totalsRowSx, useBillingParams, useZoneSelect, wideTableSx } from './ReportParts.tsx';

const BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over90', 'unallocated', 'total'] as const;

export default function CustomerAgingPage() {
  const { t } = useTranslation();
  const { params, date, paging, filter, update, sortOf, orderOf } = useBillingParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const zones = useZoneSelect();
  const zoneId = idParam(params, 'zoneId');
  const includeZero = params.get('zero') === '1';
  const withZones = params.get('zones') === '1';
  const sort = sortOf(agingSortValues, 'name');
  const order = orderOf(sort === 'total' || sort === 'over90' ? 'desc' : 'asc');
  const query = {
    date,
    zoneId: zoneId ?? undefined,
    includeZero: includeZero ? ('true' as const) : undefined,
    withZones: withZones && !zoneId ? ('true' as const) : undefined,
    _page: paging.page,
    _limit: paging.limit,
    _sort: sort,
    _order: order,
  };
  const report = useAging(query);
  const data = report.data;
  const title = t('billingReports.aging.title');
  const zoneName = data?.zoneName ?? zones.nameOf(zoneId);
  const heads = BUCKETS.map((b) => t(`billingReports.col.${b}`));
  const difference = data && !zoneId ? new Decimal(data.receivableBalance).minus(data.totals.total) : null;
  const initial = useMemo(() => ({ date, selects: { zone: zoneId ? String(zoneId) : (0 as const) } }), [date, zoneId]);

  const csv = () => {
    if (!data) return null;
    return [
      [t('billingReports.col.customerNo'), t('billingReports.col.customer'), t('billingReports.col.zone'), ...heads],
      ...data.rows.map((r) => [r.customerNo, r.name, r.zoneName ?? t('billingReports.filter.noZone'), ...BUCKETS.map((b) => r[b])]),
      ['', t('billingReports.totalOf', { count: data.totals.customers }), '', ...BUCKETS.map((b) => data.totals[b])],
    ];
  };

  return (
    <ReportFrame
      title={zoneName ? `${title}: ${zoneName}` : title}
      period={periodText.asAt(date)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, zoneName ?? '', date)}
      exportEndpoint={billingReportsEndpoints.agingExport}
      exportQuery={{ date, zoneId: zoneId ?? undefined, includeZero: query.includeZero, _sort: sort, _order: order }}
      isFetching={report.isFetching}
      toolbar={
        <>
          <FormControlLabel
            control={<Switch checked={includeZero} onChange={(e) => filter({ zero: e.target.checked ? '1' : null })} />}
            label={t('billingReports.aging.includeZero')}
          />
          {!zoneId && (
            <FormControlLabel
              control={<Switch checked={withZones} onChange={(e) => update({ zones: e.target.checked ? '1' : null })} />}
              label={t('billingReports.aging.showZones')}
            />
          )}
        </>
      }
    >
      <ReportState query={report} isEmpty={data?.rows.length === 0 && data.totals.customers === 0} emptyText={t('billingReports.aging.empty')}>
        {data && (
          <>
            <Paper>
              <TableContainer>
                <Table size="small" aria-label={title} sx={wideTableSx}>
                  <TableHead>
                    <TableRow>
                      <SortHead field="customerNo" label={t('billingReports.col.customerNo')} sort={sort} order={order} />
                      <SortHead field="name" label={t('billingReports.col.customer')} sort={sort} order={order} />
                      <TableCell>{t('billingReports.col.zone')}</TableCell>
                      {BUCKETS.map((b, i) =>
                        b === 'total' || b === 'over90' ? (
                          <SortHead key={b} field={b} label={heads[i]} sort={sort} order={order} firstOrder="desc" align="right" />
                        ) : (
                          <TableCell key={b} align="right">
                            {heads[i]}
                          </TableCell>
                        ),
                      )}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.rows.map((r: AgingRow) => (
                      <TableRow key={r.customerId} hover data-testid={`aging-row-${r.customerId}`}>
                        <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{r.customerNo}</TableCell>
                        <TableCell>
                          <CustomerName id={r.customerId} name={r.name} range={{ endDate: date }} />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.zoneName ?? t('billingReports.filter.noZone')}</TableCell>
                        {BUCKETS.map((b) => (
                          <MoneyCell key={b} value={r[b]} negativeColor={b === 'unallocated' || b === 'total'} showZero={b === 'total'} />
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                  <TableFooter>
                    <TableRow sx={totalsRowSx}>
                      <TableCell colSpan={3}>{t('billingReports.totalOf', { count: data.totals.customers })}</TableCell>
                      {BUCKETS.map((b) => (
                        <MoneyCell key={b} value={data.totals[b]} showZero negativeColor testId={`aging-total-${b}`} />
                      ))}
                    </TableRow>
                  </TableFooter>
                </Table>
              </TableContainer>
              <Pager total={data.total} />
            </Paper>
            <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }}>
              {t('billingReports.aging.unallocatedHelp')}
            </Typography>
            {difference && (
              <Alert severity={difference.isZero() ? 'success' : 'warning'} sx={{ mt: 2 }} data-testid="aging-receivable">
                {t('billingReports.aging.receivable')}: <MoneyText value={data.receivableBalance} negativeColor />
                {' — '}
                {difference.isZero() ? t('billingReports.aging.agrees') : t('billingReports.aging.differs', { amount: difference.toFixed(2) })}
              </Alert>
            )}
            {withZones && !zoneId && data.zones.length > 0 && (
              <Paper sx={{ mt: 3 }}>
                <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
                  {t('billingReports.aging.byZone')}
                </Typography>
                <TableContainer>
                  <Table size="small" aria-label={t('billingReports.aging.byZone')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('billingReports.col.zone')}</TableCell>
                        <TableCell align="right">{t('billingReports.col.customers')}</TableCell>
                        {heads.map((h) => (
                          <TableCell key={h} align="right">
                            {h}
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.zones.map((z) => (
                        <TableRow key={z.zoneId ?? 'none'} hover data-testid={`aging-zone-${z.zoneId ?? 'none'}`}>
                          <TableCell>
                            {z.zoneId === null ? (
                              t('billingReports.filter.noZone')
                            ) : (
                              <Link
                                component={RouterLink}
                                to={agingLink(z.zoneId, date)}
                                underline="hover"
                                aria-label={t('billingReports.aging.openZone', { zone: z.name ?? '' })}
                              >
                                {z.name}
                              </Link>
                            )}
                          </TableCell>
                          <TableCell align="right">{z.customers}</TableCell>
                          {BUCKETS.map((b) => (
                            <MoneyCell key={b} value={z[b]} negativeColor showZero={b === 'total'} />
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              </Paper>
            )}
          </>
        )}
      </ReportState>
      <FilterDialog
        open={isFilterOpen}
        title={t('billingReports.filter.title')}
        fields={['date']}
        selects={zones.selects}
        initial={initial}
        onApply={(v) => filter({ date: v.date, zoneId: selectedId(v.selects?.zone) })}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
