// /reports/account-summery: per account the opening balance, the period's debits and credits and the
// closing balance, each in the account's natural sign (GET /api/finance/reports/account-summary), for
// every type or one (?type). Opening and closing totals only for one type: balances of different types
// do not add up. Any figure opens that account's statement for the period.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type AccountSummaryRow, type AccountType, accountTypeValues, financeReportsEndpoints } from '@ubo/contracts';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { csvFileName } from '../../lib/csv.ts';
import { statementLink } from '../finance/index.ts';
import { Figure, ReportFrame } from '../../components/ReportFrame.tsx';
import { NO_PRINT } from '../../components/PrintStyles.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';
import { useAccountSummary } from './finance-reports.queries.ts';

const figures = ['opening', 'debit', 'credit', 'closing'] as const satisfies readonly (keyof AccountSummaryRow)[];

export default function AccountSummaryPage() {
  const { t } = useTranslation();
  const { range, setRange, params, update } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const rawType = params.get('type');
  const type = accountTypeValues.includes(rawType as AccountType) ? (rawType as AccountType) : null;
  const includeZero = params.get('zero') === '1';
  const query = { ...range, type: type ?? undefined, includeZero: includeZero ? ('true' as const) : undefined };
  const report = useAccountSummary(query);
  const data = report.data;
  const title = type ? `${t('financeReports.summary.title')}: ${t(`finance.typePlural.${type}`)}` : t('financeReports.summary.title');
  const heads = [t('financeReports.opening'), t('finance.debit'), t('finance.credit'), t('financeReports.closing')];

  const csv = () => {
    if (!data) return null;
    return [
      [t('finance.accounts.code'), t('finance.accounts.name'), t('finance.accounts.type'), ...heads],
      ...data.rows.map((r) => [r.code, r.name, t(`finance.type.${r.type}`), r.opening, r.debit, r.credit, r.closing]),
      ['', t('finance.report.total'), '', data.totals.opening ?? '', data.totals.debit, data.totals.credit, data.totals.closing ?? ''],
    ];
  };

  return (
    <ReportFrame
      title={title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={financeReportsEndpoints.accountSummaryExport}
      exportQuery={query}
      isFetching={report.isFetching}
      toolbar={
        <>
          <TextField
            select
            size="small"
            label={t('financeReports.summary.type')}
            value={type ?? ''}
            onChange={(e) => update({ type: e.target.value || null })}
            sx={{ width: { xs: '100%', md: 240 } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('financeReports.summary.allTypes')}</MenuItem>
            {accountTypeValues.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`finance.typePlural.${v}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={includeZero} onChange={(e) => update({ zero: e.target.checked ? '1' : null })} />}
            label={t('financeReports.summary.includeZero')}
          />
        </>
      }
    >
      <ReportState query={report} isEmpty={data?.rows.length === 0} emptyText={t('financeReports.summary.empty')}>
        {data && (
          <>
            {!type && (
              <Alert severity="info" className={NO_PRINT} sx={{ mb: 2 }}>
                {t('financeReports.summary.mixedTypes')}
              </Alert>
            )}
            <Paper>
              <TableContainer>
                <Table size="small" aria-label={title}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: 110 }}>{t('finance.accounts.code')}</TableCell>
                      <TableCell>{t('finance.accounts.name')}</TableCell>
                      {!type && <TableCell>{t('finance.accounts.type')}</TableCell>}
                      {heads.map((h) => (
                        <TableCell key={h} align="right">
                          {h}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.rows.map((r) => {
                      const to = statementLink(r.accountId, range);
                      const label = t('finance.report.openStatement', { code: r.code });
                      return (
                        <TableRow key={r.accountId} hover>
                          <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{r.code}</TableCell>
                          <TableCell sx={{ pl: r.parentId === null ? 2 : 4 }}>{r.name}</TableCell>
                          {!type && <TableCell>{t(`finance.type.${r.type}`)}</TableCell>}
                          {figures.map((f) => (
                            <TableCell key={f} align="right">
                              <Figure value={r[f]} to={to} label={label} negativeColor={f === 'opening' || f === 'closing'} />
                            </TableCell>
                          ))}
                        </TableRow>
                      );
                    })}
                  </TableBody>
                  <TableFooter>
                    <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.9rem', borderTop: 2, borderColor: 'text.primary' } }}>
                      <TableCell colSpan={type ? 2 : 3}>{t('finance.report.total')}</TableCell>
                      <TableCell align="right" data-testid="summary-total-opening">
                        <MoneyText value={data.totals.opening} negativeColor />
                      </TableCell>
                      <TableCell align="right" data-testid="summary-total-debit">
                        <MoneyText value={data.totals.debit} />
                      </TableCell>
                      <TableCell align="right" data-testid="summary-total-credit">
                        <MoneyText value={data.totals.credit} />
                      </TableCell>
                      <TableCell align="right" data-testid="summary-total-closing">
                        <MoneyText value={data.totals.closing} negativeColor />
                      </TableCell>
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
