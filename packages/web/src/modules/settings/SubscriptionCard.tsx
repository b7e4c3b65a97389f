// The organisation's subscription, read-only: the expiry date, the days left (or since it ended) and
// the payments the provider recorded (GET elc/settings/subscription). Renewal happens at the provider,
// whose currency is not recorded, so amounts show without a symbol (as on the expired screen).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SubscriptionInfo } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { SubscriptionPaymentsTable } from '../../components/SubscriptionPaymentsTable.tsx';
import { useSubscriptionQuery } from './settings.queries.ts';

/** Days left within which the chip warns. */
const WARN_DAYS = 30;

function DaysChip({ info }: { info: SubscriptionInfo }) {
  const { t } = useTranslation();
  const days = info.daysLeft;
  if (days === null) return <Chip size="small" color="success" label={t('settings.subscription.noExpiry')} />;
  if (info.isExpired || days < 0) {
    return <Chip size="small" color="error" label={t('settings.subscription.expiredAgo', { count: Math.abs(days) })} />;
  }
  if (days === 0) return <Chip size="small" color="warning" label={t('settings.subscription.expiresToday')} />;
  return <Chip size="small" color={days <= WARN_DAYS ? 'warning' : 'success'} label={t('settings.subscription.daysLeft', { count: days })} />;
}

export function SubscriptionCard() {
  const { t } = useTranslation();
  const subscription = useSubscriptionQuery();
  const info = subscription.data;

  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="subscription-title">
      <Typography id="subscription-title" variant="h6" component="h2">
        {t('settings.subscription.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('settings.subscription.readOnly')}
      </Typography>
      {subscription.isPending && <Skeleton variant="rounded" height={96} />}
      {subscription.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => subscription.refetch()}>
              {t('errors.tryAgain')}
            </Button>
          }
        >
          {t('settings.subscription.loadFailed')}
        </Alert>
      )}
      {info && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 5 }} sx={{ mb: 2.5 }}>
            <Box>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('settings.subscription.expiresOn')}
              </Typography>
              <Typography sx={{ fontWeight: 500 }}>
                {info.expiresOn ? <DateText value={info.expiresOn} dateStyle="long" /> : t('settings.subscription.noExpiry')}
              </Typography>
            </Box>
            <Box>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.25 }}>
                {t('settings.subscription.status')}
              </Typography>
              <DaysChip info={info} />
            </Box>
          </Stack>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('settings.subscription.payments')}
          </Typography>
          {info.payments.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('settings.subscription.noPayments')}
            </Typography>
          ) : (
            <SubscriptionPaymentsTable
              payments={info.payments}
              labels={{
                name: t('settings.subscription.paymentName'),
                amount: t('settings.subscription.amount'),
                billDate: t('settings.subscription.billDate'),
                expireDate: t('settings.subscription.expireDate'),
              }}
            />
          )}
        </>
      )}
    </Paper>
  );
}
