// /reports/trail-balance: per account the opening balance, the period's debits and credits and the
// closing balance, each as a debit/credit pair as GET /api/finance/reports/trial-balance gives them,
// with the totals row and a check that debits equal credits. Any figure opens that account's statement
// for the period. Accounts without postings are left out unless asked for.
import { useState } from 'react';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { financeReportsEndpoints, type TrialBalanceRow } from '@ubo/contracts';
import { FilterDialog } from '../../../components/FilterDialog.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { csvFileName } from '../../../lib/csv.ts';
import { statementLink } from '../finance.logic.ts';
import { useTrialBalance } from '../finance.queries.ts';
import { Figure, ReportFrame } from '../../../components/ReportFrame.tsx';
import { ReportState } from '../../../components/ReportState.tsx';
import { usePeriodText, useReportParams } from '../../../lib/useReportParams.ts';

const pairs = [
  ['openingDebit', 'openingCredit'],
  ['movementDebit', 'movementCredit'],
  ['debit', 'credit'],
] as const satisfies readonly (readonly [keyof TrialBalanceRow, keyof TrialBalanceRow])[];

export default function TrialBalancePage() {
  const { t } = useTranslation();
  const { range, setRange, params, update } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const includeZero = params.get('zero') === '1';
  const report = useTrialBalance({ ...range, includeZero: includeZero ? 'true' : undefined });
  const data = report.data;
  const title = t('finance.tb.title');
  const groups = [t('finance.tb.opening'), t('finance.tb.movement'), t('finance.tb.closing')];
  const isBalanced = data ? new Decimal(data.totals.debit).eq(data.totals.credit) : true;

  const csv = () => {
    if (!data) return null;
    const head = [
      t('finance.accounts.code'),
      t('finance.accounts.name'),
      ...groups.flatMap((g) => [`${g} ${t('finance.debit')}`, `${g} ${t('finance.credit')}`]),
    ];
    const rows = data.rows.map((r) => [r.code, r.name, ...pairs.flatMap(([d, c]) => [r[d] as string, r[c] as string])]);
    const totals = data.totals;
    return [
      head,
      ...rows,
      ['', t('finance.report.total'), totals.opening.debit, totals.opening.credit, totals.movement.debit, totals.movement.credit, totals.debit, totals.credit],
    ];
  };

  return (
    <ReportFrame
      title={title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={financeReportsEndpoints.trialBalanceExport}
      exportQuery={{ startDate: range.startDate, endDate: range.endDate, includeZero: includeZero ? 'true' : undefined }}
      isFetching={report.isFetching}
      toolbar={
        <>
          <FormControlLabel
            control={<Switch checked={includeZero} onChange={(e) => update({ zero: e.target.checked ? '1' : null })} />}
            label={t('finance.tb.includeZero')}
          />
          {data && (
            <Chip color={isBalanced ? 'success' : 'error'} variant="outlined" label={isBalanced ? t('finance.tb.balanced') : t('finance.tb.notBalanced')} />
          )}
        </>
      }
    >
      <ReportState query={report} isEmpty={data?.rows.length === 0} emptyText={t('finance.tb.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell rowSpan={2}>{t('finance.accounts.code')}</TableCell>
                    <TableCell rowSpan={2}>{t('finance.accounts.name')}</TableCell>
                    {groups.map((g) => (
                      <TableCell key={g} colSpan={2} align="center" sx={{ borderLeft: 1, borderColor: 'divider' }}>
                        {g}
                      </TableCell>
                    ))}
                  </TableRow>
                  <TableRow>
                    {groups.flatMap((g) => [
                      <TableCell key={`${g}-d`} align="right" sx={{ borderLeft: 1, borderColor: 'divider' }}>
                        {t('finance.debit')}
                      </TableCell>,
                      <TableCell key={`${g}-c`} align="right">
                        {t('finance.credit')}
                      </TableCell>,
                    ])}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((r) => {
                    const to = statementLink(r.accountId, range);
                    return (
                      <TableRow key={r.accountId} hover>
                        <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{r.code}</TableCell>
                        <TableCell>{r.name}</TableCell>
                        {pairs.flatMap(([d, c]) => [
                          <TableCell key={d} align="right" sx={{ borderLeft: 1, borderColor: 'divider' }}>
                            <Figure value={r[d] as string} to={to} label={t('finance.report.openStatement', { code: r.code })} />
                          </TableCell>,
                          <TableCell key={c} align="right">
                            <Figure value={r[c] as string} to={to} label={t('finance.report.openStatement', { code: r.code })} />
                          </TableCell>,
                        ])}
                      </TableRow>
                    );
                  })}
                </TableBody>
                <TableFooter>
                  <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.9rem', borderTop: 2, borderColor: 'text.primary' } }}>
                    <TableCell colSpan={2}>{t('finance.report.total')}</TableCell>
                    {[data.totals.opening, data.totals.movement, { debit: data.totals.debit, credit: data.totals.credit }].flatMap((pair, i) => [
                      <TableCell key={`d${i}`} align="right" data-testid={`tb-total-debit-${i}`}>
                        <MoneyText value={pair.debit} />
                      </TableCell>,
                      <TableCell key={`c${i}`} align="right" data-testid={`tb-total-credit-${i}`}>
                        <MoneyText value={pair.credit} />
                      </TableCell>,
                    ])}
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
