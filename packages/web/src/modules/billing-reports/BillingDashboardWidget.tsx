// The billing panel of the dashboard (GET /api/billing-reports/dashboard, privilege dashboard): four
// cards (billed and collected this month, the collection rate, what customers owe), consumption by zone
// as horizontal bars and twelve months of billed against collected as paired columns. The charts are
// plain SVG (no chart library in the app): bar lengths are exact decimal ratios turned into pixels last,
// every bar has a title and the charts a text alternative.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import PercentIcon from '@mui/icons-material/Percent';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SavingsIcon from '@mui/icons-material/Savings';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type BillingDashboard, plainDecimal } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { billingReportsPrivileges as p } from './billing-reports.access.ts';
import { AGING_ROUTE, barLength, linkTo, monthLabel, monthTitle, niceMax, ZONE_SUMMARY_ROUTE } from './billing-reports.logic.ts';
import { useBillingDashboard } from './billing-reports.queries.ts';

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
            {d.collectionRate === null ? t('billingReports.dashboard.noRate', { month: rateMonth }) : `${formatMoney(d.collectionRate, lang, { decimals: 1 })} %`}
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
            <ZoneBars dashboard={d} />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Paper sx={{ p: 2, height: '100%' }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {t('billingReports.dashboard.months')}
            </Typography>
            <MonthColumns dashboard={d} />
          </Paper>
        </Grid>
      </Grid>
    </Box>
  );
}

const ROW = 28;
const LABEL_W = 120;
const VALUE_W = 90;

/** One horizontal bar per zone, length by consumption. */
function ZoneBars({ dashboard }: { dashboard: BillingDashboard }) {
  const { t } = useTranslation();
  const lang = useLang();
  const theme = useTheme();
  const zones = dashboard.consumptionByZone;
  if (zones.length === 0) {
    return <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>{t('billingReports.dashboard.noConsumption')}</Typography>;
  }
  const width = 480;
  const barSpace = width - LABEL_W - VALUE_W;
  const max = niceMax(zones.map((z) => z.consumption));
  const height = zones.length * ROW + 8;
  const units = (v: string) => formatMoney(plainDecimal(v), lang, { decimals: 0 });
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={zones.map((z) => t('billingReports.dashboard.zoneBar', { zone: z.name, units: units(z.consumption), billed: formatMoney(z.billed, lang) })).join('; ')}
      data-testid="billing-zone-bars"
      sx={{ width: '100%', height: 'auto', display: 'block', fontFamily: theme.typography.fontFamily }}
    >
      {zones.map((z, i) => {
        const y = i * ROW + 4;
        const len = barLength(z.consumption, max, barSpace);
        return (
          <g key={z.zoneId}>
            <title>{t('billingReports.dashboard.zoneBar', { zone: z.name, units: units(z.consumption), billed: formatMoney(z.billed, lang) })}</title>
            <text x={LABEL_W - 8} y={y + ROW / 2} textAnchor="end" dominantBaseline="middle" fontSize="12" fill={theme.palette.text.primary}>
              {z.name.length > 16 ? `${z.name.slice(0, 15)}…` : z.name}
            </text>
            <rect x={LABEL_W} y={y + 4} width={barSpace} height={ROW - 10} rx="3" fill={theme.palette.action.hover} />
            <rect x={LABEL_W} y={y + 4} width={len} height={ROW - 10} rx="3" fill={theme.palette.primary.main} />
            <text x={LABEL_W + barSpace + 6} y={y + ROW / 2} dominantBaseline="middle" fontSize="12" fill={theme.palette.text.secondary}>
              {units(z.consumption)}
            </text>
          </g>
        );
      })}
    </Box>
  );
}

/** Twelve months of billed and collected side by side, with gridlines at round amounts. */
function MonthColumns({ dashboard }: { dashboard: BillingDashboard }) {
  const { t } = useTranslation();
  const lang = useLang();
  const theme = useTheme();
  const months = dashboard.months;
  const width = 640;
  const height = 220;
  const left = 64;
  const bottom = 24;
  const top = 8;
  const plot = height - bottom - top;
  const max = niceMax(months.flatMap((m) => [m.billed, m.collected]));
  const slot = (width - left) / months.length;
  const bar = Math.max(4, slot / 2 - 4);
  const colours = { billed: theme.palette.primary.main, collected: theme.palette.success.main };
  const grid = [0, 0.25, 0.5, 0.75, 1].map((f) => max.times(f));
  const describe = (m: (typeof months)[number]) =>
    t('billingReports.dashboard.monthBar', { month: monthLabel(m.month, lang), billed: formatMoney(m.billed, lang), collected: formatMoney(m.collected, lang) });
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mb: 1 }} aria-hidden>
        {(['billed', 'collected'] as const).map((k) => (
          <Stack key={k} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colours[k] }} />
            <Typography variant="caption">{t(`billingReports.dashboard.${k}Legend`)}</Typography>
          </Stack>
        ))}
      </Stack>
      <Box
        component="svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={months.map(describe).join('; ')}
        data-testid="billing-month-columns"
        sx={{ width: '100%', height: 'auto', display: 'block', fontFamily: theme.typography.fontFamily }}
      >
        {grid.map((g) => {
          const y = top + plot - barLength(g, max, plot);
          return (
            <g key={g.toString()}>
              <line x1={left} x2={width} y1={y} y2={y} stroke={theme.palette.divider} />
              <text x={left - 6} y={y} textAnchor="end" dominantBaseline="middle" fontSize="11" fill={theme.palette.text.secondary}>
                {formatMoney(g, lang, { decimals: 0 })}
              </text>
            </g>
          );
        })}
        {months.map((m, i) => {
          const x = left + i * slot + (slot - 2 * bar - 2) / 2;
          const billed = barLength(m.billed, max, plot);
          const collected = barLength(m.collected, max, plot);
          return (
            <g key={m.month}>
              <title>{describe(m)}</title>
              <rect x={x} y={top + plot - billed} width={bar} height={billed} fill={colours.billed} rx="2" />
              <rect x={x + bar + 2} y={top + plot - collected} width={bar} height={collected} fill={colours.collected} rx="2" />
              <text x={left + i * slot + slot / 2} y={height - 6} textAnchor="middle" fontSize="11" fill={theme.palette.text.secondary}>
                {monthLabel(m.month, lang)}
              </text>
            </g>
          );
        })}
      </Box>
    </>
  );
}
