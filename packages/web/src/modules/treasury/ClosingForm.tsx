// The year-end closing's lock date card and the form that closes a period, with the preview of the balances
// the closing entry moves.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
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
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ClosingPreview, ClosingState } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatDate, formatMoney, todayIso } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { AccountPicker, accountLabel } from '../finance/index.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { useAllAccounts } from '../finance/index.ts';
import { closableDate, defaultPeriodEnd, equityAccounts } from './treasury.logic.ts';
import { useClosePeriod, useClosingState } from './treasury.queries.ts';

interface CloseValues {
  periodEnd: string;
  retainedEarningsAccountId: number | null;
  memo: string;
}

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

export function CloseForm({ state }: { state: ClosingState }) {
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
      items: [
        move,
        t('treasury.closing.confirmLock', { date: endText }),
        t('treasury.closing.confirmRefuse', { date: endText }),
        t('treasury.closing.confirmReopen'),
      ],
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
