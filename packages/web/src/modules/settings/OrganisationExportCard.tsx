// The organisation's data export on the company profile (privilege export-organisation-data): start one
// (a background job on the server), follow the latest exports' state while they run, and download a
// finished one (a ZIP of every table as CSV with a README; the stored files when asked for, and the
// documents drawn as PDFs when asked for: bills per period, sales and purchase documents, payslips).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type OrganisationExportJob, organisationExportEndpoints as api } from '@ubo/contracts';
import { callEndpoint, downloadEndpoint, toast } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';

const POLL_MS = 1000;
const isActive = (j: OrganisationExportJob) => j.status === 'queued' || j.status === 'running';
const size = (bytes: number) => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export function OrganisationExportCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const [includeFiles, setIncludeFiles] = useState(false);
  const [includeDocuments, setIncludeDocuments] = useState(false);
  const listKey = endpointKeys(api.list).list({});
  const exports = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => callEndpoint(api.list, undefined, { signal }),
    refetchInterval: (query) => (query.state.data?.data.some(isActive) ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: () => callEndpoint(api.start, { body: { includeFiles, includeDocuments } }),
    onSuccess: async () => {
      toast(t('settings.export.started'), 'info');
      await client.invalidateQueries({ queryKey: listKey });
    },
  });
  const jobs = exports.data?.data ?? [];
  const running = jobs.some(isActive);

  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="export-title">
      <Typography id="export-title" variant="h6" component="h2">
        {t('settings.export.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('settings.export.help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <FormControlLabel
          control={<Checkbox checked={includeFiles} onChange={(e) => setIncludeFiles(e.target.checked)} />}
          label={t('settings.export.includeFiles')}
        />
        <FormControlLabel
          control={<Checkbox checked={includeDocuments} onChange={(e) => setIncludeDocuments(e.target.checked)} />}
          label={t('settings.export.includeDocuments')}
        />
        <Button
          variant="contained"
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          onClick={() => start.mutate()}
          disabled={start.isPending || running}
          data-testid="export-start"
        >
          {t('settings.export.start')}
        </Button>
      </Stack>
      {exports.isError && <Alert severity="error">{t('settings.export.loadFailed')}</Alert>}
      {jobs.length === 0 && exports.isSuccess && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('settings.export.none')}
        </Typography>
      )}
      {jobs.length > 0 && (
        <Table size="small" aria-label={t('settings.export.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('settings.export.startedAt')}</TableCell>
              <TableCell>{t('settings.export.status')}</TableCell>
              <TableCell>{t('settings.export.contents')}</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {jobs.map((job) => (
              <TableRow key={job.jobId} data-testid="export-row">
                <TableCell>{formatDateTime(job.createdAt, lang)}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  <Chip
                    size="small"
                    color={job.status === 'done' ? 'success' : job.status === 'failed' ? 'error' : 'default'}
                    label={t(`settings.export.state.${job.status}`)}
                  />
                  {isActive(job) && job.total > 0 && (
                    <LinearProgress variant="determinate" value={(100 * job.processed) / job.total} sx={{ mt: 1 }} aria-label={t('settings.export.status')} />
                  )}
                  {job.error && (
                    <Typography variant="caption" component="div" sx={{ color: 'error.main', mt: 0.5 }}>
                      {job.error}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {job.status === 'done' && job.tables !== null && job.rows !== null && job.size !== null
                    ? t('settings.export.summary', { tables: job.tables, rows: job.rows, size: size(job.size) })
                    : ''}
                  {job.includeFiles ? ` ${t('settings.export.withFiles')}` : ''}
                  {job.includeDocuments ? ` ${t('settings.export.withDocuments')}` : ''}
                </TableCell>
                <TableCell align="right">
                  {job.status === 'done' && job.fileName && (
                    <Button
                      size="small"
                      onClick={() => {
                        void downloadEndpoint(api.download, { params: { id: job.jobId } }, job.fileName ?? 'export.zip');
                      }}
                    >
                      {t('settings.export.download')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
