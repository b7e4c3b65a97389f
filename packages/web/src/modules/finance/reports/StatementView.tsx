// A statement as the account statement and the personal account show it: the opening, period debit and
// credit and closing figures above; the opening row (first page), the lines with their running balance
// and the closing row (last page); server pagination below. The personal account adds an account column.
import type { ReactNode } from 'react';
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
import { DateText } from '../../../components/DateText.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { EntryStateChips } from '../EntryParts.tsx';
import { entryLink } from '../finance.logic.ts';
import { isNonZero } from '../../../lib/format.ts';
import { NO_PRINT } from '../../../components/PrintStyles.tsx';

export const STATEMENT_PAGE_SIZES = [50, 100, 250, 500];

export interface StatementLine {
  lineId: number;
  date: string;
  entryId: number;
  number: string;
  reference: string | null;
  memo: string | null;
  debit: string;
  credit: string;
  balance: string;
  isReversal?: boolean;
  isReversed?: boolean;
}

export interface StatementData<L extends StatementLine> {
  openingBalance: string;
  closingBalance: string;
  totals: { debit: string; credit: string };
  total: number;
  lines: L[];
}

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

export function StatementView<L extends StatementLine>(props: {
  data: StatementData<L>;
  range: { startDate: string; endDate: string };
  label: string;
  /** Under the figures: which side a positive balance is on. */
  signNote: string;
  canOpenEntry: boolean;
  /** An extra column between the memo and the debit (heading and cell). */
  extraColumn?: { heading: string; cell: (line: L) => ReactNode };
  page: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const { t } = useTranslation();
  const { data, range, extraColumn, page, limit } = props;
  const isFirstPage = page === 0;
  const isLastPage = (page + 1) * limit >= data.total;
  const columns = extraColumn ? 8 : 7;
  return (
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
          {props.signNote}
        </Typography>
      </Paper>
      <Paper>
        <TableContainer>
          <Table size="small" aria-label={props.label}>
            <TableHead>
              <TableRow>
                <TableCell>{t('finance.journal.date')}</TableCell>
                <TableCell>{t('finance.journal.number')}</TableCell>
                <TableCell>{t('finance.journal.reference')}</TableCell>
                <TableCell>{t('finance.journal.memo')}</TableCell>
                {extraColumn && <TableCell>{extraColumn.heading}</TableCell>}
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
                  <TableCell colSpan={columns - 2}>{t('finance.st.opening')}</TableCell>
                  <TableCell align="right">
                    <MoneyText value={data.openingBalance} negativeColor />
                  </TableCell>
                </TableRow>
              )}
              {data.lines.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns} align="center" sx={{ py: 4, color: 'text.secondary' }}>
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
                    {props.canOpenEntry ? (
                      <Link component={RouterLink} to={entryLink(l.entryId)} underline="hover" sx={{ fontWeight: 500 }}>
                        {l.number}
                      </Link>
                    ) : (
                      l.number
                    )}{' '}
                    <EntryStateChips isReversal={l.isReversal ?? false} isReversed={l.isReversed ?? false} />
                  </TableCell>
                  <TableCell>{l.reference}</TableCell>
                  <TableCell>{l.memo}</TableCell>
                  {extraColumn && <TableCell>{extraColumn.cell(l)}</TableCell>}
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
                  <TableCell colSpan={columns - 4}>{t('finance.st.closingRow')}</TableCell>
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
          rowsPerPageOptions={STATEMENT_PAGE_SIZES}
          onPageChange={(_, next) => props.onPage(next)}
          onRowsPerPageChange={(e) => {
            props.onLimit(Number(e.target.value));
            props.onPage(0);
          }}
        />
      </Paper>
    </>
  );
}
