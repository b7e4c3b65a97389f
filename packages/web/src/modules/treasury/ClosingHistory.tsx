import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import type { PeriodClosing } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { formatDate } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { accountLabel } from '../finance/index.ts';
import { EntryLink } from './TreasuryParts.tsx';

export function HistoryTable({ closings }: { closings: PeriodClosing[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Paper>
      <Typography variant="h6" component="h3" sx={{ p: 2 }}>
        {t('treasury.closing.historyTitle')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('treasury.closing.historyTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('treasury.closing.period')}</TableCell>
              <TableCell>{t('treasury.closing.retained')}</TableCell>
              <TableCell align="right">{t('treasury.closing.income')}</TableCell>
              <TableCell align="right">{t('treasury.closing.expenses')}</TableCell>
              <TableCell align="right">{t('treasury.closing.net')}</TableCell>
              <TableCell>{t('treasury.entry')}</TableCell>
              <TableCell>{t('treasury.closing.closedBy')}</TableCell>
              <TableCell>{t('treasury.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {closings.length === 0 && (
              <TableRow>
                <TableCell colSpan={8} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('treasury.closing.historyEmpty')}
                </TableCell>
              </TableRow>
            )}
            {closings.map((c) => (
              <TableRow key={c.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {c.periodStart
                    ? t('treasury.closing.periodRange', { from: formatDate(c.periodStart, lang), to: formatDate(c.periodEnd, lang) })
                    : t('treasury.closing.periodUpTo', { to: formatDate(c.periodEnd, lang) })}
                  {c.memo && (
                    <Box component="span" sx={{ display: 'block', fontSize: '0.8em', color: 'text.secondary' }}>
                      {c.memo}
                    </Box>
                  )}
                </TableCell>
                <TableCell>{accountLabel(c.retainedEarningsAccount)}</TableCell>
                <TableCell align="right">
                  <MoneyText value={c.totals.income} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={c.totals.expenses} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={c.netIncome} negativeColor />
                </TableCell>
                <TableCell>
                  {c.entryId !== null && c.entryNumber ? (
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                      <EntryLink id={c.entryId} number={c.entryNumber} />
                      {c.isEntryReversed && <Chip size="small" color="warning" variant="outlined" label={t('finance.entry.reversed')} />}
                    </Stack>
                  ) : (
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {t('treasury.closing.noEntry')}
                    </Box>
                  )}
                </TableCell>
                <TableCell>
                  {c.createdBy ?? ''}
                  <Box component="span" sx={{ display: 'block', fontSize: '0.8em', color: 'text.secondary' }}>
                    <DateText value={c.createdAt} withTime />
                  </Box>
                </TableCell>
                <TableCell>
                  {c.reopenedAt ? (
                    <>
                      <Chip size="small" color="info" variant="outlined" label={t('treasury.closing.reopened')} />
                      <Box component="span" sx={{ display: 'block', fontSize: '0.8em', color: 'text.secondary', mt: 0.5 }}>
                        {t('treasury.closing.reopenedBy', { name: c.reopenedBy ?? '' })} <DateText value={c.reopenedAt} withTime />
                        {c.reopenReason && <>: {c.reopenReason}</>}
                      </Box>
                    </>
                  ) : (
                    <Chip size="small" color="warning" variant="outlined" icon={<LockIcon />} label={t('treasury.closing.closedState')} />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
