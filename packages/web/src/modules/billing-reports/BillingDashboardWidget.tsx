// The billing panel of the dashboard (GET /api/billing-reports/dashboard, privilege dashboard): four
// cards (billed and collected this month, the collection rate, what customers owe), consumption by zone
// as horizontal bars and twelve months of billed against collected as paired columns. The charts
// (BillingDashboardCharts, MUI X Charts) load on demand: this panel is on the dashboard, and the chart
// library must not join the first load.
import { lazy, type ReactNode, Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import PercentIcon from '@mui/icons-material/Percent';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SavingsIcon from '@mui/icons-material/Savings';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../app/session.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { billingReportsPrivileges as p } from './billing-reports.access.ts';
import { AGING_ROUTE, linkTo, monthTitle, ZONE_SUMMARY_ROUTE } from './billing-reports.logic.ts';
import { useBillingDashboard } from './billing-reports.queries.ts';

const BillingDashboardCharts = lazy(() => import('./BillingDashboardCharts.tsx'));

function Card({ icon, label, note, children, testId }: { icon: ReactNode; label: string; note?: string; children: ReactNode; testId: string }) {
  return (
    <Paper sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, height: '100%' }} data-testid={testId}>
      <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography variant="h6" component="p" data-testid={`${testId}-value`}>
          {children}
        </Typography>
        {note && (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {note}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

export function BillingDashboardWidget() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const dashboard = useBillingDashboard();
  const d = dashboard.data;
  if (dashboard.isPending) return <Skeleton variant="rounded" height={320} />;
  if (!d) {
    return (
      <Paper sx={{ p: 3 }}>
        <Typography sx={{ mb: 1 }}>{t('billingReports.dashboard.failed')}</Typography>
        <Button onClick={() => dashboard.refetch()}>{t('errors.tryAgain')}</Button>
      </Paper>
    );
  }
  const month = monthTitle(d.month, lang);
  const rateMonth = monthTitle(d.rateMonth, lang);
  return (
    <Box component="section" aria-labelledby="billing-dashboard-title">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Typography id="billing-dashboard-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('billingReports.dashboard.title', { month })}
        </Typography>
        {can(p.zoneSummary) && (
          <Button size="small" component={RouterLink} to={linkTo(ZONE_SUMMARY_ROUTE, { period: d.month })}>
            {t('billingReports.dashboard.openZones')}
          </Button>
        )}
        {can(p.aging) && (
          <Button size="small" component={RouterLink} to={AGING_ROUTE}>
            {t('billingReports.dashboard.openAging')}
          </Button>
        )}
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <Card icon={<ReceiptLongIcon fontSize="large" />} label={t('billingReports.dashboard.billed')} testId="billing-card-billed">
            <MoneyText value={d.billed} />
          </Card>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <Card icon={<SavingsIcon fontSize="large" />} label={t('billingReports.dashboard.collected')} testId="billing-card-collected">
            <MoneyText value={d.collected} />
          </Card>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <Card
            icon={<PercentIcon fontSize="large" />}
            label={t('billingReports.dashboard.rate')}
            note={d.collectionRate === null ? undefined : t('billingReports.dashboard.rateOf', { month: rateMonth })}
            testId="billing-card-rate"
          >
            {d.collectionRate === null
              ? t('billingReports.dashboard.noRate', { month: rateMonth })
              : `${formatMoney(d.collectionRate, lang, { decimals: 1 })} %`}
          </Card>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <Card icon={<AccountBalanceWalletIcon fontSize="large" />} label={t('billingReports.dashboard.outstanding')} testId="billing-card-outstanding">
            <MoneyText value={d.outstanding} negativeColor />
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Paper sx={{ p: 2, height: '100%' }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {d.consumptionMonth
                ? t('billingReports.dashboard.consumptionByZone', { month: monthTitle(d.consumptionMonth, lang) })
                : t('billingReports.dashboard.consumptionNone')}
            </Typography>
            <Suspense fallback={<Skeleton variant="rounded" height={200} />}>
              <BillingDashboardCharts dashboard={d} part="zones" />
            </Suspense>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Paper sx={{ p: 2, height: '100%' }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {t('billingReports.dashboard.months')}
            </Typography>
            <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
              <BillingDashboardCharts dashboard={d} part="months" />
            </Suspense>
          </Paper>
        </Grid>
      </Grid>
    </Box>
  );
}
