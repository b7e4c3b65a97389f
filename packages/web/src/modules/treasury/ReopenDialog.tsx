// Reopening closed periods (administrators): a new, earlier lock date or none, and a reason (POST
// /api/finance/closing/reopen).
import { useEffect, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reopenBody, z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useLang } from '../../lib/messages.ts';
import { useReopenPeriod } from './treasury.queries.ts';

/**
 * The contract's reopen body as the form holds it: the reason as the server checks it, the new lock date
 * empty (every period opens) or before the current one (`earlier` says so).
 */
const reopenForm = (lockDate: string, earlier: string) =>
  reopenBody.extend({
    lockDate: z.string().refine((v) => v === '' || v < lockDate, earlier),
  });
type ReopenValues = z.input<ReturnType<typeof reopenForm>>;
type ReopenParsed = z.output<ReturnType<typeof reopenForm>>;

export function ReopenDialog({ open, lockDate, onClose }: { open: boolean; lockDate: string; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const reopen = useReopenPeriod();
  const [error, setErrorText] = useState<string | null>(null);
  const schema = useMemo(() => reopenForm(lockDate, t('treasury.closing.newLockEarlier', { date: formatDate(lockDate, lang) })), [lockDate, lang, t]);
  const { control, handleSubmit, reset, setError } = useForm<ReopenValues, unknown, ReopenParsed>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: { lockDate: '', reason: '' },
  });

  useEffect(() => {
    if (!open) return;
    reset({ lockDate: '', reason: '' });
    setErrorText(null);
  }, [open, reset]);

  const submit = handleSubmit(async (v) => {
    setErrorText(null);
    try {
      const result = await reopen.mutateAsync({ lockDate: v.lockDate || null, reason: v.reason });
      toast(result.lockDate ? t('treasury.closing.reopenedTo', { date: formatDate(result.lockDate, lang) }) : t('treasury.closing.reopenedAll'), 'success');
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
          <DialogContentText sx={{ mb: 2 }}>{t('treasury.closing.reopenText', { date: formatDate(lockDate, lang, 'long') })}</DialogContentText>
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="lockDate"
              label={t('treasury.closing.newLockDate')}
              type="date"
              helperText={t('treasury.closing.newLockDateHelp')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: lockDate } }}
            />
            <FormTextField
              control={control}
              name="reason"
              label={t('treasury.closing.reason')}
              required
              multiline
              minRows={2}
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
