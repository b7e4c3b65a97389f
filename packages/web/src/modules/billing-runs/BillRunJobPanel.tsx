// A bill run saving on the server, or a run being cancelled (GET /api/bills/jobs/:id, polled every second
// while queued or running): a progress bar of the bills written (cancelled), then the outcome, with a
// link to the bills of the run, or the reason it failed. The job does not depend on this page: leaving
// it and coming back shows the same job again.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BillRunJob } from '@ubo/contracts';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { usePeriodText } from './BillingParts.tsx';
import { isJobActive, jobPercent } from './billing-runs.logic.ts';
import { useRunJob } from './billing-runs.queries.ts';

export function BillRunJobPanel({ jobId, zoneName }: { jobId: number; zoneName: (zoneId: number | null) => string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const periodText = usePeriodText();
  const query = useRunJob(jobId);
  const job: BillRunJob | undefined = query.data;
  if (!job) return <LinearProgress aria-label={t('billingRuns.run.job.progress')} sx={{ my: 2 }} />;
  const percent = jobPercent(job);
  const isActive = isJobActive(job.status);
  const isCancel = job.kind === 'cancel';
  const progressLabel = t(isCancel ? 'billingRuns.run.job.cancelProgress' : 'billingRuns.run.job.progress');
  const billsLink = `/customers/bills?period=${job.period}${job.zoneId ? `&zoneId=${job.zoneId}` : ''}`;
  return (
    <Paper sx={{ p: 2 }} role="region" aria-label={t('billingRuns.run.job.title')} data-testid="run-job" data-kind={job.kind} data-status={job.status}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {isCancel
          ? t('billingRuns.run.job.cancelOf', { id: job.runId ?? '', period: periodText(job.period), zone: zoneName(job.zoneId) })
          : t('billingRuns.run.job.runOf', { period: periodText(job.period), zone: zoneName(job.zoneId) })}
      </Typography>
      <Box sx={{ my: 1.5 }}>
        <LinearProgress
          variant={percent === null ? 'indeterminate' : 'determinate'}
          value={percent ?? undefined}
          color={job.status === 'failed' ? 'error' : job.status === 'done' ? 'success' : 'primary'}
          aria-label={progressLabel}
          sx={{ height: 10, borderRadius: 5 }}
        />
      </Box>
      {job.status === 'queued' && <Typography role="status">{t('billingRuns.run.job.queued')}</Typography>}
      {job.status === 'running' && (
        <Typography role="status">
          {job.total > 0
            ? t(isCancel ? 'billingRuns.run.job.cancelRunning' : 'billingRuns.run.job.running', { processed: job.processed, total: job.total })
            : t(isCancel ? 'billingRuns.run.job.cancelPreparing' : 'billingRuns.run.job.preparing')}
        </Typography>
      )}
      {isActive && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t(isCancel ? 'billingRuns.run.job.cancelKeepsRunning' : 'billingRuns.run.job.keepsRunning')}
        </Typography>
      )}
      {job.status === 'done' && (
        <Alert
          severity="success"
          role="status"
          action={
            isCancel ? undefined : (
              <Button component={RouterLink} to={billsLink} color="inherit" size="small" startIcon={<ReceiptLongIcon />}>
                {t('billingRuns.run.job.openBills')}
              </Button>
            )
          }
        >
          {isCancel
            ? t('billingRuns.run.job.cancelDone', { id: job.runId ?? '', count: job.billCount ?? 0, amount: formatMoney(job.amount ?? '0', lang) })
            : t('billingRuns.run.job.done', { count: job.billCount ?? 0, amount: formatMoney(job.amount ?? '0', lang) })}
        </Alert>
      )}
      {job.status === 'failed' && (
        <Alert severity="error" role="alert">
          {t(isCancel ? 'billingRuns.run.job.cancelFailed' : 'billingRuns.run.job.failed', { error: job.error ?? '' })}
        </Alert>
      )}
    </Paper>
  );
}
