// Readings from a CSV file (POST /api/elc/reads/import): the file is checked first (nothing written)
// and every row is listed with its outcome and its errors; "Import" then saves the valid rows
// (commit=true). A refusal of the file itself (no rows, a missing column) shows under the file.
import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import type { ReadingImportResult } from '@ubo/contracts';
import { ApiError, toast } from '../../lib/api.ts';
import { useMessage } from '../../lib/messages.ts';
import { FlagChips } from './BillingParts.tsx';
import { useImportReadings } from './billing-runs.queries.ts';

const COLUMNS = ['meterNumber', 'period', 'reading', 'date', 'type', 'confirmed', 'note', 'file'] as const;

export function ReadingImport() {
  const { t } = useTranslation();
  const message = useMessage();
  const inputId = useId();
  const importer = useImportReadings();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ReadingImportResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const columnName = (field: string) => ((COLUMNS as readonly string[]).includes(field) ? t(`billingRuns.readings.import.column.${field}`) : field);

  const run = async (commit: boolean) => {
    if (!file) return;
    setFileError(null);
    try {
      const answer = await importer.mutateAsync({ file, commit });
      setResult(answer);
      if (answer.committed) toast(t('billingRuns.readings.import.committed', { count: answer.saved }), 'success');
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      setResult(null);
      setFileError(err.details[0] ? message(err.details[0].message) : err.message);
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('billingRuns.readings.import.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('billingRuns.readings.import.help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />}>
          {t('billingRuns.readings.import.choose')}
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-label={t('billingRuns.readings.import.file')}
            hidden
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
              setFileError(null);
            }}
          />
        </Button>
        <Typography sx={{ flexGrow: 1 }} data-testid="import-file-name">
          {file?.name ?? ''}
        </Typography>
        <Button variant="contained" startIcon={<FactCheckIcon />} disabled={!file || importer.isPending} onClick={() => void run(false)}>
          {t('billingRuns.readings.import.check')}
        </Button>
        {result && !result.committed && result.valid > 0 && (
          <Button variant="contained" color="success" disabled={importer.isPending} onClick={() => void run(true)}>
            {t('billingRuns.readings.import.commit', { count: result.valid })}
          </Button>
        )}
      </Stack>
      {fileError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {fileError}
        </Alert>
      )}
      {result && (
        <>
          <Alert severity={result.invalid > 0 ? 'warning' : 'success'} sx={{ mb: 2 }} role="status">
            {t('billingRuns.readings.import.result', result)}
          </Alert>
          <TableContainer sx={{ maxHeight: '60vh' }}>
            <Table size="small" stickyHeader aria-label={t('billingRuns.readings.import.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('billingRuns.readings.import.line')}</TableCell>
                  <TableCell>{t('billingRuns.meter')}</TableCell>
                  <TableCell>{t('billingRuns.period')}</TableCell>
                  <TableCell align="right">{t('billingRuns.previousReading')}</TableCell>
                  <TableCell align="right">{t('billingRuns.currentReading')}</TableCell>
                  <TableCell align="right">{t('billingRuns.consumption')}</TableCell>
                  <TableCell>{t('billingRuns.readings.import.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.rows.map((r) => (
                  <TableRow key={r.line} sx={{ bgcolor: r.ok ? undefined : 'rgba(211, 47, 47, 0.06)' }} data-line={r.line}>
                    <TableCell>{r.line}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{r.meterNumber}</TableCell>
                    <TableCell>{r.period}</TableCell>
                    <TableCell align="right">{r.previousReading ?? ''}</TableCell>
                    <TableCell align="right">{r.currentReading ?? ''}</TableCell>
                    <TableCell align="right">{r.consumption ?? ''}</TableCell>
                    <TableCell>
                      <Stack spacing={0.5}>
                        <Stack direction="row" spacing={0.5}>
                          {r.ok && (
                            <Chip
                              size="small"
                              color="success"
                              variant={r.saved ? 'filled' : 'outlined'}
                              label={t(r.saved ? 'billingRuns.readings.import.savedRow' : 'billingRuns.readings.import.ok')}
                            />
                          )}
                          <FlagChips flags={r.flags} />
                        </Stack>
                        {r.errors.map((e) => (
                          <Box key={`${e.field}:${e.message}`} component="span" sx={{ color: 'error.main', fontSize: '0.8125rem' }}>
                            {columnName(e.field)}: {e.message}
                          </Box>
                        ))}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Paper>
  );
}
