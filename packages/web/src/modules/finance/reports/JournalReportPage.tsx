// /reports/journal-report: the entries of a period in posting order, each with its lines (GET
// /api/finance/reports/journal), filtered by period, account and a search of reference, memo or entry
// number; server-paged by entry. The totals are those of the entries on the page. An entry number
// opens the entry.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { financeEndpoints } from '@ubo/contracts';
import { useSession } from '../../../app/session.tsx';
import { DateText } from '../../../components/DateText.tsx';
import { FilterDialog } from '../../../components/FilterDialog.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { AccountPicker } from '../AccountPicker.tsx';
import { EntryStateChips, entryState, useSourceLabel } from '../EntryParts.tsx';
import { financePrivileges as p } from '../finance.access.ts';
import { csvFileName } from '../../../lib/csv.ts';
import { entryLink, idFromParams, partyText } from '../finance.logic.ts';
import { isNonZero } from '../../../lib/format.ts';
import { useAllAccounts, useReport } from '../finance.queries.ts';
import { NO_PRINT } from '../../../components/PrintStyles.tsx';
import { ReportFrame } from '../../../components/ReportFrame.tsx';
import { ReportState } from '../../../components/ReportState.tsx';
import { usePeriodText, useReportParams } from '../../../lib/useReportParams.ts';

const PAGE_SIZES = [25, 50, 100, 250];
const SEARCH_DEBOUNCE_MS = 400;

export default function JournalReportPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const sourceLabel = useSourceLabel();
  const { params, range, setRange, update } = useReportParams();
  const periodText = usePeriodText();
  const accounts = useAllAccounts();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(50);
  const accountId = idFromParams(params, 'accountId');
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const canOpenEntry = can(p.journal);

  // The search box writes ?q after a pause in typing.
  useEffect(() => {
    if (search.trim() === q) return;
    const id = setTimeout(() => update({ q: search.trim() || null }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [search, q, update]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page resets when the filters change
  useEffect(() => setPage(0), [accountId, q, range.startDate, range.endDate]);

  const report = useReport(financeEndpoints.journalReport, {
    ...range,
    accountId: accountId ?? undefined,
    q: q || undefined,
    _page: page + 1,
    _limit: limit,
  });
  const data = report.data;
  const title = t('finance.jr.title');
  const pageTotal = (data?.data ?? []).reduce((sum, e) => sum.plus(e.total), new Decimal(0));

  const csv = () => {
    if (!data) return null;
    const head = [
      t('finance.journal.number'),
      t('finance.journal.date'),
      t('finance.journal.reference'),
      t('finance.journal.memo'),
      t('finance.accounts.code'),
      t('finance.journal.account'),
      t('finance.journal.party'),
      t('finance.journal.lineMemo'),
      t('finance.debit'),
      t('finance.credit'),
    ];
    const rows = data.data.flatMap((e) =>
      e.lines.map((l) => [e.number, e.date, e.reference, e.memo, l.accountCode, l.accountName, partyText(l, t), l.memo, l.debit, l.credit]),
    );
    return [head, ...rows, ['', '', '', '', '', t('finance.report.total'), '', '', pageTotal.toFixed(2), pageTotal.toFixed(2)]];
  };

  return (
    <ReportFrame
      title={title}
      period={periodText.range(range)}
      onPeriod={() => setFilterOpen(true)}
      csv={csv}
      csvName={csvFileName(title, range.startDate, range.endDate)}
      isFetching={report.isFetching}
      toolbar={
        <>
          <AccountPicker
            accounts={accounts.data ?? []}
            loading={accounts.isPending}
            value={accountId}
            onChange={(id) => update({ accountId: id ? String(id) : null })}
            label={t('finance.journal.accountFilter')}
            size="small"
            sx={{ width: { xs: '100%', md: 340 } }}
          />
          <TextField
            size="small"
            type="search"
            label={t('finance.jr.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ width: { xs: '100%', md: 300 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </>
      }
    >
      <ReportState query={report} isEmpty={data?.data.length === 0} emptyText={t('finance.jr.empty')}>
        {data && (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ width: 120 }}>{t('finance.accounts.code')}</TableCell>
                    <TableCell>{t('finance.journal.account')}</TableCell>
                    <TableCell>{t('finance.journal.party')}</TableCell>
                    <TableCell>{t('finance.journal.lineMemo')}</TableCell>
                    <TableCell align="right">{t('finance.debit')}</TableCell>
                    <TableCell align="right">{t('finance.credit')}</TableCell>
                  </TableRow>
                </TableHead>
                {data.data.map((e) => (
                  <TableBody key={e.id} aria-label={e.number}>
                    <TableRow sx={{ bgcolor: 'action.hover', '& td': { borderBottom: 0 } }}>
                      <TableCell colSpan={6}>
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
                          <Box component="span" sx={{ fontWeight: 700 }}>
                            {canOpenEntry ? (
                              <Link component={RouterLink} to={entryLink(e.id)} underline="hover">
                                {e.number}
                              </Link>
                            ) : (
                              e.number
                            )}
                          </Box>
                          <DateText value={e.date} />
                          {e.reference && <Box component="span">{e.reference}</Box>}
                          {e.memo && (
                            <Box component="span" sx={{ color: 'text.secondary' }}>
                              {e.memo}
                            </Box>
                          )}
                          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
                            {sourceLabel(e.sourceType)}
                          </Box>
                          <EntryStateChips {...entryState(e)} />
                        </Box>
                      </TableCell>
                    </TableRow>
                    {e.lines.map((l) => (
                      <TableRow key={l.id}>
                        <TableCell sx={{ pl: 4, fontVariantNumeric: 'tabular-nums' }}>{l.accountCode}</TableCell>
                        <TableCell>{l.accountName}</TableCell>
                        <TableCell>{partyText(l, t)}</TableCell>
                        <TableCell>{l.memo}</TableCell>
                        <TableCell align="right">{isNonZero(l.debit) && <MoneyText value={l.debit} />}</TableCell>
                        <TableCell align="right">{isNonZero(l.credit) && <MoneyText value={l.credit} />}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                ))}
                <TableFooter>
                  <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.9rem', borderTop: 2, borderColor: 'text.primary' } }}>
                    <TableCell colSpan={4}>{t('finance.jr.pageTotal', { count: data.data.length })}</TableCell>
                    <TableCell align="right">
                      <MoneyText value={pageTotal} />
                    </TableCell>
                    <TableCell align="right">
                      <MoneyText value={pageTotal} />
                    </TableCell>
                  </TableRow>
                </TableFooter>
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
              onRowsPerPageChange={(ev) => {
                setLimit(Number(ev.target.value));
                setPage(0);
              }}
            />
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
