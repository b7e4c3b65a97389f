// /reports/personal-account: one customer's, vendor's or employee's account (GET /api/finance/reports/
// personalaccount): every ledger line carrying them, across accounts (receivable, deposits, payables,
// ...), with the opening balance, the running balance after each line, the period's totals and the
// closing balance, server-paged. Customers' balances are on the debit side (what they owe), vendors' and
// employees' on the credit side. Party and period are in the URL (?partyType&partyId&startDate&endDate);
// an entry number opens the entry, an account its statement. CSV of the page, Excel of the whole period,
// print.
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
import { type LedgerParty, type PartyType, partyTypeValues, type PersonalAccount } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { DateText } from '../../components/DateText.tsx';
import { FilterDialog } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { financePrivileges as fp } from '../finance/finance.access.ts';
import { csvFileName, entryLink, idFromParams, isNonZero, statementLink } from '../finance/finance.logic.ts';
import { NO_PRINT, ReportFrame } from '../finance/reports/ReportFrame.tsx';
import { ReportState } from '../finance/reports/ReportState.tsx';
import { usePeriodText, useReportParams } from '../finance/reports/useReportParams.ts';
import { exportPathOf } from './finance-reports.logic.ts';
import { PERSONAL_ACCOUNT_PATH, usePersonalAccount } from './finance-reports.queries.ts';
import { PartyPicker, usePartyLabel } from './PartyPicker.tsx';

const PAGE_SIZES = [50, 100, 250, 500];

const partyTypeOf = (value: string | null): PartyType => ((partyTypeValues as readonly string[]).includes(value ?? '') ? (value as PartyType) : 'customer');

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

export default function PersonalAccountPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const { params, range, setRange, update } = useReportParams();
  const periodText = usePeriodText();
  const partyLabel = usePartyLabel();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(100);
  const partyType = partyTypeOf(params.get('partyType'));
  const partyId = idFromParams(params, 'partyId');
  // The party as picked (with its number); one opened from a link is named by the report itself.
  const [picked, setPicked] = useState<LedgerParty | null>(null);
  const canOpenEntry = can(fp.journal);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the page resets when the filters change
  useEffect(() => setPage(0), [partyType, partyId, range.startDate, range.endDate]);

  const query = { partyType, partyId: partyId ?? undefined, ...range };
  const report = usePersonalAccount({ ...query, _page: page + 1, _limit: limit }, partyId !== null);
  const data: PersonalAccount | undefined = partyId === null ? undefined : report.data;
  const value: LedgerParty | null =
    partyId === null
      ? null
      : picked && picked.id === partyId && picked.type === partyType
        ? picked
        : { type: partyType, id: partyId, name: data?.party.id === partyId ? data.party.name : null, number: null };
  const isFirstPage = page === 0;
  const isLastPage = data ? (page + 1) * limit >= data.total : false;
  const title = t('financeReports.personal.title');
  const heading = value ? `${title}: ${partyLabel(value)}` : title;

  const csv = () => {
    if (!data || !value) return null;
    const head = [
      t('finance.journal.date'),
      t('finance.journal.number'),
      t('finance.journal.reference'),
      t('finance.journal.memo'),
      t('financeReports.personal.account'),
      t('finance.debit'),
      t('finance.credit'),
      t('finance.st.balance'),
    ];
    return [
      [partyLabel(value), periodText.range(range)],
      head,
      ...(isFirstPage ? [['', '', '', t('finance.st.opening'), '', '', '', data.openingBalance]] : []),
      ...data.lines.map((l) => [l.date, l.number, l.reference, l.memo, `${l.accountCode} · ${l.accountName}`, l.debit, l.credit, l.balance]),
      ...(isLastPage ? [['', '', '', t('finance.st.totals'), '', data.totals.debit, data.totals.credit, data.closingBalance]] : []),
    ];
  };

  return (
    <ReportFrame
      title={heading}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, value ? `${t(`finance.party.${value.type}`)}-${value.id}` : '', range.startDate, range.endDate)}
      exportPath={partyId === null ? undefined : exportPathOf(PERSONAL_ACCOUNT_PATH, query)}
      isFetching={report.isFetching}
      toolbar={
        <PartyPicker
          partyType={partyType}
          value={value}
          onTypeChange={(type) => {
            setPicked(null);
            update({ partyType: type, partyId: null });
          }}
          onChange={(party) => {
            setPicked(party);
            update({ partyType: party?.type ?? partyType, partyId: party ? String(party.id) : null });
          }}
        />
      }
    >
      {partyId === null ? (
        <Alert severity="info">{t('financeReports.personal.choose')}</Alert>
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
                  {t(`financeReports.personal.side.${data.balanceSide}`)}
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
                        <TableCell>{t('financeReports.personal.account')}</TableCell>
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
                          <TableCell colSpan={6}>{t('finance.st.opening')}</TableCell>
                          <TableCell align="right">
                            <MoneyText value={data.openingBalance} negativeColor />
                          </TableCell>
                        </TableRow>
                      )}
                      {data.lines.length === 0 && (
                        <TableRow>
                          <TableCell colSpan={8} align="center" sx={{ py: 4, color: 'text.secondary' }}>
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
                            )}
                          </TableCell>
                          <TableCell>{l.reference}</TableCell>
                          <TableCell>{l.memo}</TableCell>
                          <TableCell>
                            <Link component={RouterLink} to={statementLink(l.accountId, range)} underline="hover" sx={{ color: 'inherit' }}>
                              {l.accountCode} · {l.accountName}
                            </Link>
                          </TableCell>
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
                          <TableCell colSpan={4}>{t('finance.st.closingRow')}</TableCell>
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
