// The billing panel's two charts (MUI X Charts): consumption by zone as horizontal bars and twelve
// months of billed against collected as paired columns, in the theme's colours, each with a legend, a
// tooltip with the exact figures and a text alternative. BillingDashboardWidget loads this file on
// demand, so the chart library never joins the sign-in page or the shell.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { type BillingDashboard, plainDecimal } from '@ubo/contracts';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { monthLabel, monthTitle } from './billing-reports.logic.ts';

/** An axis number in the user's language: whole numbers without decimals, fractions with two. */
const axisNumber = (value: number, lang: ReturnType<typeof useLang>) => formatMoney(value, lang, { decimals: Number.isInteger(value) ? 0 : 2 });

/** Zone names longer than this are cut on the axis (the tooltip has the whole name). */
const ZONE_LABEL = 16;

/** One horizontal bar per zone, length by consumption. */
function ZoneBars({ dashboard }: { dashboard: BillingDashboard }) {
  const { t } = useTranslation();
  const lang = useLang();
  const theme = useTheme();
  const zones = dashboard.consumptionByZone;
  if (zones.length === 0) {
    return <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>{t('billingReports.dashboard.noConsumption')}</Typography>;
  }
  const units = (v: string) => formatMoney(plainDecimal(v), lang, { decimals: 0 });
  const describe = (z: (typeof zones)[number]) =>
    t('billingReports.dashboard.zoneBar', { zone: z.name, units: units(z.consumption), billed: formatMoney(z.billed, lang) });
  return (
    <Box role="figure" aria-label={zones.map(describe).join('; ')} data-testid="billing-zone-bars">
      <BarChart
        layout="horizontal"
        height={Math.max(160, zones.length * 36 + 90)}
        series={[
          {
            id: 'consumption',
            label: t('billingReports.dashboard.consumptionLegend'),
            color: theme.palette.primary.main,
            data: zones.map((z) => Math.max(0, Number(z.consumption))),
            valueFormatter: (_v, { dataIndex }) =>
              t('billingReports.dashboard.zoneTooltip', { units: units(zones[dataIndex].consumption), billed: formatMoney(zones[dataIndex].billed, lang) }),
          },
        ]}
        yAxis={[
          {
            scaleType: 'band',
            data: zones.map((z) => z.name),
            width: 'auto',
            valueFormatter: (name: string, context) => (context.location === 'tick' && name.length > ZONE_LABEL ? `${name.slice(0, ZONE_LABEL - 1)}…` : name),
          },
        ]}
        xAxis={[{ valueFormatter: (v: number) => axisNumber(v, lang) }]}
        grid={{ vertical: true }}
        borderRadius={3}
        slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } }, tooltip: { trigger: 'item' } }}
      />
    </Box>
  );
}

/** Twelve months of billed and collected side by side, with gridlines at round amounts. */
function MonthColumns({ dashboard }: { dashboard: BillingDashboard }) {
  const { t } = useTranslation();
  const lang = useLang();
  const theme = useTheme();
  const months = dashboard.months;
  // Not the primary colour: with the green sidebar colour it would match collected's green.
  const colours = { billed: theme.palette.info.main, collected: theme.palette.success.main };
  const describe = (m: (typeof months)[number]) =>
    t('billingReports.dashboard.monthBar', {
      month: monthLabel(m.month, lang),
      billed: formatMoney(m.billed, lang),
      collected: formatMoney(m.collected, lang),
    });
  // Heights are numbers (drawing only); the tooltip shows the API's decimal strings.
  const series = (['billed', 'collected'] as const).map((key) => ({
    id: key,
    label: t(`billingReports.dashboard.${key}Legend`),
    color: colours[key],
    data: months.map((m) => Math.max(0, Number(m[key]))),
    valueFormatter: (_v: number | null, { dataIndex }: { dataIndex: number }) => formatMoney(months[dataIndex][key], lang),
  }));
  return (
    <Box role="figure" aria-label={months.map(describe).join('; ')} data-testid="billing-month-columns">
      <BarChart
        height={260}
        series={series}
        xAxis={[
          {
            scaleType: 'band',
            data: months.map((m) => m.month),
            valueFormatter: (month: string, context) => (context.location === 'tick' ? monthLabel(month, lang) : monthTitle(month, lang)),
            // Twelve month labels fit side by side at laptop width; narrower, the library drops every other.
            tickLabelStyle: { fontSize: 11 },
            tickLabelMinGap: 2,
          },
        ]}
        // Nothing billed or collected yet: a 0-1 scale rather than a flat line.
        yAxis={[
          { width: 'auto', min: 0, max: series.every((s) => s.data.every((v) => v === 0)) ? 1 : undefined, valueFormatter: (v: number) => axisNumber(v, lang) },
        ]}
        grid={{ horizontal: true }}
        borderRadius={2}
        slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } }, tooltip: { trigger: 'axis' } }}
      />
    </Box>
  );
}

/** Both charts; the widget places each in its own card. */
export default function BillingDashboardCharts({ dashboard, part }: { dashboard: BillingDashboard; part: 'zones' | 'months' }) {
  return part === 'zones' ? <ZoneBars dashboard={dashboard} /> : <MonthColumns dashboard={dashboard} />;
}
