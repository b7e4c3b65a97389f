// Income and expenses per month as paired bars (MUI X Charts): the theme's success and error colours,
// a legend, the months along the bottom in the user's language (the year under January and the first
// month), and a tooltip with the month's exact amounts. This component is only reached through the
// lazily loaded dashboard panel, so the chart library stays out of the first load. The same figures
// follow in a table that screen readers read instead of the drawing.
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { IncomeExpenseMonth } from '@ubo/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useLang } from '../../../lib/messages.ts';
import { monthParts } from './dashboard.logic.ts';

/**
 * Read by screen readers, not shown. A table ignores its own width and overflow, so the clipping box is a
 * div around it: otherwise the table's full width widens the page (300 px of sideways scroll at 1366 px).
 */
const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  m: '-1px',
  p: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function IncomeExpenseChart({ months }: { months: readonly IncomeExpenseMonth[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const theme = useTheme();
  const monthName = (month: string) => {
    const parts = monthParts(month);
    return `${t(`finance.dashboard.monthShort.m${parts.month}`)} ${parts.year}`;
  };
  const tick = (month: string) => {
    const parts = monthParts(month);
    const short = t(`finance.dashboard.monthShort.m${parts.month}`);
    return month === months[0]?.month || parts.month === 1 ? `${short}\n${parts.year}` : short;
  };
  const amount = (value: string) => formatMoney(value, lang);
  const title =
    months.length > 0 ? t('finance.dashboard.flows.chart', { from: monthName(months[0].month), to: monthName(months[months.length - 1].month) }) : '';
  // Bar heights are numbers (drawing only); the tooltip shows the API's decimal strings.
  const series = (['income', 'expenses'] as const).map((key) => ({
    id: key,
    label: t(`finance.dashboard.flows.${key}`),
    color: key === 'income' ? theme.palette.success.main : theme.palette.error.main,
    data: months.map((m) => Math.max(0, Number(m[key]))),
    valueFormatter: (_value: number | null, { dataIndex }: { dataIndex: number }) => amount(months[dataIndex][key]),
  }));

  return (
    <Box sx={{ position: 'relative' }}>
      <Box role="figure" aria-label={title} data-testid="income-expense-chart">
        <BarChart
          height={280}
          series={series}
          xAxis={[
            {
              scaleType: 'band',
              data: months.map((m) => m.month),
              valueFormatter: (month: string, context) => (context.location === 'tick' ? tick(month) : monthName(month)),
              // Twelve month labels fit side by side at laptop width; narrower, the library drops every other.
              tickLabelStyle: { fontSize: 11 },
              tickLabelMinGap: 2,
            },
          ]}
          // Nothing posted yet: a 0-1 scale rather than a flat line.
          yAxis={[
            {
              width: 'auto',
              min: 0,
              max: series.every((s) => s.data.every((v) => v === 0)) ? 1 : undefined,
              valueFormatter: (v: number) => formatMoney(v, lang, { decimals: Number.isInteger(v) ? 0 : 2 }),
            },
          ]}
          grid={{ horizontal: true }}
          borderRadius={2}
          slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } }, tooltip: { trigger: 'axis' } }}
        />
      </Box>
      <Box sx={hidden}>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('finance.dashboard.flows.month')}</th>
              <th scope="col">{t('finance.dashboard.flows.income')}</th>
              <th scope="col">{t('finance.dashboard.flows.expenses')}</th>
              <th scope="col">{t('finance.dashboard.flows.net')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthName(m.month)}</th>
                <td>{amount(m.income)}</td>
                <td>{amount(m.expenses)}</td>
                <td>{amount(m.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
