// Asks for the date and memo of a reversal and posts it (POST /api/finance/transaction/:id/reverse)
// with an Idempotency-Key made when the dialog opens, so a double confirm reverses once. A refused
// date (before the original, in a closed period) shows on the date field; other refusals in the dialog.
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
import { type JournalEntry, z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { useReverseEntry } from './finance.queries.ts';

/** The reversal's date (not before the original: `beforeOriginal` says so) and an optional memo. */
const reverseForm = (originalDate: string, beforeOriginal: string) =>
  z.object({
    date: z
      .string()
      .min(1, 'v.required')
      .refine((d) => d >= originalDate, beforeOriginal),
    memo: z.string().max(1000, 'v.maxLength|1000'),
  });
type Values = z.infer<ReturnType<typeof reverseForm>>;

export interface ReverseEntryDialogProps {
  entry: JournalEntry;
  open: boolean;
  onClose: () => void;
  onReversed?: (reversal: JournalEntry) => void;
}

export function ReverseEntryDialog({ entry, open, onClose, onReversed }: ReverseEntryDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const reverse = useReverseEntry();
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setErrorText] = useState<string | null>(null);
  const schema = useMemo(() => reverseForm(entry.date, t('finance.entry.beforeOriginal')), [entry.date, t]);
  const { control, handleSubmit, reset, setError } = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: { date: '', memo: '' },
  });

  useEffect(() => {
    if (!open) return;
    const today = todayIso();
    reset({ date: today < entry.date ? entry.date : today, memo: '' });
    setErrorText(null);
    setKey(newIdempotencyKey());
  }, [open, entry.date, reset]);

  const submit = handleSubmit(async (v) => {
    setErrorText(null);
    try {
      const reversal = await reverse.mutateAsync({ id: entry.id, body: { date: v.date, memo: v.memo.trim() || undefined }, key });
      toast(t('finance.entry.reversedToast', { number: entry.number, reversal: reversal.number }), 'success');
      onReversed?.(reversal);
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      const onDate = err.details.find((d) => d.field === 'date');
      if (onDate) setError('date', { type: 'server', message: onDate.message }, { shouldFocus: true });
      else setErrorText(err.message);
    }
  });

  return (
    <Dialog open={open} onClose={reverse.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('finance.entry.reverseTitle', { number: entry.number })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>{t('finance.entry.reverseText')}</DialogContentText>
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="date"
              label={t('finance.entry.reverseDate')}
              type="date"
              required
              autoFocus
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: entry.date } }}
            />
            <FormTextField
              control={control}
              name="memo"
              label={t('finance.entry.reverseMemo')}
              placeholder={t('finance.entry.reverseMemoDefault', { number: entry.number })}
              multiline
              minRows={2}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 1000 } }}
            />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={reverse.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={reverse.isPending}>
            {t('finance.entry.reverse')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
