// auth/expired: the organisation's subscription has ended (GET /api/auth/expired). Shows the client
// name, the Somali notice that the licence time has expired (with the English one in English), how
// to pay with the short code, a contact line, the payments table for administrators only (others
// read 'Please contact the administration') and a Login button that signs out.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhoneIcon from '@mui/icons-material/Phone';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { authEndpoints } from '@ubo/contracts';
import { SubscriptionPaymentsTable } from '../../components/SubscriptionPaymentsTable.tsx';
import { api } from '../../lib/api.ts';
import { shellKeys } from '../../lib/queryKeys.ts';
import { formatDate } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { useSession } from '../session.tsx';
import { AuthShell } from './AuthShell.tsx';

export default function ExpiredPage() {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const { token, logout } = useSession();
  const info = useQuery({
    queryKey: shellKeys.expired,
    queryFn: () => api.call(authEndpoints.expired),
    enabled: token !== null,
  });

  if (!token) return <Navigate to="/auth/login" replace />;
  const data = info.data;
  const somali = i18n.getFixedT('so');

  return (
    <AuthShell title={t('auth.expired.title')} width={640}>
      {info.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {data && (
        <Stack spacing={2.5}>
          <Box>
            <Typography variant="h6" component="h2">
              {data.clientName}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('auth.expired.organisation', { code: data.clientCode })}
            </Typography>
          </Box>
          <Alert severity="error" variant="outlined">
            <Typography lang="so" sx={{ fontWeight: 500 }}>
              {somali('auth.expired.notice')}
            </Typography>
            {lang !== 'so' && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t('auth.expired.notice')}
              </Typography>
            )}
            {data.expiresOn && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t('auth.expired.expiredOn', { date: formatDate(data.expiresOn, lang, 'long') })}
              </Typography>
            )}
          </Alert>
          <Typography>
            {data.shortCode
              ? t('auth.expired.payWithShortCode', { shortCode: data.shortCode, code: data.clientCode })
              : t('auth.expired.payWithCode', { code: data.clientCode })}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <PhoneIcon fontSize="small" color="action" />
            <Typography>{data.contactPhone ? t('auth.expired.contact', { phone: data.contactPhone }) : t('auth.expired.contactNoPhone')}</Typography>
          </Stack>

          {data.isAdmin && data.payments ? (
            <Box>
              <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 500 }}>
                {t('auth.expired.payments')}
              </Typography>
              <SubscriptionPaymentsTable
                payments={data.payments}
                labels={{
                  name: t('auth.expired.paymentName'),
                  amount: t('auth.expired.paymentAmount'),
                  billDate: t('auth.expired.billDate'),
                  expireDate: t('auth.expired.expireDate'),
                }}
                emptyText={t('auth.expired.noPayments')}
              />
            </Box>
          ) : (
            <Alert severity="warning">{t('auth.expired.contactAdmin')}</Alert>
          )}
        </Stack>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <Button variant="contained" onClick={() => void logout()}>
          {t('auth.expired.login')}
        </Button>
      </Box>
    </AuthShell>
  );
}
