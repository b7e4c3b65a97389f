// /reports/revenue-report: income accounts by month (GET /api/finance/reports/revenue). By account (the
// default) a row per income account and a column per month; by month (?groupBy=month) the transpose.
// Totals per row and per column. A cell opens the account's statement for that month (inside the
// report's period), a row or column total for the whole period.
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
import { useTranslation } from 'react-i18next';
import { financeReportsEndpoints, type RevenueColumn, type RevenueGroupBy, type RevenueRow } from '@ubo/contracts';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { stickyEndSx, stickyStartSx } from '../../components/stickyColumns.ts';
import { csvFileName } from '../../lib/csv.ts';
import { statementLink } from '../finance/index.ts';
import { Figure, ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';
import { monthWithin, splitPeriod } from './finance-reports.logic.ts';
import { useRevenue } from './finance-reports.queries.ts';

export default function RevenueReportPage() {
  const { t } = useTranslation();
  const { range, setRange, params, update } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const groupBy: RevenueGroupBy = params.get('groupBy') === 'month' ? 'month' : 'account';
  const query = { ...range, groupBy };
  const report = useRevenue(query);
  const data = report.data;
  const title = t('financeReports.revenue.title');

  // Within one calendar year the months need no year (the period above says it).
  const oneYear = range.startDate.slice(0, 4) === range.endDate.slice(0, 4);
  const monthName = (m: string) => {
    const { year, month } = splitPeriod(m);
    const name = t(`financeReports.month.m${month}`);
    return oneYear ? name : `${name} ${year}`;
  };
  const columnLabel = (c: RevenueColumn) => (c.month ? monthName(c.month) : c.label);
  const rowLabel = (r: RevenueRow) => (r.month ? monthName(r.month) : `${r.code} · ${r.label}`);
  /** The statement behind a cell: its account over its month. */
  const cellLink = (r: RevenueRow, c: RevenueColumn) => {
    const accountId = r.accountId ?? c.accountId;
    const month = r.month ?? c.month;
    if (accountId === null || month === null) return null;
    return statementLink(accountId, monthWithin(month, range));
  };

  const csv = () => {
    if (!data) return null;
    const first = groupBy === 'account' ? t('financeReports.revenue.account') : t('financeReports.revenue.month');
    return [
      [first, ...data.columns.map(columnLabel), t('finance.report.total')],
      ...data.rows.map((r) => [rowLabel(r), ...r.amounts, r.total]),
      [t('finance.report.total'), ...data.totals.amounts, data.totals.total],
    ];
  };

  return (
    <ReportFrame
      title={title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={financeReportsEndpoints.revenueExport}
      exportQuery={query}
      isFetching={report.isFetching}
      toolbar={
        <ToggleButtonGroup
          exclusive
          size="small"
          value={groupBy}
          onChange={(_, v: RevenueGroupBy | null) => v && update({ groupBy: v === 'month' ? 'month' : null })}
          aria-label={t('financeReports.revenue.show')}
        >
          <ToggleButton value="account">{t('financeReports.revenue.byAccount')}</ToggleButton>
          <ToggleButton value="month">{t('financeReports.revenue.byMonth')}</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <ReportState query={report} isEmpty={data ? data.rows.length === 0 || data.columns.length === 0 : false} emptyText={t('financeReports.revenue.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ minWidth: 160, ...stickyStartSx }}>
                      {groupBy === 'account' ? t('financeReports.revenue.account') : t('financeReports.revenue.month')}
                    </TableCell>
                    {data.columns.map((c) => (
                      <TableCell key={c.key} align="right" sx={{ whiteSpace: groupBy === 'account' ? 'nowrap' : undefined }}>
                        {columnLabel(c)}
                      </TableCell>
                    ))}
                    <TableCell align="right" sx={{ fontWeight: 700, ...stickyEndSx }}>
                      {t('finance.report.total')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((r) => (
                    <TableRow key={r.key} hover>
                      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', ...stickyStartSx }}>
                        {rowLabel(r)}
                      </TableCell>
                      {data.columns.map((c, i) => (
                        <TableCell key={c.key} align="right">
                          <Figure
                            value={r.amounts[i]}
                            to={cellLink(r, c)}
                            negativeColor
                            label={t('financeReports.revenue.cell', { row: rowLabel(r), column: columnLabel(c) })}
                          />
                        </TableCell>
                      ))}
                      <TableCell align="right" sx={{ fontWeight: 700, ...stickyEndSx }} data-testid={`revenue-row-total-${r.key}`}>
                        {r.accountId !== null ? (
                          <Figure
                            value={r.total}
                            showZero
                            negativeColor
                            to={statementLink(r.accountId, range)}
                            label={t('finance.report.openStatement', { code: r.code ?? '' })}
                          />
                        ) : (
                          <MoneyText value={r.total} negativeColor />
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow sx={{ '& td, & th': { fontWeight: 700, color: 'text.primary', fontSize: '0.9rem', borderTop: 2, borderColor: 'text.primary' } }}>
                    <TableCell component="th" scope="row" sx={stickyStartSx}>
                      {t('finance.report.total')}
                    </TableCell>
                    {data.columns.map((c, i) => (
                      <TableCell key={c.key} align="right" data-testid={`revenue-column-total-${c.key}`}>
                        {c.accountId !== null ? (
                          <Figure
                            value={data.totals.amounts[i]}
                            showZero
                            negativeColor
                            to={statementLink(c.accountId, range)}
                            label={t('finance.report.openStatement', { code: c.code ?? '' })}
                          />
                        ) : (
                          <MoneyText value={data.totals.amounts[i]} negativeColor />
                        )}
                      </TableCell>
                    ))}
                    <TableCell align="right" sx={stickyEndSx} data-testid="revenue-total">
                      <MoneyText value={data.totals.total} negativeColor />
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
