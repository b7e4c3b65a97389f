// /reports/cash-flow-statement: the direct-method cash flow statement (GET /api/finance/reports/cash-flow):
// cash at the start, then per activity (operating, investing, financing) the inflows and outflows by
// counter-account group and account, each activity's net flow, the net change, cash at the end, and
// the check opening + net change = closing (recomputed here with decimal.js beside the server's own).
// The cash, bank and mobile money accounts follow with their opening and closing balances. An account
// opens its statement for the period.
import { Fragment, type ReactNode, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import type { CsvValue } from '../../lib/csv.ts';
import { csvFileName } from '../../lib/csv.ts';
import { statementLink } from '../finance/index.ts';
import { Figure, ReportFrame } from '../../components/ReportFrame.tsx';
import { ReportState } from '../../components/ReportState.tsx';
import { usePeriodText, useReportParams } from '../../lib/useReportParams.ts';
import { cashCheck } from './finance-reports.logic.ts';
import { financeReportsEndpoints } from '@ubo/contracts';
import { useCashFlow } from './finance-reports.queries.ts';

const strong = { '& td, & th': { fontWeight: 700 } };
const ruled = { '& td, & th': { fontWeight: 700, borderTop: 2, borderColor: 'text.primary' } };

function BalanceRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <TableRow sx={ruled}>
      <TableCell component="th" scope="row" colSpan={3}>
        {label}
      </TableCell>
      <TableCell align="right" data-testid={testId}>
        <MoneyText value={value} negativeColor />
      </TableCell>
    </TableRow>
  );
}

function FlowCells({ inflow, outflow, net, to, label }: { inflow: string; outflow: string; net: ReactNode; to?: string; label?: string }) {
  return (
    <>
      <TableCell align="right">
        <Figure value={inflow} to={to} label={label} />
      </TableCell>
      <TableCell align="right">
        <Figure value={outflow} to={to} label={label} />
      </TableCell>
      <TableCell align="right">{net}</TableCell>
    </>
  );
}

export default function CashFlowPage() {
  const { t } = useTranslation();
  const { range, setRange } = useReportParams();
  const periodText = usePeriodText();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const report = useCashFlow({ ...range });
  const data = report.data;
  const title = t('financeReports.cashFlow.title');
  const check = data ? cashCheck(data.openingCash, data.totals.net, data.closingCash) : null;
  const isBalanced = data && check ? data.isBalanced && check.isBalanced : true;

  const csv = () => {
    if (!data) return null;
    const cf = (k: string) => t(`financeReports.cashFlow.${k}`);
    const out: CsvValue[][] = [[cf('description'), t('finance.accounts.code'), cf('inflow'), cf('outflow'), cf('net')]];
    out.push([cf('openingCash'), '', '', '', data.openingCash]);
    for (const a of data.activities) {
      out.push([a.name, '', '', '', '']);
      for (const g of a.groups) {
        out.push([g.name, '', g.inflow, g.outflow, g.net]);
        for (const acc of g.accounts) out.push([acc.name, acc.code, acc.inflow, acc.outflow, acc.net]);
      }
      out.push([t('financeReports.cashFlow.netActivity', { name: a.name }), '', a.inflow, a.outflow, a.net]);
    }
    out.push([cf('netChange'), '', data.totals.inflow, data.totals.outflow, data.totals.net]);
    out.push([cf('closingCash'), '', '', '', data.closingCash]);
    out.push([]);
    out.push([cf('cashAccounts'), t('finance.accounts.code'), t('financeReports.opening'), t('financeReports.closing')]);
    for (const c of data.cashAccounts) out.push([c.name, c.code, c.opening, c.closing]);
    return out;
  };

  return (
    <ReportFrame
      title={title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      exportEndpoint={financeReportsEndpoints.cashFlowExport}
      exportQuery={{ ...range }}
      isFetching={report.isFetching}
    >
      <ReportState query={report} emptyText="">
        {data && check && (
          <>
            <Alert severity={isBalanced ? 'success' : 'error'} role="status" sx={{ mb: 2 }} data-testid="cash-check">
              {isBalanced ? t('financeReports.cashFlow.checkOk') : t('financeReports.cashFlow.checkFailed')}{' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                (<MoneyText value={data.openingCash} /> + <MoneyText value={data.totals.net} /> = <MoneyText value={data.closingCash} />
                {!check.difference.isZero() && (
                  <>
                    ; {t('financeReports.cashFlow.difference')} <MoneyText value={check.difference} />
                  </>
                )}
                )
              </Box>
            </Alert>
            <Paper sx={{ mb: 3 }}>
              <TableContainer>
                <Table size="small" aria-label={title}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('financeReports.cashFlow.description')}</TableCell>
                      <TableCell align="right" sx={{ width: 160 }}>
                        {t('financeReports.cashFlow.inflow')}
                      </TableCell>
                      <TableCell align="right" sx={{ width: 160 }}>
                        {t('financeReports.cashFlow.outflow')}
                      </TableCell>
                      <TableCell align="right" sx={{ width: 170 }}>
                        {t('financeReports.cashFlow.net')}
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    <BalanceRow label={t('financeReports.cashFlow.openingCash')} value={data.openingCash} testId="opening-cash" />
                  </TableBody>
                  {data.activities.map((a) => (
                    <TableBody key={a.activity} aria-label={a.name}>
                      <TableRow sx={{ bgcolor: 'action.hover' }}>
                        <TableCell colSpan={4} component="th" scope="rowgroup" sx={{ fontWeight: 700 }}>
                          {a.name}
                        </TableCell>
                      </TableRow>
                      {a.groups.length === 0 && (
                        <TableRow>
                          <TableCell colSpan={4} sx={{ pl: 4, color: 'text.secondary' }}>
                            {t('financeReports.cashFlow.noFlows')}
                          </TableCell>
                        </TableRow>
                      )}
                      {a.groups.map((g) => (
                        <Fragment key={g.group}>
                          <TableRow>
                            <TableCell sx={{ pl: 4, fontWeight: 600 }}>{g.name}</TableCell>
                            <FlowCells inflow={g.inflow} outflow={g.outflow} net={<MoneyText value={g.net} negativeColor />} />
                          </TableRow>
                          {g.accounts.map((acc) => {
                            const to = statementLink(acc.accountId, range);
                            const label = t('finance.report.openStatement', { code: acc.code });
                            return (
                              <TableRow key={acc.accountId} hover>
                                <TableCell sx={{ pl: 7, color: 'text.secondary' }}>
                                  {acc.code} · {acc.name}
                                </TableCell>
                                <FlowCells
                                  inflow={acc.inflow}
                                  outflow={acc.outflow}
                                  to={to}
                                  label={label}
                                  net={<Figure value={acc.net} to={to} label={label} showZero negativeColor />}
                                />
                              </TableRow>
                            );
                          })}
                        </Fragment>
                      ))}
                      <TableRow sx={strong}>
                        <TableCell>{t('financeReports.cashFlow.netActivity', { name: a.name })}</TableCell>
                        <TableCell align="right">
                          <MoneyText value={a.inflow} />
                        </TableCell>
                        <TableCell align="right">
                          <MoneyText value={a.outflow} />
                        </TableCell>
                        <TableCell align="right" sx={{ borderTop: 1, borderColor: 'text.secondary' }} data-testid={`net-${a.activity}`}>
                          <MoneyText value={a.net} negativeColor />
                        </TableCell>
                      </TableRow>
                    </TableBody>
                  ))}
                  <TableBody>
                    <TableRow sx={ruled}>
                      <TableCell component="th" scope="row">
                        {t('financeReports.cashFlow.netChange')}
                      </TableCell>
                      <TableCell align="right" data-testid="total-inflow">
                        <MoneyText value={data.totals.inflow} />
                      </TableCell>
                      <TableCell align="right" data-testid="total-outflow">
                        <MoneyText value={data.totals.outflow} />
                      </TableCell>
                      <TableCell align="right" data-testid="net-change">
                        <MoneyText value={data.totals.net} negativeColor />
                      </TableCell>
                    </TableRow>
                    <BalanceRow label={t('financeReports.cashFlow.closingCash')} value={data.closingCash} testId="closing-cash" />
                  </TableBody>
                </Table>
              </TableContainer>
            </Paper>
            <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
              {t('financeReports.cashFlow.cashAccounts')}
            </Typography>
            <Paper>
              <TableContainer>
                <Table size="small" aria-label={t('financeReports.cashFlow.cashAccounts')}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: 110 }}>{t('finance.accounts.code')}</TableCell>
                      <TableCell>{t('finance.accounts.name')}</TableCell>
                      <TableCell>{t('financeReports.cashFlow.subtype')}</TableCell>
                      <TableCell align="right">{t('financeReports.opening')}</TableCell>
                      <TableCell align="right">{t('financeReports.closing')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.cashAccounts.map((c) => {
                      const to = statementLink(c.accountId, range);
                      const label = t('finance.report.openStatement', { code: c.code });
                      return (
                        <TableRow key={c.accountId} hover>
                          <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{c.code}</TableCell>
                          <TableCell>{c.name}</TableCell>
                          <TableCell>{t(`finance.subtype.${c.subtype}`)}</TableCell>
                          <TableCell align="right">
                            <Figure value={c.opening} to={to} label={label} showZero negativeColor />
                          </TableCell>
                          <TableCell align="right">
                            <Figure value={c.closing} to={to} label={label} showZero negativeColor />
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
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
