// /books/report: the closing report of the receipt books. Per book: its counts and its gaps (numbers nobody
// wrote below the highest written, and every unwritten number once the book is closed, lost or cancelled),
// filtered by status, collector and issue dates; exported as CSV or Excel by the server (the same file
// every other report gives). The table fits the page: the gaps column takes the room that is left and its
// ranges wrap (never cut off on screen or on paper); the other columns keep to their content.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { receiptBookStatusValues, receiptBooksEndpoints } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SelectFilter } from '../../components/SelectFilter.tsx';
import { api, downloadEndpoint } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { BookStatusChip } from './BookStatusChip.tsx';
import { useCollectors } from './receipt-books.queries.ts';

const rangeText = (r: { from: number; to: number }) => (r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`);

export default function BookGapsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const collectors = useCollectors();
  const [status, setStatus] = useState('');
  const [collectorId, setCollectorId] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const query = {
    status: (status || undefined) as (typeof receiptBookStatusValues)[number] | undefined,
    collectorId: collectorId ? Number(collectorId) : undefined,
    startDate: startDate || undefined,
    endDate: endDate || undefined,
  };
  const report = useQuery({
    queryKey: endpointKeys(receiptBooksEndpoints.gaps).list(query),
    queryFn: ({ signal }) => api.call(receiptBooksEndpoints.gaps, { query }, { signal }),
  });
  const download = (format: 'csv' | 'xlsx') =>
    downloadEndpoint(receiptBooksEndpoints.gapsExport, { query: { ...query, format } }, `receipt-books-gaps.${format}`);

  return (
    <>
      <PageHeader
        title={t('books.gaps.title')}
        subtitle={t('books.gaps.subtitle')}
        actions={
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download('csv')}>
              CSV
            </Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download('xlsx')}>
              Excel
            </Button>
          </Stack>
        }
      />
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Box sx={{ width: 200 }}>
            <SelectFilter
              label={t('books.field.status')}
              value={status}
              onChange={setStatus}
              options={receiptBookStatusValues.map((s) => ({ value: s, label: t(`books.status.${s}`) }))}
            />
          </Box>
          <Box sx={{ width: 200 }}>
            <SelectFilter
              label={t('books.list.collector')}
              value={collectorId}
              onChange={setCollectorId}
              minWidth={200}
              options={(collectors.data?.data ?? []).map((u) => ({ value: String(u.id), label: u.fullname }))}
            />
          </Box>
          <Box sx={{ width: 200 }}>
            <TextField
              size="small"
              type="date"
              label={t('books.gaps.from')}
              value={startDate}
              onChange={(e) => setStartDate(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <Box sx={{ width: 200 }}>
            <TextField
              size="small"
              type="date"
              label={t('books.gaps.to')}
              value={endDate}
              onChange={(e) => setEndDate(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
        </Stack>
        {report.isError && <Alert severity="error">{report.error.message}</Alert>}
        {report.isPending && <Skeleton variant="rounded" height={160} />}
        {report.data && (
          <>
            <Typography sx={{ mb: 1, fontWeight: 500 }} data-testid="gaps-total">
              {t('books.gaps.total', { n: report.data.totalGaps })}
            </Typography>
            <TableContainer sx={{ '@media print': { overflow: 'visible' } }}>
              <Table
                size="small"
                aria-label={t('books.gaps.title')}
                sx={{
                  '& th': { whiteSpace: 'normal', verticalAlign: 'bottom', lineHeight: 1.3 },
                  '& td': { verticalAlign: 'top' },
                  '& td:not(:last-of-type)': { whiteSpace: 'nowrap' },
                  '& td:last-of-type': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
                  '@media print': { '& th, & td': { px: 0.75, fontSize: '0.75rem' } },
                }}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t('books.field.series')}</TableCell>
                    <TableCell>{t('books.field.numbers')}</TableCell>
                    <TableCell>{t('books.field.collector')}</TableCell>
                    <TableCell>{t('books.field.issueDate')}</TableCell>
                    <TableCell>{t('books.field.status')}</TableCell>
                    <TableCell align="right">{t('books.field.used')}</TableCell>
                    <TableCell align="right">{t('books.field.voided')}</TableCell>
                    <TableCell align="right">{t('books.field.unused')}</TableCell>
                    <TableCell align="right">{t('books.gaps.count')}</TableCell>
                    <TableCell sx={{ minWidth: 140 }}>{t('books.gaps.gaps')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.data.rows.map((r) => (
                    <TableRow key={r.bookId} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`/books/${r.bookId}`)}>
                      <TableCell>{r.series}</TableCell>
                      <TableCell>
                        {r.firstNumber}–{r.lastNumber}
                      </TableCell>
                      <TableCell>{r.collector}</TableCell>
                      <TableCell>
                        <DateText value={r.issueDate} />
                      </TableCell>
                      <TableCell>
                        <BookStatusChip status={r.status} />
                      </TableCell>
                      <TableCell align="right">{r.usedCount}</TableCell>
                      <TableCell align="right">{r.voidedCount}</TableCell>
                      <TableCell align="right">{r.unusedCount}</TableCell>
                      <TableCell align="right">{r.gapCount}</TableCell>
                      <TableCell data-testid={`gaps-${r.series}-${r.firstNumber}`}>
                        {r.gaps.length === 0 ? (
                          t('books.gaps.none')
                        ) : (
                          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, rowGap: 0.25 }}>
                            {r.gaps.map((g, i) => (
                              <Box component="span" key={g.from} sx={{ whiteSpace: 'nowrap' }}>
                                {rangeText(g)}
                                {i < r.gaps.length - 1 ? ',' : ''}
                              </Box>
                            ))}
                          </Box>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </Paper>
    </>
  );
}
