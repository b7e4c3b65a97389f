// /settings/list-closing-accounts: the year-end closing. Shows the lock date (GET /api/finance/closing),
// a form to close a period (period end, retained earnings account, memo) with a preview of the income
// and expense balances the closing entry will move, a confirmation that says what closing does, and the
// history of closings. Administrators may reopen closed periods (POST /api/finance/closing/reopen: a new,
// earlier lock date or none, and a reason).
import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
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
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ClosingPreview, ClosingState, PeriodClosing } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DateText } from '../../components/DateText.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatDate, formatMoney, todayIso } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { AccountPicker, accountLabel } from '../finance/index.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { useAllAccounts } from '../finance/index.ts';
import { closableDate, defaultPeriodEnd, equityAccounts } from './treasury.logic.ts';
import { useClosePeriod, useClosingState, useReopenPeriod } from './treasury.queries.ts';
import { EntryLink } from './TreasuryParts.tsx';

interface CloseValues {
  periodEnd: string;
  retainedEarningsAccountId: number | null;
  memo: string;
}

function LockDateCard({ state, onReopen }: { state: ClosingState; onReopen: () => void }) {
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
            {locked
              ? t('treasury.closing.lockedUpTo', { date: formatDate(state.lockDate, lang, 'long') })
              : t('treasury.closing.notLocked')}
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

function PreviewTable({ preview, retained }: { preview: ClosingPreview; retained: string }) {
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

function CloseForm({ state }: { state: ClosingState }) {
  const { t } = useTranslation();
  const lang = useLang();
  const text = useMessage();
  const accounts = useAllAccounts();
  const close = useClosePeriod();
  const today = todayIso();
  const [key, setKey] = useState(newIdempotencyKey);
  const [confirming, setConfirming] = useState(false);
  const [confirmText, setConfirmText] = useState<{ title: string; items: string[] }>({ title: '', items: [] });
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, getValues } = useForm<CloseValues>({
    mode: 'onTouched',
    defaultValues: {
      periodEnd: defaultPeriodEnd(today, state.lockDate),
      retainedEarningsAccountId: state.retainedEarningsAccountId,
      memo: '',
    },
  });
  // A new lock date (after a closing or a reopening) proposes the next period.
  useEffect(() => {
    reset({ periodEnd: defaultPeriodEnd(todayIso(), state.lockDate), retainedEarningsAccountId: state.retainedEarningsAccountId, memo: '' });
  }, [state.lockDate, state.retainedEarningsAccountId, reset]);

  const [periodEnd, retainedId] = useWatch({ control, name: ['periodEnd', 'retainedEarningsAccountId'] });
  const problem = closableDate(periodEnd, today, state.lockDate);
  const preview = useClosingState(problem === null ? periodEnd : null);
  const previewData = problem === null ? preview.data?.preview : null;
  const equity = equityAccounts(accounts.data ?? []);
  const retained = equity.find((a) => a.id === retainedId);
  const retainedName = retained ? accountLabel(retained) : t('treasury.closing.defaultRetained');

  const dateRule = (v: unknown) => {
    const p = closableDate(String(v ?? ''), todayIso(), state.lockDate);
    if (p === 'date') return 'v.date';
    if (p === 'locked') return t('treasury.closing.afterLock', { date: formatDate(state.lockDate, lang) });
    if (p === 'future') return t('treasury.closing.notFuture');
    return true;
  };

  const confirm = async () => {
    const v = getValues();
    setFormError(null);
    try {
      const done = await close.mutateAsync({
        body: { periodEnd: v.periodEnd, retainedEarningsAccountId: v.retainedEarningsAccountId ?? undefined, memo: v.memo.trim() || undefined },
        key,
      });
      toast(t('treasury.closing.closed', { date: formatDate(done.periodEnd, lang) }), 'success');
      setKey(newIdempotencyKey());
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      if (!applyServerErrors(err, setError, ['periodEnd', 'retainedEarningsAccountId', 'memo'])) setFormError(err.message);
    }
  };

  const isPreviewCurrent = previewData?.periodEnd === periodEnd;

  /** What closing will do, in words, fixed when the confirmation opens (the page changes after closing). */
  const openConfirmation = (v: CloseValues) => {
    const endText = formatDate(v.periodEnd, lang, 'long');
    const p = isPreviewCurrent ? previewData : null;
    const net = p?.netIncome ?? '0.00';
    const move =
      p && p.lines.length === 0
        ? t('treasury.closing.confirmNothing')
        : t(net.startsWith('-') ? 'treasury.closing.confirmMoveLoss' : 'treasury.closing.confirmMove', {
            date: endText,
            income: formatMoney(p?.totals.income ?? '0', lang),
            expenses: formatMoney(p?.totals.expenses ?? '0', lang),
            net: formatMoney(net.replace(/^-/, ''), lang),
            account: retainedName,
          });
    setConfirmText({
      title: t('treasury.closing.confirmTitle', { date: endText }),
      items: [move, t('treasury.closing.confirmLock', { date: endText }), t('treasury.closing.confirmRefuse', { date: endText }), t('treasury.closing.confirmReopen')],
    });
    setConfirming(true);
  };

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={handleSubmit(openConfirmation)}
      sx={{ p: { xs: 2, md: 3 }, mb: 3 }}
      aria-label={t('treasury.closing.formTitle')}
    >
      <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
        {t('treasury.closing.formTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('treasury.closing.formText')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="periodEnd"
          label={t('treasury.closing.periodEnd')}
          type="date"
          required
          helperText={t('treasury.closing.periodEndHelp')}
          rules={{ required: 'v.required', validate: dateRule }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          sx={{ width: { md: 220 }, flexShrink: 0 }}
        />
        <Controller
          control={control}
          name="retainedEarningsAccountId"
          render={({ field, fieldState, formState }) => {
            const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
            return (
              <AccountPicker
                accounts={equity}
                loading={accounts.isPending}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                label={t('treasury.closing.retained')}
                activeOnly
                error={show}
                helperText={show ? text(fieldState.error?.message) : t('treasury.closing.retainedHelp')}
                sx={{ flex: 1 }}
              />
            );
          }}
        />
      </Stack>
      <FormTextField
        control={control}
        name="memo"
        label={t('treasury.memo')}
        placeholder={t('treasury.closing.memoDefault', { date: periodEnd })}
        rules={{ maxLength: { value: 1000, message: 'v.maxLength|1000' } }}
        slotProps={{ htmlInput: { maxLength: 1000 }, inputLabel: { shrink: true } }}
        fullWidth
        sx={{ mt: 2 }}
      />
      <Box sx={{ height: 4, mt: 1 }}>{preview.isFetching && <LinearProgress aria-label={t('common.loading')} />}</Box>
      {previewData && isPreviewCurrent && <PreviewTable preview={previewData} retained={retainedName} />}
      {formError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {formError}
        </Alert>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          color="warning"
          startIcon={<LockIcon />}
          disabled={close.isPending || (problem === null && (preview.isFetching || !isPreviewCurrent))}
        >
          {t('treasury.closing.close')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={confirmText.title}
        confirmLabel={t('treasury.closing.confirm')}
        destructive
        message={
          <>
            <Typography component="p" sx={{ mb: 1 }}>
              {t('treasury.closing.confirmIntro')}
            </Typography>
            <Box component="ul" sx={{ pl: 2.5, my: 0, '& li': { mb: 1 } }}>
              {confirmText.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </Box>
          </>
        }
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

interface ReopenValues {
  lockDate: string;
  reason: string;
}

function ReopenDialog({ open, lockDate, onClose }: { open: boolean; lockDate: string; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const reopen = useReopenPeriod();
  const [error, setErrorText] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<ReopenValues>({ mode: 'onTouched', defaultValues: { lockDate: '', reason: '' } });

  useEffect(() => {
    if (!open) return;
    reset({ lockDate: '', reason: '' });
    setErrorText(null);
  }, [open, reset]);

  const submit = handleSubmit(async (v) => {
    setErrorText(null);
    try {
      const result = await reopen.mutateAsync({ lockDate: v.lockDate || null, reason: v.reason.trim() });
      toast(
        result.lockDate
          ? t('treasury.closing.reopenedTo', { date: formatDate(result.lockDate, lang) })
          : t('treasury.closing.reopenedAll'),
        'success',
      );
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      if (!applyServerErrors(err, setError, ['lockDate', 'reason'])) setErrorText(err.message);
    }
  });

  return (
    <Dialog open={open} onClose={reopen.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('treasury.closing.reopenTitle')}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>
            {t('treasury.closing.reopenText', { date: formatDate(lockDate, lang, 'long') })}
          </DialogContentText>
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="lockDate"
              label={t('treasury.closing.newLockDate')}
              type="date"
              helperText={t('treasury.closing.newLockDateHelp')}
              rules={{ validate: (v: string) => v === '' || v < lockDate || t('treasury.closing.newLockEarlier', { date: formatDate(lockDate, lang) }) }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: lockDate } }}
            />
            <FormTextField
              control={control}
              name="reason"
              label={t('treasury.closing.reason')}
              required
              multiline
              minRows={2}
              rules={{
                validate: (v: string) => v.trim().length >= 3 || 'v.minLength|3',
                maxLength: { value: 500, message: 'v.maxLength|500' },
              }}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={reopen.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={reopen.isPending}>
            {t('treasury.closing.reopen')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function HistoryTable({ closings }: { closings: PeriodClosing[] }) {
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

export default function ClosingPage() {
  const { t } = useTranslation();
  const state = useClosingState(null);
  const [reopening, setReopening] = useState(false);

  return (
    <>
      <PageHeader title={t('treasury.closing.title')} subtitle={t('treasury.closing.subtitle')} />
      {!state.data ? (
        state.isError ? (
          <Alert severity="error" action={<Button onClick={() => state.refetch()}>{t('errors.tryAgain')}</Button>}>
            {t('treasury.closing.loadFailed')}
          </Alert>
        ) : (
          <Skeleton variant="rounded" height={240} />
        )
      ) : (
        <>
          <LockDateCard state={state.data} onReopen={() => setReopening(true)} />
          <CloseForm state={state.data} />
          <HistoryTable closings={state.data.closings} />
          {state.data.lockDate && <ReopenDialog open={reopening} lockDate={state.data.lockDate} onClose={() => setReopening(false)} />}
        </>
      )}
    </>
  );
}
