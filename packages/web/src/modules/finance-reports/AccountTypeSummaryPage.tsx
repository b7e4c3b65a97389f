// /reports/account-type-summery: the five account types, each with its subtypes (number of accounts,
// opening, debits, credits, closing; GET /api/finance/reports/account-types), the debit and credit
// totals and the check that the books balance. A type opens the account summary of that type for the
// period, where every figure opens an account statement.
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
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { csvFileName } from '../../lib/csv.ts';
import { ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';
import { financeReportsEndpoints } from '@ubo/contracts';
import { useAccountTypes } from './finance-reports.queries.ts';

const figures = ['opening', 'debit', 'credit', 'closing'] as const;

export default function AccountTypeSummaryPage() {
  const { t } = useTranslation();
  const { range, setRange } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const report = useAccountTypes({ ...range });
  const data = report.data;
  const title = t('financeReports.types.title');
  const heads = [t('financeReports.opening'), t('finance.debit'), t('finance.credit'), t('financeReports.closing')];
  const summaryLink = (type: string) => `/reports/account-summery?${new URLSearchParams({ type, startDate: range.startDate, endDate: range.endDate })}`;

  const csv = () => {
    if (!data) return null;
    const out: (string | number)[][] = [[t('finance.accounts.type'), t('finance.accounts.subtype'), t('financeReports.types.accounts'), ...heads]];
    for (const ty of data.types) {
      out.push([ty.name, '', '', ty.opening, ty.debit, ty.credit, ty.closing]);
      for (const s of ty.subtypes) out.push([ty.name, s.name, s.accounts, s.opening, s.debit, s.credit, s.closing]);
    }
    out.push([t('finance.report.total'), '', '', '', data.totals.debit, data.totals.credit, '']);
    return out;
  };

  return (
    <ReportFrame
      title={title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={financeReportsEndpoints.accountTypesExport}
      exportQuery={{ ...range }}
      isFetching={report.isFetching}
    >
      <ReportState query={report} emptyText="">
        {data && (
          <>
            <Alert severity={data.isBalanced ? 'success' : 'error'} role="status" sx={{ mb: 2 }} data-testid="types-check">
              {data.isBalanced ? t('financeReports.types.checkOk') : t('financeReports.types.checkFailed')}
            </Alert>
            <Paper>
              <TableContainer>
                <Table size="small" aria-label={title}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('finance.accounts.type')}</TableCell>
                      <TableCell align="right">{t('financeReports.types.accounts')}</TableCell>
                      {heads.map((h) => (
                        <TableCell key={h} align="right">
                          {h}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  {data.types.map((ty) => (
                    <TableBody key={ty.type} aria-label={ty.name}>
                      <TableRow sx={{ bgcolor: 'action.hover', '& td, & th': { fontWeight: 700 } }}>
                        <TableCell component="th" scope="rowgroup">
                          <Link
                            component={RouterLink}
                            to={summaryLink(ty.type)}
                            underline="hover"
                            sx={{ color: 'inherit' }}
                            aria-label={t('financeReports.types.openSummary', { type: ty.name })}
                          >
                            {ty.name}
                          </Link>
                        </TableCell>
                        <TableCell />
                        {figures.map((f) => (
                          <TableCell key={f} align="right" data-testid={`type-${ty.type}-${f}`}>
                            <MoneyText value={ty[f]} negativeColor={f === 'opening' || f === 'closing'} />
                          </TableCell>
                        ))}
                      </TableRow>
                      {ty.subtypes.map((s) => (
                        <TableRow key={s.subtype} hover>
                          <TableCell sx={{ pl: 4 }}>{s.name}</TableCell>
                          <TableCell align="right">{s.accounts}</TableCell>
                          {figures.map((f) => (
                            <TableCell key={f} align="right">
                              <MoneyText value={s[f]} negativeColor={f === 'opening' || f === 'closing'} />
                            </TableCell>
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                  ))}
                  <TableFooter>
                    <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.9rem', borderTop: 2, borderColor: 'text.primary' } }}>
                      <TableCell colSpan={3}>{t('finance.report.total')}</TableCell>
                      <TableCell align="right" data-testid="types-total-debit">
                        <MoneyText value={data.totals.debit} />
                      </TableCell>
                      <TableCell align="right" data-testid="types-total-credit">
                        <MoneyText value={data.totals.credit} />
                      </TableCell>
                      <TableCell />
                    </TableRow>
                  </TableFooter>
                </Table>
              </TableContainer>
            </Paper>
          </>
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
