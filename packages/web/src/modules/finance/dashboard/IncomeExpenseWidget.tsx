// Dashboard panels of income and expenses (privilege income-statement), from one request: the last
// twelve months as a bar chart with the year to date beneath, and beside it the year's five largest
// expense accounts with their share of the year's expenses; an account opens its statement for the
// year when the user may read statements.
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { IncomeExpenseSummary } from '@ubo/contracts';
import { useSession } from '../../../app/session.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { financePrivileges as p } from '../finance.access.ts';
import { statementLink } from '../finance.logic.ts';
import { useIncomeExpenseSummary } from '../finance.queries.ts';
import { DashboardPanel } from './DashboardPanel.tsx';
import { sharePercent } from './dashboard.logic.ts';
import { IncomeExpenseChart } from './IncomeExpenseChart.tsx';

function YearFigure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }} data-testid={testId}>
        <MoneyText value={value} negativeColor />
      </Typography>
    </Box>
  );
}

function TopExpenses({ data }: { data: IncomeExpenseSummary }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const canOpenStatement = can(p.statement);
  if (data.topExpenses.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('finance.dashboard.top.none')}</Typography>;
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="top-expenses">
      {data.topExpenses.map((e) => {
        const percent = sharePercent(e.amount, data.year.expenses);
        const label = `${e.code} · ${e.name}`;
        return (
          <Box component="li" key={e.accountId}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                {canOpenStatement ? (
                  <Link component={RouterLink} to={statementLink(e.accountId, { startDate: data.year.startDate, endDate: data.date })} underline="hover">
                    {label}
                  </Link>
                ) : (
                  label
                )}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                <MoneyText value={e.amount} />
              </Typography>
            </Stack>
            <LinearProgress variant="determinate" value={percent} color="error" sx={{ height: 6, borderRadius: 3, my: 0.5 }} aria-label={label} />
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('finance.dashboard.top.share', { percent })}
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}

export default function IncomeExpenseWidget() {
  const { t } = useTranslation();
  const query = useIncomeExpenseSummary();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <DashboardPanel
          id="finance-flows-title"
          title={t('finance.dashboard.flows.title')}
          link={{ to: '/reports/income-statement', label: t('finance.dashboard.flows.statement') }}
          query={query}
        >
          {(data) => (
            <>
              <IncomeExpenseChart months={data.months} />
              <Stack direction="row" spacing={4} sx={{ mt: 1.5, flexWrap: 'wrap' }}>
                <Typography variant="subtitle2" sx={{ alignSelf: 'center' }}>
                  {t('finance.dashboard.flows.yearToDate', { year: data.year.year })}
                </Typography>
                <YearFigure label={t('finance.dashboard.flows.income')} value={data.year.income} testId="year-income" />
                <YearFigure label={t('finance.dashboard.flows.expenses')} value={data.year.expenses} testId="year-expenses" />
                <YearFigure label={t('finance.dashboard.flows.net')} value={data.year.net} testId="year-net" />
              </Stack>
            </>
          )}
        </DashboardPanel>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <DashboardPanel id="finance-top-title" title={t('finance.dashboard.top.title')} query={query}>
          {(data) => <TopExpenses data={data} />}
        </DashboardPanel>
      </Grid>
    </Grid>
  );
}
