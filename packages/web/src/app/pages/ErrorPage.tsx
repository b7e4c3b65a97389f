// The error screens of spec section 2: 401 (unauthorized, access denied), 403 (not authorized for
// this page), 404 (illustration and Back to Dashboard; also every other path under error) and 500.
// Also the router's error element: a page that fails to render shows the 500 screen, never a stack.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import BlockIcon from '@mui/icons-material/Block';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Link as RouterLink, useRouteError } from 'react-router';
import { NotFoundIllustration } from './NotFoundIllustration.tsx';

export type ErrorCode = 401 | 403 | 404 | 500;

const icons = { 401: LockIcon, 403: BlockIcon, 500: ReportProblemIcon } as const;

export function ErrorPage({ code }: { code: ErrorCode }) {
  const { t } = useTranslation();
  const Icon = code === 404 ? null : icons[code];
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, width: '100%', textAlign: 'center' }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          {Icon ? (
            <>
              <Icon color="primary" sx={{ fontSize: 56 }} />
              <Typography variant="h2" component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
                {code}
              </Typography>
            </>
          ) : (
            <NotFoundIllustration />
          )}
          <Typography variant="h5" component="h1">
            {t(`errors.${code}.title`)}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t(`errors.${code}.text`)}</Typography>
          <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
            {code === 500 && (
              <Button variant="outlined" onClick={() => window.location.reload()}>
                {t('errors.tryAgain')}
              </Button>
            )}
            <Button variant="contained" component={RouterLink} to="/dashboard">
              {t('errors.backToDashboard')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}

/** The router's error element: a screen that crashed shows the 500 page. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorPage code={500} />;
}
