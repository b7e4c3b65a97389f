// The form that closes a period (the lock date moves to its end), with the preview of the balances the
// closing entry moves and a confirmation that says what closing does.
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ClosingState, z } from '@ubo/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatDate, formatMoney, todayIso } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { AccountPicker, accountLabel } from '../finance/index.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { useAllAccounts } from '../finance/index.ts';
import { PreviewTable } from './ClosingParts.tsx';
import { closableDate, defaultPeriodEnd, equityAccounts } from './treasury.logic.ts';
import { useClosePeriod, useClosingState } from './treasury.queries.ts';

/**
 * The closing form: a period end that may be closed (not before or on the lock date, `locked` says so;
 * not in the future, `future`), the retained earnings account (the server's default when empty) and a memo.
 */
const closeForm = (lockDate: string | null, locked: string, future: string) =>
  z.object({
    periodEnd: z.string().superRefine((v, ctx) => {
      if (v === '') return ctx.addIssue({ code: 'custom', message: 'v.required' });
      const problem = closableDate(v, todayIso(), lockDate);
      if (problem) ctx.addIssue({ code: 'custom', message: problem === 'date' ? 'v.date' : problem === 'locked' ? locked : future });
    }),
    retainedEarningsAccountId: z.number().nullable(),
    memo: z.string().max(1000, 'v.maxLength|1000'),
  });
type CloseValues = z.infer<ReturnType<typeof closeForm>>;

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
  const schema = useMemo(
    () => closeForm(state.lockDate, t('treasury.closing.afterLock', { date: formatDate(state.lockDate, lang) }), t('treasury.closing.notFuture')),
    [state.lockDate, lang, t],
  );
  const { control, handleSubmit, reset, setError, getValues } = useForm<CloseValues>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
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
