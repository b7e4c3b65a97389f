// The customer page's Statement tab: the customer's account between two dates, read from the ledger
// (GET /api/billing-reports/customer-transaction): the balance brought forward, every bill, payment,
// cancellation and transfer with the running balance, and the balance at the end; paged, with the whole
// statement as a CSV file.
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useTranslation } from 'react-i18next';
import { bdec, billingReportsEndpoints, type Customer } from '@ubo/contracts';
import { DateField } from '../../components/DateField.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { downloadEndpoint } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { useCustomerStatement } from './billing.queries.ts';

const PAGE_SIZES = [25, 50, 100, 250];
const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

export function CustomerStatementTab({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const titleId = useId();
  const today = todayIso();
  const [startDate, setStartDate] = useState(`${today.slice(0, 4)}-01-01`);
  const [endDate, setEndDate] = useState(today);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(100);
  const isRangeOk = isDate(startDate) && isDate(endDate) && startDate <= endDate;
  const statement = useCustomerStatement({ customerId: customer.id, startDate, endDate, _page: page + 1, _limit: limit }, isRangeOk);
  const s = statement.data;

  const download = () =>
    downloadEndpoint(
      billingReportsEndpoints.customerTransactionExport,
      { query: { customerId: customer.id, startDate, endDate, format: 'csv' } },
      `statement-${customer.customerNo}-${startDate}-${endDate}.csv`,
    );

  return (
    <Paper sx={{ overflow: 'hidden' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { sm: 'center' } }}>
        <Typography id={titleId} variant="h6" component="h3" sx={{ flexGrow: 1, whiteSpace: { sm: 'nowrap' } }}>
          {t('billing.statement.title')}
        </Typography>
        <DateField
          size="small"
          label={t('billing.statement.from')}
          value={startDate}
          sx={{ width: { sm: 190 } }}
          onChange={(value) => {
            setStartDate(value);
            setPage(0);
          }}
        />
        <DateField
          size="small"
          label={t('billing.statement.to')}
          value={endDate}
          sx={{ width: { sm: 190 } }}
          error={isDate(startDate) && isDate(endDate) && endDate < startDate}
          helperText={isDate(startDate) && isDate(endDate) && endDate < startDate ? t('billing.statement.badRange') : undefined}
          onChange={(value) => {
            setEndDate(value);
            setPage(0);
          }}
        />
        <Tooltip title={t('table.exportCsv')}>
          <span>
            <IconButton aria-label={t('table.exportCsv')} onClick={download} disabled={!isRangeOk}>
              <FileDownloadIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Box sx={{ height: 4 }}>{statement.isFetching && <LinearProgress aria-label={t('table.loading')} />}</Box>
      <TableContainer>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell>{t('billing.statement.date')}</TableCell>
              <TableCell>{t('billing.statement.document')}</TableCell>
              <TableCell>{t('billing.statement.description')}</TableCell>
              <TableCell align="right">{t('billing.statement.debit')}</TableCell>
              <TableCell align="right">{t('billing.statement.credit')}</TableCell>
              <TableCell align="right">{t('billing.statement.balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s && (
              <TableRow>
                <TableCell colSpan={5} sx={{ fontWeight: 600 }}>
                  {t('billing.statement.opening')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="statement-opening">
                  <MoneyText value={s.openingBalance} negativeColor />
                </TableCell>
              </TableRow>
            )}
            {s?.lines.map((line) => (
              <TableRow key={line.lineId} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <DateText value={line.date} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.document ?? line.number}</TableCell>
                <TableCell>{line.description}</TableCell>
                <TableCell align="right">{!bdec(line.debit).isZero() && <MoneyText value={line.debit} />}</TableCell>
                <TableCell align="right">{!bdec(line.credit).isZero() && <MoneyText value={line.credit} />}</TableCell>
                <TableCell align="right">
                  <MoneyText value={line.balance} negativeColor />
                </TableCell>
              </TableRow>
            ))}
            {s && s.lines.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('billing.statement.empty')}
                </TableCell>
              </TableRow>
            )}
            {s && (
              <TableRow>
                <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
                  {t('billing.statement.closing')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  <MoneyText value={s.totals.debit} />
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  <MoneyText value={s.totals.credit} />
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="statement-closing">
                  <MoneyText value={s.closingBalance} negativeColor />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={s?.total ?? 0}
        page={page}
        rowsPerPage={limit}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setLimit(Number(e.target.value));
          setPage(0);
        }}
      />
    </Paper>
  );
}
