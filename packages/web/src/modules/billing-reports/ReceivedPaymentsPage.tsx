// /Sales-reports/received-payments: the customer payments of a period that are not cancelled (GET
// /api/billing-reports/received-payments) with the part allocated to bills, paged by date and receipt,
// the totals of every matching payment and the totals by receiving account and by method. Filters:
// period, zone (the customer's), method and account; a customer opens their statement.
import { useMemo, useState } from 'react';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { billingReportsEndpoints, receiptMethodValues } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { FilterDialog, type FilterSelect } from '../../components/FilterDialog.tsx';
import { csvFileName } from '../../lib/csv.ts';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { usePeriodText } from '../../lib/useReportParams.ts';
import { choiceParam, idParam } from './billing-reports.logic.ts';
import { useReceivedPayments, useReceivingAccounts } from './billing-reports.queries.ts';
import { CustomerName, MoneyCell, Pager, selectedId, totalsRowSx, useBillingParams, useZoneSelect, wideTableSx } from './ReportParts.tsx';

const FIGURES = ['amount', 'allocated', 'unallocated'] as const;

export default function ReceivedPaymentsPage() {
  const { t } = useTranslation();
  const { params, range, paging, filter } = useBillingParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const zones = useZoneSelect();
  const accounts = useReceivingAccounts();
  const zoneId = idParam(params, 'zoneId');
  const accountId = idParam(params, 'accountId');
  const method = choiceParam(params, 'method', receiptMethodValues, null);
  const filters = { ...range, zoneId: zoneId ?? undefined, accountId: accountId ?? undefined, method: method ?? undefined };
  const report = useReceivedPayments({ ...filters, _page: paging.page, _limit: paging.limit });
  const data = report.data;
  const title = t('billingReports.payments.title');
  const accountList = useMemo(() => accounts.data?.data ?? [], [accounts.data]);
  const accountName = accountList.find((a) => a.id === accountId);
  const selects = useMemo<FilterSelect[]>(
    () => [
      ...zones.selects,
      {
        name: 'method',
        label: t('billingReports.filter.method'),
        options: receiptMethodValues.map((m) => ({ value: m, label: t(`billingReports.method.${m}`) })),
      },
      { name: 'account', label: t('billingReports.filter.account'), options: accountList.map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` })) },
    ],
    [zones.selects, accountList, t],
  );
  const { startDate, endDate } = range;
  const initial = useMemo(
    () => ({
      startDate,
      endDate,
      selects: { zone: zoneId ? String(zoneId) : (0 as const), method: method ?? (0 as const), account: accountId ? String(accountId) : (0 as const) },
    }),
    [startDate, endDate, zoneId, method, accountId],
  );
  const heads = FIGURES.map((f) => t(`billingReports.col.${f}`));
  const subtitle = [zones.nameOf(zoneId), method ? t(`billingReports.method.${method}`) : null, accountName ? `${accountName.code} ${accountName.name}` : null];

  const csv = () => {
    if (!data) return null;
    return [
      [
        t('billingReports.col.receiptNo'),
        t('billingReports.col.date'),
        t('billingReports.col.customerNo'),
        t('billingReports.col.customer'),
        t('billingReports.col.zone'),
        t('billingReports.col.method'),
        t('billingReports.col.account'),
        t('billingReports.col.reference'),
        ...heads,
      ],
      ...data.rows.map((r) => [
        r.receiptNo,
        r.date,
        r.customerNo,
        r.name,
        r.zoneName ?? '',
        t(`billingReports.method.${r.method}`),
        `${r.accountCode} ${r.accountName}`,
        r.reference ?? '',
        r.amount,
        r.allocated,
        r.unallocated,
      ]),
      [
        t('billingReports.totalOf', { count: data.totals.payments }),
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        data.totals.amount,
        data.totals.allocated,
        data.totals.unallocated,
      ],
    ];
  };

  return (
    <ReportFrame
      title={[title, ...subtitle].filter(Boolean).join(': ')}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={billingReportsEndpoints.receivedPaymentsExport}
      exportQuery={filters}
      isFetching={report.isFetching}
    >
      <ReportState query={report} isEmpty={data?.totals.payments === 0} emptyText={t('billingReports.payments.empty')}>
        {data && (
          <>
            <Paper>
              <TableContainer>
                <Table size="small" aria-label={title} sx={wideTableSx}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('billingReports.col.receiptNo')}</TableCell>
                      <TableCell>{t('billingReports.col.date')}</TableCell>
                      <TableCell>{t('billingReports.col.customer')}</TableCell>
                      <TableCell>{t('billingReports.col.zone')}</TableCell>
                      <TableCell>{t('billingReports.col.method')}</TableCell>
                      <TableCell>{t('billingReports.col.account')}</TableCell>
                      <TableCell>{t('billingReports.col.reference')}</TableCell>
                      {heads.map((h) => (
                        <TableCell key={h} align="right">
                          {h}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.rows.map((r) => (
                      <TableRow key={r.paymentId} hover>
                        <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{r.receiptNo}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <DateText value={r.date} />
                        </TableCell>
                        <TableCell>
                          <CustomerName id={r.customerId} name={r.name} range={range} />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.zoneName ?? t('billingReports.filter.noZone')}</TableCell>
                        <TableCell>{t(`billingReports.method.${r.method}`)}</TableCell>
                        <TableCell>{`${r.accountCode} ${r.accountName}`}</TableCell>
                        <TableCell>{r.reference}</TableCell>
                        {FIGURES.map((f) => (
                          <MoneyCell key={f} value={r[f]} showZero={f === 'amount'} />
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                  <TableFooter>
                    <TableRow sx={totalsRowSx}>
                      <TableCell colSpan={7}>{t('billingReports.totalOf', { count: data.totals.payments })}</TableCell>
                      {FIGURES.map((f) => (
                        <MoneyCell key={f} value={data.totals[f]} showZero testId={`payments-total-${f}`} />
                      ))}
                    </TableRow>
                  </TableFooter>
                </Table>
              </TableContainer>
              <Pager total={data.total} />
            </Paper>
            <Grid container spacing={2} sx={{ mt: 1 }}>
              <Grid size={{ xs: 12, md: 6 }}>
                <SmallTotals
                  title={t('billingReports.payments.byAccount')}
                  rows={data.byAccount.map((a) => ({ key: String(a.accountId), label: `${a.code} ${a.name}`, count: a.payments, amount: a.amount }))}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <SmallTotals
                  title={t('billingReports.payments.byMethod')}
                  rows={data.byMethod.map((m) => ({ key: m.method, label: t(`billingReports.method.${m.method}`), count: m.payments, amount: m.amount }))}
                />
              </Grid>
            </Grid>
          </>
        )}
      </ReportState>
      <FilterDialog
        open={isFilterOpen}
        title={t('billingReports.filter.title')}
        fields={['startDate', 'endDate']}
        selects={selects}
        initial={initial}
        onApply={(v) =>
          filter({
            startDate: v.startDate,
            endDate: v.endDate,
            zoneId: selectedId(v.selects?.zone),
            method: selectedId(v.selects?.method),
            accountId: selectedId(v.selects?.account),
          })
        }
        onClose={() => setFilterOpen(false)}
      />
    </ReportFrame>
  );
}

/** Payments and amount per account or per method. */
function SmallTotals({ title, rows }: { title: string; rows: { key: string; label: string; count: number; amount: string }[] }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ height: '100%' }}>
      <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">{t('billingReports.col.payments')}</TableCell>
            <TableCell align="right">{t('billingReports.col.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              <TableCell>{r.label}</TableCell>
              <TableCell align="right">{r.count}</TableCell>
              <MoneyCell value={r.amount} showZero />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
