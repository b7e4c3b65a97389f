// The house page's history (GET /api/elc/houses/transaction, the spec's elc/houses/transaction): between
// two dates, its readings, bills (and cancellations), the payments allocated to its bills, meter changes
// and disconnections, with what its bills leave unpaid; downloadable as CSV or Excel like other reports.
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { billingReportsEndpoints } from '@ubo/contracts';
import { DateField } from '../../components/DateField.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { api, downloadEndpoint } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

export function HouseHistory({ houseId }: { houseId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const today = todayIso();
  const [startDate, setStartDate] = useState(`${today.slice(0, 4)}-01-01`);
  const [endDate, setEndDate] = useState(today);
  const isRangeOk = isDate(startDate) && isDate(endDate) && startDate <= endDate;
  const query = { houseId, startDate, endDate };
  const history = useQuery({
    queryKey: endpointKeys(billingReportsEndpoints.houseTransaction).list(query),
    queryFn: ({ signal }) => api.call(billingReportsEndpoints.houseTransaction, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled: isRangeOk,
  });
  const h = history.data;
  const download = (format: 'csv' | 'xlsx') =>
    downloadEndpoint(billingReportsEndpoints.houseTransactionExport, { query: { ...query, format } }, `house-${houseId}-${startDate}-${endDate}.${format}`);

  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ overflow: 'hidden' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { sm: 'center' } }}>
        <Typography id={titleId} variant="h6" component="h3" sx={{ flexGrow: 1, whiteSpace: { sm: 'nowrap' } }}>
          {t('billing.houseHistory.title')}
        </Typography>
        <DateField size="small" label={t('billing.statement.from')} value={startDate} sx={{ width: { sm: 190 } }} onChange={setStartDate} />
        <DateField
          size="small"
          label={t('billing.statement.to')}
          value={endDate}
          sx={{ width: { sm: 190 } }}
          error={isDate(startDate) && isDate(endDate) && endDate < startDate}
          helperText={isDate(startDate) && isDate(endDate) && endDate < startDate ? t('billing.statement.badRange') : undefined}
          onChange={setEndDate}
        />
        <Button size="small" startIcon={<FileDownloadIcon />} onClick={() => download('csv')} disabled={!isRangeOk}>
          CSV
        </Button>
        <Button size="small" startIcon={<FileDownloadIcon />} onClick={() => download('xlsx')} disabled={!isRangeOk}>
          Excel
        </Button>
      </Stack>
      <Box sx={{ height: 4 }}>{history.isFetching && <LinearProgress aria-label={t('table.loading')} />}</Box>
      <TableContainer>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell>{t('billing.statement.date')}</TableCell>
              <TableCell>{t('billing.houseHistory.kind')}</TableCell>
              <TableCell>{t('billing.statement.document')}</TableCell>
              <TableCell>{t('billing.statement.description')}</TableCell>
              <TableCell align="right">{t('billing.houseHistory.units')}</TableCell>
              <TableCell align="right">{t('billing.statement.debit')}</TableCell>
              <TableCell align="right">{t('billing.statement.credit')}</TableCell>
              <TableCell align="right">{t('billing.statement.balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {h && (
              <TableRow>
                <TableCell colSpan={7} sx={{ fontWeight: 600 }}>
                  {t('billing.statement.opening')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  <MoneyText value={h.openingBalance} negativeColor />
                </TableCell>
              </TableRow>
            )}
            {h?.events.map((e, i) => (
              <TableRow key={`${i}-${e.kind}-${e.date}`} hover data-testid="house-event">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <DateText value={e.date} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`billing.houseHistory.kinds.${e.kind}`)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.document ?? ''}</TableCell>
                <TableCell>{e.description}</TableCell>
                <TableCell align="right">{e.consumption ?? ''}</TableCell>
                <TableCell align="right">{e.charge && <MoneyText value={e.charge} />}</TableCell>
                <TableCell align="right">{e.paid && <MoneyText value={e.paid} />}</TableCell>
                <TableCell align="right">
                  <MoneyText value={e.balance} negativeColor />
                </TableCell>
              </TableRow>
            ))}
            {h && h.events.length === 0 && (
              <TableRow>
                <TableCell colSpan={8} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('billing.statement.empty')}
                </TableCell>
              </TableRow>
            )}
            {h && (
              <TableRow>
                <TableCell colSpan={4} sx={{ fontWeight: 600 }}>
                  {t('billing.statement.closing')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {h.totals.consumption}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  <MoneyText value={h.totals.charge} />
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  <MoneyText value={h.totals.paid} />
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  <MoneyText value={h.closingBalance} negativeColor />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
