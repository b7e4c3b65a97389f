// What a bill run would write (POST /api/bills/generateCustomersBill answers without writing): every
// house to bill with its readings, consumption, amount, previous balance, amount due and due date; a
// row opens to its tariff lines ("explain this bill"); the totals; and the exceptions, the houses left
// out with the reason (no reading, flagged reading not confirmed, no tariff, disconnected, ...).
import { Fragment, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
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
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { useTranslation } from 'react-i18next';
import type { BillPreview, BillPreviewRow } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { BreakdownTable, usePeriodText } from './BillingParts.tsx';
import { exceptionGroups, sumAmounts } from './billing-runs.logic.ts';

/** Customer and house number of the houses the preview names only by id. */
export type HouseNames = Map<number, { customerName: string; houseNo: string | null }>;

function PreviewRow({ bill }: { bill: BillPreviewRow }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const label = t(isOpen ? 'billingRuns.run.hideExplain' : 'billingRuns.run.explain', { name: bill.customerName });
  return (
    <Fragment>
      <TableRow hover data-house={bill.houseId} sx={{ '& > td': { borderBottom: isOpen ? 'unset' : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton size="small" aria-label={label} aria-expanded={isOpen} onClick={() => setOpen((o) => !o)}>
            {isOpen ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell>{bill.customerName}</TableCell>
        <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{bill.meterNumber ?? ''}</TableCell>
        <TableCell align="right">{bill.previousReading}</TableCell>
        <TableCell align="right">{bill.currentReading}</TableCell>
        <TableCell align="right" sx={{ fontWeight: 600 }}>
          {bill.consumption}
        </TableCell>
        <TableCell align="right">
          <MoneyText value={bill.amount} />
        </TableCell>
        <TableCell align="right">
          <MoneyText value={bill.previousBalance} />
        </TableCell>
        <TableCell align="right" sx={{ fontWeight: 600 }}>
          <MoneyText value={bill.amountDue} />
        </TableCell>
        <TableCell>
          <DateText value={bill.dueDate} />
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={10} sx={{ py: 0, bgcolor: isOpen ? 'action.hover' : undefined }}>
          <Collapse in={isOpen} unmountOnExit>
            <Box sx={{ py: 1.5, px: { md: 6 }, maxWidth: 760 }}>
              <BreakdownTable lines={bill.lines} subtotal={bill.subtotal} tax={bill.tax} amount={bill.amount} label={label} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

export function BillRunPreview({ preview, zoneName, names }: { preview: BillPreview; zoneName: string; names: HouseNames }) {
  const { t } = useTranslation();
  const lang = useLang();
  const periodText = usePeriodText();
  const groups = exceptionGroups(preview.exceptions);
  const money = (v: string) => formatMoney(v, lang);
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="h6" component="h3">
              {t('billingRuns.run.previewTitle', { period: periodText(preview.period) })} · {zoneName}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('billingRuns.run.billDate', { date: formatDate(preview.billDate, lang), due: formatDate(preview.dueDate, lang) })}
            </Typography>
          </Box>
          <Typography variant="h6" component="p" role="status" data-testid="preview-totals">
            {t('billingRuns.run.totals', { billed: preview.totals.billed, houses: preview.totals.houses, amount: money(preview.totals.amount) })}
          </Typography>
        </Stack>
      </Paper>
      <Paper>
        <Typography variant="subtitle1" component="h4" sx={{ px: 2, pt: 2, fontWeight: 600 }}>
          {t('billingRuns.run.bills')}
        </Typography>
        {preview.bills.length === 0 ? (
          <Alert severity="info" sx={{ m: 2 }}>
            {t('billingRuns.run.noBills')}
          </Alert>
        ) : (
          <TableContainer sx={{ maxHeight: '60vh' }}>
            <Table size="small" stickyHeader aria-label={t('billingRuns.run.bills')}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>{t('billingRuns.customer')}</TableCell>
                  <TableCell>{t('billingRuns.meter')}</TableCell>
                  <TableCell align="right">{t('billingRuns.previousReading')}</TableCell>
                  <TableCell align="right">{t('billingRuns.currentReading')}</TableCell>
                  <TableCell align="right">{t('billingRuns.consumption')}</TableCell>
                  <TableCell align="right">{t('billingRuns.bills.amount')}</TableCell>
                  <TableCell align="right">{t('billingRuns.bills.previousBalance')}</TableCell>
                  <TableCell align="right">{t('billingRuns.bills.amountDue')}</TableCell>
                  <TableCell>{t('billingRuns.bills.dueDate')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.bills.map((b) => (
                  <PreviewRow key={b.houseId} bill={b} />
                ))}
              </TableBody>
              <TableFooter>
                <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
                  <TableCell colSpan={6} align="right">
                    {t('billingRuns.run.runs.total')}
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={preview.totals.amount} />
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={sumAmounts(preview.bills.map((b) => b.previousBalance))} />
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={sumAmounts(preview.bills.map((b) => b.amountDue))} />
                  </TableCell>
                  <TableCell />
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        )}
      </Paper>
      <Paper sx={{ p: 2 }} component="section" aria-label={t('billingRuns.run.exceptions', { count: preview.exceptions.length })}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
          {t('billingRuns.run.exceptions', { count: preview.exceptions.length })}
        </Typography>
        {groups.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('billingRuns.run.noExceptions')}</Typography>
        ) : (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {t('billingRuns.run.exceptionsHelp')}
            </Typography>
            {groups.map((g) => (
              <Box key={g.reason} sx={{ mb: 1.5 }} data-reason={g.reason}>
                <Chip
                  size="small"
                  color={g.reason === 'already_billed' ? 'default' : 'warning'}
                  label={`${t(`billingRuns.run.reasons.${g.reason}`)} · ${g.items.length}`}
                />
                <List dense disablePadding>
                  {g.items.map((e) => {
                    const house = names.get(e.houseId);
                    return (
                      <ListItem key={e.houseId} disableGutters data-testid={`exception-${e.houseId}`}>
                        <ListItemText
                          primary={house ? `${house.customerName} · ${house.houseNo ?? `#${e.houseId}`}` : `${t('billingRuns.house')} #${e.houseId}`}
                          secondary={`${t('billingRuns.meter')} ${e.meterNumber ?? '—'} · ${t(`billingRuns.run.reasons.${e.reason}`)}`}
                        />
                      </ListItem>
                    );
                  })}
                </List>
              </Box>
            ))}
          </>
        )}
      </Paper>
    </Stack>
  );
}
