// The year-end closing's lock date card (with Reopen for administrators) and the preview of the balances
// a closing entry moves.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { useTranslation } from 'react-i18next';
import type { ClosingPreview, ClosingState } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { accountLabel } from '../finance/index.ts';

export function LockDateCard({ state, onReopen }: { state: ClosingState; onReopen: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { isAdmin } = useSession();
  const locked = state.lockDate !== null;
  return (
    <Paper sx={{ p: { xs: 2, md: 3 }, mb: 3 }} role="region" aria-label={t('treasury.closing.lockTitle')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {locked ? <LockIcon color="warning" fontSize="large" /> : <LockOpenIcon color="success" fontSize="large" />}
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6" component="h3" data-testid="lock-date">
            {locked ? t('treasury.closing.lockedUpTo', { date: formatDate(state.lockDate, lang, 'long') }) : t('treasury.closing.notLocked')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {locked ? t('treasury.closing.lockedText') : t('treasury.closing.notLockedText')}
          </Typography>
        </Box>
        {locked && isAdmin && (
          <Button variant="outlined" color="warning" startIcon={<LockOpenIcon />} onClick={onReopen}>
            {t('treasury.closing.reopen')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

export function PreviewTable({ preview, retained }: { preview: ClosingPreview; retained: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const net = preview.netIncome;
  const isLoss = net.startsWith('-');
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {t('treasury.closing.previewTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {preview.periodStart
          ? t('treasury.closing.previewPeriod', { from: formatDate(preview.periodStart, lang), to: formatDate(preview.periodEnd, lang) })
          : t('treasury.closing.previewFromStart', { to: formatDate(preview.periodEnd, lang) })}
      </Typography>
      {preview.lines.length === 0 ? (
        <Alert severity="info">{t('treasury.closing.nothingToMove')}</Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('treasury.closing.previewTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('treasury.closing.account')}</TableCell>
                <TableCell>{t('treasury.closing.type')}</TableCell>
                <TableCell align="right">{t('treasury.closing.balanceMoved')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.lines.map((l) => (
                <TableRow key={l.account.id} hover>
                  <TableCell>{accountLabel(l.account)}</TableCell>
                  <TableCell>{t(`finance.type.${l.account.type}`)}</TableCell>
                  <TableCell align="right">
                    <MoneyText value={l.amount} negativeColor />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow sx={{ '& td': { color: 'text.primary', fontSize: '0.9rem' } }}>
                <TableCell colSpan={2} align="right">
                  {t('treasury.closing.totalIncome')}
                </TableCell>
                <TableCell align="right" data-testid="preview-income">
                  <MoneyText value={preview.totals.income} />
                </TableCell>
              </TableRow>
              <TableRow sx={{ '& td': { color: 'text.primary', fontSize: '0.9rem' } }}>
                <TableCell colSpan={2} align="right">
                  {t('treasury.closing.totalExpenses')}
                </TableCell>
                <TableCell align="right" data-testid="preview-expenses">
                  <MoneyText value={preview.totals.expenses} />
                </TableCell>
              </TableRow>
              <TableRow sx={{ '& td': { color: 'text.primary', fontWeight: 700, fontSize: '0.95rem' } }}>
                <TableCell colSpan={2} align="right">
                  {t(isLoss ? 'treasury.closing.netLossTo' : 'treasury.closing.netIncomeTo', { account: retained })}
                </TableCell>
                <TableCell align="right" data-testid="preview-net">
                  {formatMoney(net.replace(/^-/, ''), lang)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
