// /Sales-reports/unpaid-report: the bills not paid in full today (GET /api/billing-reports/unpaid), oldest
// due first, with what is left on each and the days past due; filters: zone (the bill's) and billing
// period in the filter dialog, the least amount left beside the buttons. Paged and sorted on the
// server with the totals of every matching bill; a customer opens their statement.
import { useEffect, useMemo, useState } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { billingReportsEndpoints, unpaidSortValues } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { FilterDialog, type FilterSelect } from '../../components/FilterDialog.tsx';
import { formatDate, todayIso } from '../../lib/format.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { csvFileName } from '../../lib/csv.ts';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { isPeriod } from '../finance-reports/index.ts';
import { amountParam, idParam } from './billing-reports.logic.ts';
import { useUnpaid } from './billing-reports.queries.ts';
import { CustomerName, MoneyCell, Pager, SortHead, selectedId, totalsRowSx, useBillingParams, useZoneSelect } from './ReportParts.tsx';

const FIGURES = ['amount', 'paid', 'balance'] as const;
/** The billing periods the dialog offers: this month and the 35 before it. */
const PERIOD_CHOICES = 36;

function recentPeriods(today: string): string[] {
  const [y, m] = today.split('-').map(Number);
  return Array.from({ length: PERIOD_CHOICES }, (_, i) => new Date(Date.UTC(y, m - 1 - i, 1)).toISOString().slice(0, 7));
}

export default function UnpaidReportPage() {
  const { t } = useTranslation();
  const { params, paging, filter, sortOf, orderOf } = useBillingParams();
  const lang = useLang();
  const message = useMessage();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const zones = useZoneSelect();
  const zoneId = idParam(params, 'zoneId');
  const period = isPeriod(params.get('period')) ? (params.get('period') as string) : null;
  const minAmount = amountParam(params, 'minAmount');
  const [minText, setMinText] = useState(minAmount ?? '');
  useEffect(() => setMinText(minAmount ?? ''), [minAmount]);
  const isMinValid = minText.trim() === '' || /^\d{1,12}(\.\d{1,2})?$/.test(minText.trim());
  const sort = sortOf(unpaidSortValues, 'dueDate');
  const order = orderOf(sort === 'balance' ? 'desc' : 'asc');
  const filters = { zoneId: zoneId ?? undefined, period: period ?? undefined, minAmount: minAmount ?? undefined };
  const report = useUnpaid({ ...filters, _page: paging.page, _limit: paging.limit, _sort: sort, _order: order });
  const data = report.data;
  const title = t('billingReports.unpaid.title');
  const zoneName = zones.nameOf(zoneId);
  const selects = useMemo<FilterSelect[]>(
    () => [
      ...zones.selects,
      { name: 'period', label: t('billingReports.col.period'), options: recentPeriods(todayIso()).map((p) => ({ value: p, label: p })) },
    ],
    [zones.selects, t],
  );
  const initial = useMemo(() => ({ selects: { zone: zoneId ? String(zoneId) : (0 as const), period: period ?? (0 as const) } }), [zoneId, period]);
  const heads = FIGURES.map((f) => t(`billingReports.col.${f}`));

  const csv = () => {
    if (!data) return null;
    return [
      [
        t('billingReports.col.billNo'),
        t('billingReports.col.period'),
        t('billingReports.col.dueDate'),
        t('billingReports.col.daysOverdue'),
        t('billingReports.col.customerNo'),
        t('billingReports.col.customer'),
        t('billingReports.col.phone'),
        t('billingReports.col.zone'),
        ...heads,
      ],
      ...data.rows.map((r) => [r.billNo, r.period, r.dueDate, r.daysOverdue, r.customerNo, r.name, r.phone, r.zoneName, r.amount, r.paid, r.balance]),
      [t('billingReports.totalOf', { count: data.totals.bills }), '', '', '', '', '', '', '', data.totals.amount, data.totals.paid, data.totals.balance],
    ];
  };

  return (
    <ReportFrame
      title={[title, zoneName, period].filter(Boolean).join(': ')}
      period={data ? t('billingReports.unpaid.asAt', { date: formatDate(data.date, lang) }) : ''}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, zoneName ?? '', period ?? '')}
      exportEndpoint={billingReportsEndpoints.unpaidExport}
      exportQuery={{ ...filters, _sort: sort, _order: order }}
      isFetching={report.isFetching}
      toolbar={
        <TextField
          size="small"
          label={t('billingReports.filter.minAmount')}
          value={minText}
          onChange={(e) => setMinText(e.target.value)}
          onBlur={() => isMinValid && filter({ minAmount: minText.trim() || null })}
          onKeyDown={(e) => e.key === 'Enter' && isMinValid && filter({ minAmount: minText.trim() || null })}
          error={!isMinValid}
          helperText={isMinValid ? undefined : message('v.money')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: { xs: '100%', md: 240 } }}
        />
      }
    >
      <ReportState query={report} isEmpty={data?.totals.bills === 0} emptyText={t('billingReports.unpaid.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('billingReports.col.billNo')}</TableCell>
                    <SortHead field="period" label={t('billingReports.col.period')} sort={sort} order={order} />
                    <SortHead field="dueDate" label={t('billingReports.col.dueDate')} sort={sort} order={order} />
                    <TableCell align="right">{t('billingReports.col.daysOverdue')}</TableCell>
                    <SortHead field="name" label={t('billingReports.col.customer')} sort={sort} order={order} />
                    <TableCell>{t('billingReports.col.phone')}</TableCell>
                    <TableCell>{t('billingReports.col.zone')}</TableCell>
                    <TableCell align="right">{heads[0]}</TableCell>
                    <TableCell align="right">{heads[1]}</TableCell>
                    <SortHead field="balance" label={heads[2]} sort={sort} order={order} firstOrder="desc" align="right" />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((r) => (
                    <TableRow key={r.openItemId} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{r.billNo}</TableCell>
                      <TableCell>{r.period}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <DateText value={r.dueDate} />
                      </TableCell>
                      <TableCell align="right" sx={{ color: r.daysOverdue > 90 ? 'error.main' : undefined }}>
                        {r.daysOverdue}
                      </TableCell>
                      <TableCell>
                        <CustomerName id={r.customerId} name={r.name} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.phone}</TableCell>
                      <TableCell>{r.zoneName}</TableCell>
                      {FIGURES.map((f) => (
                        <MoneyCell key={f} value={r[f]} showZero={f !== 'paid'} />
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow sx={totalsRowSx}>
                    <TableCell colSpan={7}>
                      {t('billingReports.totalOf', { count: data.totals.bills })} · {t('billingReports.col.customers')}: {data.totals.customers}
                    </TableCell>
                    {FIGURES.map((f) => (
                      <MoneyCell key={f} value={data.totals[f]} showZero testId={`unpaid-total-${f}`} />
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
        fields={[]}
        selects={selects}
        initial={initial}
        onApply={(v) => filter({ zoneId: selectedId(v.selects?.zone), period: selectedId(v.selects?.period) })}
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}
