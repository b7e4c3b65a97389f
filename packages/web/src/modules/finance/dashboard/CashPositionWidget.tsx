// Dashboard panel "Cash and bank position" (privilege balance-sheet): what the cash, bank and mobile
// money accounts hold at the end of today, per kind and in all, then each account holding a balance; an
// account opens its statement for this year when the user may read statements.
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CashPosition } from '@ubo/contracts';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../app/session.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLang } from '../../../lib/messages.ts';
import { financePrivileges as p } from '../finance.access.ts';
import { isNonZero, statementLink, thisYear } from '../finance.logic.ts';
import { useCashPosition } from '../finance.queries.ts';
import { DashboardPanel } from './DashboardPanel.tsx';

function Figure({ label, value, testId, isTotal }: { label: string; value: string; testId: string; isTotal?: boolean }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: isTotal ? 'action.selected' : 'action.hover', height: '100%' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId} sx={{ fontWeight: isTotal ? 700 : 500 }}>
        <MoneyText value={value} negativeColor />
      </Typography>
    </Box>
  );
}

function CashAccounts({ data, canOpenStatement }: { data: CashPosition; canOpenStatement: boolean }) {
  const { t } = useTranslation();
  const holding = data.accounts.filter((a) => isNonZero(a.balance));
  return (
    <>
      <Grid container spacing={1.5} sx={{ mb: 2 }}>
        {data.bySubtype.map((s) => (
          <Grid key={s.subtype} size={{ xs: 6, md: 3 }}>
            <Figure label={t(`finance.subtype.${s.subtype}`)} value={s.balance} testId={`cash-${s.subtype}`} />
          </Grid>
        ))}
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('finance.dashboard.cash.total')} value={data.total} testId="cash-total" isTotal />
        </Grid>
      </Grid>
      {holding.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('finance.dashboard.cash.none')}</Typography>
      ) : (
        <Table size="small" aria-labelledby="finance-cash-title">
          <TableHead>
            <TableRow>
              <TableCell>{t('finance.dashboard.cash.account')}</TableCell>
              <TableCell>{t('finance.accounts.subtype')}</TableCell>
              <TableCell align="right">{t('finance.dashboard.cash.balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {holding.map((a) => {
              const label = `${a.code} · ${a.name}`;
              return (
                <TableRow key={a.accountId} hover>
                  <TableCell>
                    {canOpenStatement ? (
                      <Link
                        component={RouterLink}
                        to={statementLink(a.accountId, { startDate: thisYear(data.date).startDate, endDate: data.date })}
                        underline="hover"
                        aria-label={t('finance.dashboard.cash.openStatement', { account: label })}
                      >
                        {label}
                      </Link>
                    ) : (
                      label
                    )}
                  </TableCell>
                  <TableCell>{t(`finance.subtype.${a.subtype}`)}</TableCell>
                  <TableCell align="right">
                    <MoneyText value={a.balance} negativeColor />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </>
  );
}

export default function CashPositionWidget() {
  const { t } = useTranslation();
  const lang = useLang();
  const { can } = useSession();
  const query = useCashPosition();
  const canOpenStatement = can(p.statement);
  return (
    <DashboardPanel
      id="finance-cash-title"
      title={t('finance.dashboard.cash.title')}
      caption={query.data ? t('finance.dashboard.cash.asAt', { date: formatDate(query.data.date, lang, 'long') }) : undefined}
      link={{ to: '/reports/balance-sheet', label: t('finance.dashboard.cash.sheet') }}
      query={query}
      height={160}
    >
      {(data) => <CashAccounts data={data} canOpenStatement={canOpenStatement} />}
    </DashboardPanel>
  );
}
