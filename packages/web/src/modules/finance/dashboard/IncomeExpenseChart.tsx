// Income and expenses per month as paired SVG bars (no chart library): a grid of four steps up to a
// rounded top, the months along the bottom, each bar with its month and amount as a tooltip. The same
// figures follow in a table that screen readers read instead of the drawing.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { IncomeExpenseMonth } from '@ubo/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useLang } from '../../../lib/messages.ts';
import { axisLabel, barFraction, chartScale, monthParts } from './dashboard.logic.ts';

const WIDTH = 720;
const HEIGHT = 240;
const LEFT = 52;
const BOTTOM = 34;
const TOP = 10;

/**
 * Read by screen readers, not shown. A table ignores its own width and overflow, so the clipping box is a
 * div around it: otherwise the table's full width widens the page (300 px of sideways scroll at 1366 px).
 */
const hidden = { position: 'absolute', width: 1, height: 1, m: '-1px', p: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: color }} />
      <Typography variant="body2">{label}</Typography>
    </Stack>
  );
}

export function IncomeExpenseChart({ months }: { months: readonly IncomeExpenseMonth[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const theme = useTheme();
  const scale = chartScale(months);
  const incomeColor = theme.palette.success.main;
  const expenseColor = theme.palette.error.main;
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const slot = plotWidth / Math.max(months.length, 1);
  const bar = slot * 0.32;
  const y = (fraction: number) => TOP + plotHeight * (1 - fraction);
  const monthName = (month: string) => {
    const parts = monthParts(month);
    return `${t(`finance.dashboard.monthShort.m${parts.month}`)} ${parts.year}`;
  };
  const shortMonth = (month: string) => t(`finance.dashboard.monthShort.m${monthParts(month).month}`);
  const amount = (value: string) => formatMoney(value, lang);
  const title = months.length > 0 ? t('finance.dashboard.flows.chart', { from: monthName(months[0].month), to: monthName(months[months.length - 1].month) }) : '';

  return (
    <Box sx={{ position: 'relative' }}>
      <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
        <Swatch color={incomeColor} label={t('finance.dashboard.flows.income')} />
        <Swatch color={expenseColor} label={t('finance.dashboard.flows.expenses')} />
      </Stack>
      <Box component="svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} data-testid="income-expense-chart" sx={{ width: '100%', height: 'auto', display: 'block' }}>
        {scale.ticks.map((tick, i) => {
          const ty = y(i / 4);
          return (
            <g key={tick.toString()}>
              <line x1={LEFT} x2={WIDTH} y1={ty} y2={ty} stroke={theme.palette.divider} strokeWidth={1} />
              <text x={LEFT - 6} y={ty + 4} textAnchor="end" fontSize={11} fill={theme.palette.text.secondary}>
                {axisLabel(tick)}
              </text>
            </g>
          );
        })}
        {months.map((m, i) => {
          const x = LEFT + slot * i + slot / 2;
          const income = barFraction(m.income, scale.top);
          const expenses = barFraction(m.expenses, scale.top);
          return (
            <g key={m.month} data-month={m.month}>
              <rect x={x - bar - 1} y={y(income)} width={bar} height={plotHeight * income} fill={incomeColor} rx={2}>
                <title>{`${monthName(m.month)} · ${t('finance.dashboard.flows.income')}: ${amount(m.income)}`}</title>
              </rect>
              <rect x={x + 1} y={y(expenses)} width={bar} height={plotHeight * expenses} fill={expenseColor} rx={2}>
                <title>{`${monthName(m.month)} · ${t('finance.dashboard.flows.expenses')}: ${amount(m.expenses)}`}</title>
              </rect>
              <text x={x} y={HEIGHT - BOTTOM + 16} textAnchor="middle" fontSize={11} fill={theme.palette.text.secondary}>
                {shortMonth(m.month)}
              </text>
              {(i === 0 || m.month.endsWith('-01')) && (
                <text x={x} y={HEIGHT - 4} textAnchor="middle" fontSize={10} fill={theme.palette.text.secondary}>
                  {monthParts(m.month).year}
                </text>
              )}
            </g>
          );
        })}
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
