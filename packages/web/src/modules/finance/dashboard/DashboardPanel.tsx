// The frame of a finance dashboard panel: a titled card with an optional caption and link to the full
// report, a skeleton while loading and a retry when the figures could not be read.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function DashboardPanel<T>({
  id,
  title,
  caption,
  link,
  query,
  height = 220,
  children,
}: {
  id: string;
  title: string;
  caption?: string;
  link?: { to: string; label: string } | null;
  query: UseQueryResult<T>;
  height?: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2, height: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Box>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {caption && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {caption}
            </Typography>
          )}
        </Box>
        {link && (
          <Button component={RouterLink} to={link.to} size="small">
            {link.label}
          </Button>
        )}
      </Stack>
      {query.isPending && <Skeleton variant="rounded" height={height} />}
      {query.isError && (
        <Box sx={{ py: 3 }}>
          <Typography sx={{ mb: 1 }}>{t('finance.dashboard.failed')}</Typography>
          <Button onClick={() => query.refetch()}>{t('errors.tryAgain')}</Button>
        </Box>
      )}
      {query.data !== undefined && children(query.data)}
    </Paper>
  );
}
