// /Sales-reports/zone-summary: one month per zone (GET /api/finance/zones/summery?period): customers,
// bills, consumption, billed, collected and outstanding at the month's end, with the totals and the
// check of the outstanding total against the receivable account. A zone opens its customer ageing on the
// month's last day. The month is chosen with the year-and-month dialog of the finance reports.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { billingReportsEndpoints, plainDecimal, type ZoneSummaryRow } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { csvFileName } from '../../lib/csv.ts';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { periodFromParams, splitPeriod } from '../finance-reports/index.ts';
import { usePeriodWords, YearMonthDialog } from '../finance-reports/index.ts';
import { billingReportsPrivileges as p } from './billing-reports.access.ts';
import { agingLink } from './billing-reports.logic.ts';
import { useZoneSummary } from './billing-reports.queries.ts';
import { MoneyCell, totalsRowSx, useBillingParams } from './ReportParts.tsx';

const FIGURES = ['billed', 'collected', 'outstanding'] as const;

export default function ZoneSummaryPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { params, filter } = useBillingParams();
  const period = periodFromParams(params);
  const { year, month } = splitPeriod(period);
  const words = usePeriodWords();
  const [isPeriodOpen, setPeriodOpen] = useState(false);
  const report = useZoneSummary({ period });
  const data = report.data;
  const title = t('billingReports.zones.title');
  const heads = [
    t('billingReports.col.customers'),
    t('billingReports.col.bills'),
    t('billingReports.col.consumption'),
    ...FIGURES.map((f) => t(`billingReports.col.${f}`)),
  ];
  const zoneLabel = (r: ZoneSummaryRow) => r.name ?? t('billingReports.filter.noZone');
  const difference = data ? new Decimal(data.receivableBalance).minus(data.totals.outstanding) : null;

  const csv = () => {
    if (!data) return null;
    const line = (r: Omit<ZoneSummaryRow, 'zoneId' | 'name'>) => [r.customers, r.bills, r.consumption, r.billed, r.collected, r.outstanding];
    return [[t('billingReports.col.zone'), ...heads], ...data.rows.map((r) => [zoneLabel(r), ...line(r)]), [t('billingReports.total'), ...line(data.totals)]];
  };

  return (
    <ReportFrame
      title={title}
      period={words.month(year, month)}
      onPeriod={() => setPeriodOpen(true)}
      csv={csv}
      csvName={csvFileName(title, period)}
      exportEndpoint={billingReportsEndpoints.zoneSummaryExport}
      exportQuery={{ period }}
      isFetching={report.isFetching}
    >
      <ReportState query={report} isEmpty={data?.rows.length === 0} emptyText={t('billingReports.zones.empty')}>
        {data && (
          <>
            <Paper>
              <TableContainer>
                <Table size="small" aria-label={title}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('billingReports.col.zone')}</TableCell>
                      {heads.map((h) => (
                        <TableCell key={h} align="right">
                          {h}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.rows.map((r) => (
                      <TableRow key={r.zoneId ?? 'none'} hover data-testid={`zone-row-${r.zoneId ?? 'none'}`}>
                        <TableCell>
                          {r.zoneId !== null && can(p.aging) ? (
                            <Link
                              component={RouterLink}
                              to={agingLink(r.zoneId, data.endDate)}
                              underline="hover"
                              aria-label={t('billingReports.aging.openZone', { zone: zoneLabel(r) })}
                            >
                              {zoneLabel(r)}
                            </Link>
                          ) : (
                            zoneLabel(r)
                          )}
                        </TableCell>
                        <TableCell align="right">{r.customers}</TableCell>
                        <TableCell align="right">{r.bills}</TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {plainDecimal(r.consumption)}
                        </TableCell>
                        {FIGURES.map((f) => (
                          <MoneyCell key={f} value={r[f]} negativeColor showZero />
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                  <TableFooter>
                    <TableRow sx={totalsRowSx}>
                      <TableCell>{t('billingReports.total')}</TableCell>
                      <TableCell align="right">{data.totals.customers}</TableCell>
                      <TableCell align="right">{data.totals.bills}</TableCell>
                      <TableCell align="right">{plainDecimal(data.totals.consumption)}</TableCell>
                      {FIGURES.map((f) => (
                        <MoneyCell key={f} value={data.totals[f]} negativeColor showZero testId={`zones-total-${f}`} />
                      ))}
                    </TableRow>
                  </TableFooter>
                </Table>
              </TableContainer>
            </Paper>
            {difference && (
              <Alert severity={difference.isZero() ? 'success' : 'warning'} sx={{ mt: 2 }} data-testid="zones-receivable">
                {t('billingReports.aging.receivable')}: <MoneyText value={data.receivableBalance} negativeColor />
                {' — '}
                {difference.isZero() ? t('billingReports.aging.agrees') : t('billingReports.aging.differs', { amount: difference.toFixed(2) })}
              </Alert>
            )}
          </>
        )}
      </ReportState>
      <YearMonthDialog
        open={isPeriodOpen}
        title={t('finance.report.period')}
        year={year}
        month={month}
        mode="required"
        onApply={(v) => filter({ period: `${v.year}-${String(v.month ?? 1).padStart(2, '0')}` })}
        onClose={() => setPeriodOpen(false)}
      />
    </ReportFrame>
  );
}
