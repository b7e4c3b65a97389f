// The budget against the ledger for a year or one month (GET /api/finance/reports/budget-vs-actual):
// per income and expense account the budget, the actual (as the income statement counts it), the
// variance (actual - budget) and the variance as a percentage of the budget, favourable variances in
// green and unfavourable ones in red; totals of income and expenses and the net result. An actual
// figure opens the account's statement for the period.
import { type ReactNode, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { type BudgetComparison, type BudgetVsActualRow, financeReportsEndpoints } from '@ubo/contracts';
import { MoneyText } from '../../components/MoneyText.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { type CsvValue, csvFileName } from '../../lib/csv.ts';
import { statementLink } from '../finance/index.ts';
import { Figure, ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { useBudgetVsActual } from './finance-reports.queries.ts';
import { usePeriodWords, YearMonthDialog } from './YearMonthDialog.tsx';

export interface BudgetVsActualProps {
  year: number;
  month: number | null;
  tabs: ReactNode;
  onPeriod: (year: number, month: number | null) => void;
}

/** Income above budget and expenses below it are favourable. */
function isFavourable(kind: 'income' | 'expenses' | 'net', c: BudgetComparison): boolean {
  const variance = new Decimal(c.variance);
  return kind === 'expenses' ? variance.lte(0) : variance.gte(0);
}

export function BudgetVsActual({ year, month, tabs, onPeriod }: BudgetVsActualProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const periodWords = usePeriodWords();
  const [isPeriodOpen, setPeriodOpen] = useState(false);
  const query = { year, month: month ?? undefined };
  const report = useBudgetVsActual(query);
  const data = report.data;
  const title = t('financeReports.vsActual.title');
  const periodText = month ? periodWords.month(year, month) : periodWords.year(year);
  const range = data ? { startDate: data.startDate, endDate: data.endDate } : null;
  const heads = [
    t('financeReports.vsActual.budget'),
    t('financeReports.vsActual.actual'),
    t('financeReports.vsActual.variance'),
    t('financeReports.vsActual.variancePercent'),
  ];
  const percent = (v: string | null) => (v === null ? '' : `${formatMoney(v, lang)} %`);

  const sections = data
    ? [
        {
          key: 'income' as const,
          title: t('financeReports.budget.income'),
          totalLabel: t('financeReports.budget.totalIncome'),
          rows: data.income,
          total: data.totals.income,
        },
        {
          key: 'expenses' as const,
          title: t('financeReports.budget.expenses'),
          totalLabel: t('financeReports.budget.totalExpenses'),
          rows: data.expenses,
          total: data.totals.expenses,
        },
      ]
    : [];

  const csv = () => {
    if (!data) return null;
    const out: CsvValue[][] = [[t('finance.report.section'), t('finance.accounts.code'), t('finance.accounts.name'), ...heads]];
    for (const s of sections) {
      for (const r of s.rows) out.push([s.title, r.code, r.name, r.budget, r.actual, r.variance, r.variancePercent ?? '']);
      out.push([s.title, '', s.totalLabel, s.total.budget, s.total.actual, s.total.variance, s.total.variancePercent ?? '']);
    }
    const n = data.totals.net;
    out.push(['', '', t('financeReports.vsActual.net'), n.budget, n.actual, n.variance, n.variancePercent ?? '']);
    return out;
  };

  const varianceCells = (kind: 'income' | 'expenses' | 'net', c: BudgetComparison | BudgetVsActualRow, testId?: string) => {
    const good = 'isFavourable' in c ? c.isFavourable : isFavourable(kind, c);
    const color = new Decimal(c.variance).isZero() ? undefined : good ? 'success.main' : 'error.main';
    return (
      <>
        <TableCell
          align="right"
          sx={{ color }}
          data-testid={testId ? `${testId}-variance` : undefined}
          title={good ? t('financeReports.vsActual.favourable') : t('financeReports.vsActual.unfavourable')}
        >
          <MoneyText value={c.variance} />
        </TableCell>
        <TableCell align="right" sx={{ color, whiteSpace: 'nowrap' }}>
          {c.variancePercent === null ? (
            <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
              {t('financeReports.vsActual.noBudget')}
            </Box>
          ) : (
            percent(c.variancePercent)
          )}
        </TableCell>
      </>
    );
  };

  return (
    <ReportFrame
      title={title}
      period={periodText}
      onPeriod={() => setPeriodOpen(true)}
      csv={csv}
      csvName={csvFileName(title, String(year), month ? String(month).padStart(2, '0') : '')}
      exportEndpoint={financeReportsEndpoints.budgetVsActualExport}
      exportQuery={query}
      isFetching={report.isFetching}
      toolbar={tabs}
    >
      <Box role="tabpanel" id="budget-panel" aria-labelledby="budget-tab-actual">
        <ReportState query={report} isEmpty={data ? data.income.length + data.expenses.length === 0 : false} emptyText={t('financeReports.vsActual.empty')}>
          {data && range && (
            <Paper>
              <TableContainer>
                <Table size="small" aria-label={title}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: 110 }}>{t('finance.accounts.code')}</TableCell>
                      <TableCell>{t('finance.accounts.name')}</TableCell>
                      {heads.map((h) => (
                        <TableCell key={h} align="right">
                          {h}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  {sections.map((s) => (
                    <TableBody key={s.key} aria-label={s.title}>
                      <TableRow sx={{ bgcolor: 'action.hover' }}>
                        <TableCell colSpan={6} component="th" scope="rowgroup" sx={{ fontWeight: 700 }}>
                          {s.title}
                        </TableCell>
                      </TableRow>
                      {s.rows.map((r) => (
                        <TableRow key={r.accountId} hover>
                          <TableCell sx={{ pl: 4, fontVariantNumeric: 'tabular-nums' }}>{r.code}</TableCell>
                          <TableCell>{r.name}</TableCell>
                          <TableCell align="right">
                            <MoneyText value={r.budget} />
                          </TableCell>
                          <TableCell align="right">
                            <Figure
                              value={r.actual}
                              showZero
                              negativeColor
                              to={statementLink(r.accountId, range)}
                              label={t('finance.report.openStatement', { code: r.code })}
                            />
                          </TableCell>
                          {varianceCells(s.key, r, `vs-${r.code}`)}
                        </TableRow>
                      ))}
                      <TableRow sx={{ '& td, & th': { fontWeight: 700 } }}>
                        <TableCell />
                        <TableCell>{s.totalLabel}</TableCell>
                        <TableCell align="right" data-testid={`vs-${s.key}-budget`}>
                          <MoneyText value={s.total.budget} />
                        </TableCell>
                        <TableCell align="right" data-testid={`vs-${s.key}-actual`}>
                          <MoneyText value={s.total.actual} negativeColor />
                        </TableCell>
                        {varianceCells(s.key, s.total, `vs-${s.key}`)}
                      </TableRow>
                    </TableBody>
                  ))}
                  <TableBody>
                    <TableRow sx={{ '& td': { fontWeight: 700, fontSize: '0.95rem', borderTop: 2, borderColor: 'text.primary' } }}>
                      <TableCell />
                      <TableCell>{t('financeReports.vsActual.net')}</TableCell>
                      <TableCell align="right" data-testid="vs-net-budget">
                        <MoneyText value={data.totals.net.budget} negativeColor />
                      </TableCell>
                      <TableCell align="right" data-testid="vs-net-actual">
                        <MoneyText value={data.totals.net.actual} negativeColor />
                      </TableCell>
                      {varianceCells('net', data.totals.net, 'vs-net')}
                    </TableRow>
                  </TableBody>
                </Table>
              </TableContainer>
            </Paper>
          )}
        </ReportState>
      </Box>
      <YearMonthDialog
        open={isPeriodOpen}
        title={t('finance.report.period')}
        year={year}
        month={month}
        mode="optional"
        onApply={(v) => onPeriod(v.year, v.month)}
        onClose={() => setPeriodOpen(false)}
      />
    </ReportFrame>
  );
}
