// /reports/account-transaction: one account's statement over a period (GET /api/finance/reports/
// account-transaction): the opening balance, the lines in ledger order with the running balance after
// each, the period's debit and credit totals and the closing balance; server-paged. The account and
// period are in the URL (?accountId&startDate&endDate), which is where every report's drill-down
// lands. An entry number opens the entry.
import { type ReactNode, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AccountStatement } from '@ubo/contracts';
import { useSession } from '../../../app/session.tsx';
import { DateText } from '../../../components/DateText.tsx';
import { FilterDialog } from '../../../components/FilterDialog.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { AccountPicker } from '../AccountPicker.tsx';
import { EntryStateChips } from '../EntryParts.tsx';
import { financePrivileges as p } from '../finance.access.ts';
import { csvFileName, entryLink, idFromParams, isNonZero } from '../finance.logic.ts';
import { useAccountStatement, useAllAccounts } from '../finance.queries.ts';
import { NO_PRINT, ReportFrame } from './ReportFrame.tsx';
import { ReportState } from './ReportState.tsx';
import { usePeriodText, useReportParams } from './useReportParams.ts';

const PAGE_SIZES = [50, 100, 250, 500];

function Summary({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="div" data-testid={testId}>
        {children}
      </Typography>
    </Grid>
  );
}

export default function AccountStatementPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const { params, range, setRange, update } = useReportParams();
  const periodText = usePeriodText();
  const accounts = useAllAccounts();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(100);
  const accountId = idFromParams(params, 'accountId');
  const canOpenEntry = can(p.journal);

  // Another account or period starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page resets when the filters change
  useEffect(() => setPage(0), [accountId, range.startDate, range.endDate]);

  const report = useAccountStatement({ accountId: accountId ?? undefined, ...range, _page: page + 1, _limit: limit }, accountId !== null);
  const data: AccountStatement | undefined = accountId === null ? undefined : report.data;
  const isFirstPage = page === 0;
  const isLastPage = data ? (page + 1) * limit >= data.total : false;
  const title = t('finance.st.title');
  const heading = data ? `${title}: ${data.account.code} · ${data.account.name}` : title;

  const csv = () => {
    if (!data) return null;
    const head = [
      t('finance.journal.date'),
      t('finance.journal.number'),
      t('finance.journal.reference'),
      t('finance.journal.memo'),
      t('finance.debit'),
      t('finance.credit'),
      t('finance.st.balance'),
    ];
    const rows = data.lines.map((l) => [l.date, l.number, l.reference, l.memo, l.debit, l.credit, l.balance]);
    return [
      [`${data.account.code} · ${data.account.name}`, periodText.range(range)],
      head,
      ...(isFirstPage ? [['', '', '', t('finance.st.opening'), '', '', data.openingBalance]] : []),
      ...rows,
      ...(isLastPage ? [['', '', '', t('finance.st.totals'), data.totals.debit, data.totals.credit, data.closingBalance]] : []),
    ];
  };

  return (
    <ReportFrame
      title={heading}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, data?.account.code ?? '', range.startDate, range.endDate)}
      exportPath={accountId === null ? undefined : `finance/reports/account-transaction/export?accountId=${accountId}&startDate=${range.startDate}&endDate=${range.endDate}`}
      isFetching={report.isFetching}
      toolbar={
        <AccountPicker
          accounts={accounts.data ?? []}
          loading={accounts.isPending}
          value={accountId}
          onChange={(id) => update({ accountId: id ? String(id) : null })}
          label={t('finance.st.account')}
          sx={{ width: { xs: '100%', md: 420 } }}
        />
      }
    >
      {accountId === null ? (
        <Alert severity="info">{t('finance.st.chooseAccount')}</Alert>
      ) : (
        <ReportState query={report} emptyText="">
          {data && (
            <>
              <Paper sx={{ p: 2, mb: 2 }}>
                <Grid container spacing={2}>
                  <Summary label={t('finance.st.opening')} testId="opening-balance">
                    <MoneyText value={data.openingBalance} negativeColor />
                  </Summary>
                  <Summary label={t('finance.st.totalDebit')} testId="period-debit">
                    <MoneyText value={data.totals.debit} />
                  </Summary>
                  <Summary label={t('finance.st.totalCredit')} testId="period-credit">
                    <MoneyText value={data.totals.credit} />
                  </Summary>
                  <Summary label={t('finance.st.closing')} testId="closing-balance">
                    <MoneyText value={data.closingBalance} negativeColor />
                  </Summary>
                </Grid>
                <Typography variant="caption" component="p" sx={{ mt: 1, color: 'text.secondary' }}>
                  {t(`finance.st.sign.${data.account.type === 'asset' || data.account.type === 'expense' ? 'debit' : 'credit'}`)}
                </Typography>
              </Paper>
              <Paper>
                <TableContainer>
                  <Table size="small" aria-label={heading}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('finance.journal.date')}</TableCell>
                        <TableCell>{t('finance.journal.number')}</TableCell>
                        <TableCell>{t('finance.journal.reference')}</TableCell>
                        <TableCell>{t('finance.journal.memo')}</TableCell>
                        <TableCell align="right">{t('finance.debit')}</TableCell>
                        <TableCell align="right">{t('finance.credit')}</TableCell>
                        <TableCell align="right">{t('finance.st.balance')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {isFirstPage && (
                        <TableRow sx={{ '& td': { fontStyle: 'italic' } }}>
                          <TableCell>
                            <DateText value={range.startDate} />
                          </TableCell>
                          <TableCell colSpan={5}>{t('finance.st.opening')}</TableCell>
                          <TableCell align="right">
                            <MoneyText value={data.openingBalance} negativeColor />
                          </TableCell>
                        </TableRow>
                      )}
                      {data.lines.length === 0 && (
                        <TableRow>
                          <TableCell colSpan={7} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                            {t('finance.st.noLines')}
                          </TableCell>
                        </TableRow>
                      )}
                      {data.lines.map((l) => (
                        <TableRow key={l.lineId} hover>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            <DateText value={l.date} />
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            {canOpenEntry ? (
                              <Link component={RouterLink} to={entryLink(l.entryId)} underline="hover" sx={{ fontWeight: 500 }}>
                                {l.number}
                              </Link>
                            ) : (
                              l.number
                            )}{' '}
                            <EntryStateChips isReversal={l.isReversal} isReversed={l.isReversed} />
                          </TableCell>
                          <TableCell>{l.reference}</TableCell>
                          <TableCell>{l.memo}</TableCell>
                          <TableCell align="right">{isNonZero(l.debit) && <MoneyText value={l.debit} />}</TableCell>
                          <TableCell align="right">{isNonZero(l.credit) && <MoneyText value={l.credit} />}</TableCell>
                          <TableCell align="right">
                            <MoneyText value={l.balance} negativeColor />
                          </TableCell>
                        </TableRow>
                      ))}
                      {isLastPage && (
                        <TableRow sx={{ '& td': { fontWeight: 700, borderTop: 2, borderColor: 'text.primary' } }}>
                          <TableCell>
                            <DateText value={range.endDate} />
                          </TableCell>
                          <TableCell colSpan={3}>{t('finance.st.closingRow')}</TableCell>
                          <TableCell align="right">
                            <MoneyText value={data.totals.debit} />
                          </TableCell>
                          <TableCell align="right">
                            <MoneyText value={data.totals.credit} />
                          </TableCell>
                          <TableCell align="right">
                            <MoneyText value={data.closingBalance} negativeColor />
                          </TableCell>
                        </TableRow>
                      )}
                    </TableBody>
                  </Table>
                </TableContainer>
                <TablePagination
                  className={NO_PRINT}
                  component="div"
                  count={data.total}
                  page={data.total > 0 && page * limit >= data.total ? 0 : page}
                  rowsPerPage={limit}
                  rowsPerPageOptions={PAGE_SIZES}
                  onPageChange={(_, next) => setPage(next)}
                  onRowsPerPageChange={(e) => {
                    setLimit(Number(e.target.value));
                    setPage(0);
                  }}
                  labelRowsPerPage={t('table.itemsPerPage')}
                  labelDisplayedRows={({ from, to, count }) => t('table.displayedRows', { from, to, count })}
                />
              </Paper>
            </>
          )}
        </ReportState>
      )}
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
