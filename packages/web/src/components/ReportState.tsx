// Loading, failed and empty states of a report; the report itself once its data is there. A report
// being refreshed stays on screen (the frame shows a progress bar).
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface ReportStateProps {
  query: { isPending: boolean; isError: boolean; data?: unknown; refetch: () => unknown };
  isEmpty?: boolean;
  emptyText: string;
  children: ReactNode;
}

export function ReportState({ query, isEmpty, emptyText, children }: ReportStateProps) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton variant="rounded" height={280} />;
  if (query.isError && !query.data) {
    return (
      <Paper sx={{ p: 6, textAlign: 'center' }}>
        <Typography sx={{ mb: 1 }}>{t('finance.report.failed')}</Typography>
        <Button onClick={() => query.refetch()}>{t('errors.tryAgain')}</Button>
      </Paper>
    );
  }
  if (isEmpty) {
    return (
      <Paper sx={{ p: 6, textAlign: 'center', color: 'text.secondary' }}>
        <Typography>{emptyText}</Typography>
      </Paper>
    );
  }
  return <>{children}</>;
}
