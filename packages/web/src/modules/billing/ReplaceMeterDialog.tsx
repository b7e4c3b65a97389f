// Replace a house's meter (POST /api/elc/houses/:id/replace-meter): the old meter's final reading closes
// it and is billed like any reading (its consumption since the last reading is shown as it is typed,
// across a register rollover), the new meter is installed the same day with its initial reading. When
// the server wants the final reading confirmed (no consumption, or far above the house's average), the
// dialog asks for the confirmation and the user sends it again.
import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { House } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useMessage } from '../../lib/messages.ts';
import { useReplaceMeter } from './billing.queries.ts';
import { bodyOf, contractResolver } from './form.logic.ts';
import { baselineOf, checkReplaceForm, consumptionSince, emptyReplacement, periodOfDate, type ReplaceFormValues } from './house.logic.ts';
import { CancelButton } from './CancelButton.tsx';

const resolver = contractResolver(checkReplaceForm);
const DIGITS = ['4', '5', '6', '7', '8', '9'];
const FIELDS = ['date', 'period', 'oldFinalReading', 'newMeterNumber', 'newInitialReading', 'digits', 'note', 'confirmed'] as const;

export interface ReplaceMeterDialogProps {
  house: House | null;
  open: boolean;
  onClose: () => void;
}

export function ReplaceMeterDialog({ house, open, onClose }: ReplaceMeterDialogProps) {
  const { t } = useTranslation();
  const text = useMessage();
  const titleId = useId();
  const replace = useReplaceMeter();
  const [formError, setFormError] = useState<string | null>(null);
  const [needsConfirm, setNeedsConfirm] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<ReplaceFormValues>({
    mode: 'all',
    resolver,
    defaultValues: emptyReplacement({ meterDigits: 6 }, todayIso()),
  });
  const [date, finalReading] = useWatch({ control, name: ['date', 'oldFinalReading'] });

  useEffect(() => {
    if (!open || !house) return;
    reset(emptyReplacement(house, todayIso()));
    setFormError(null);
    setNeedsConfirm(false);
  }, [open, house, reset]);

  if (!house) return null;
  const baseline = baselineOf(house);
  const since = consumptionSince(baseline.value, finalReading ?? '', house.meterDigits);

  const submit = handleSubmit(async (values) => {
    const body = bodyOf(checkReplaceForm, values);
    setFormError(null);
    try {
      const after = await replace.mutateAsync({ id: house.id, body });
      toast(t('billing.houses.replaced', { old: house.meterNumber, meter: after.meterNumber }), 'success');
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      if (err.details.some((d) => d.field === 'confirmed')) setNeedsConfirm(true);
      if (!applyServerErrors(err, setError, FIELDS)) setFormError(err.message);
    }
  });

  return (
    <Dialog open={open} onClose={replace.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('billing.houses.replaceTitle', { meter: house.meterNumber })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('billing.houses.replaceText')}
          </Typography>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="date"
                label={t('billing.houses.replaceDate')}
                type="date"
                required
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="period"
                label={t('billing.houses.finalPeriod')}
                fullWidth
                placeholder={periodOfDate(date ?? '')}
                helperText={t('billing.houses.finalPeriodHelp', { period: periodOfDate(date ?? '') || 'YYYY-MM' })}
                slotProps={{ htmlInput: { maxLength: 7, autoComplete: 'off' }, inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={12}>
              <Typography variant="subtitle2" component="h3">
                {t('billing.houses.oldMeter', { meter: house.meterNumber })}
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="oldFinalReading"
                label={t('billing.houses.oldFinalReading')}
                required
                autoFocus
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <Typography variant="body2" sx={{ pt: { sm: 1 } }}>
                {t(house.lastReading ? 'billing.houses.baselineRead' : 'billing.houses.baselineInstalled', { value: baseline.value })}{' '}
                <DateText value={baseline.date} />
              </Typography>
              <Typography
                variant="body2"
                role="status"
                data-testid="final-consumption"
                sx={{ color: since?.kind === 'below' ? 'error.main' : 'text.secondary' }}
              >
                {since?.kind === 'units'
                  ? t(since.isRollover ? 'billing.houses.finalRollover' : 'billing.houses.finalConsumption', { units: since.units })
                  : since?.kind === 'below'
                    ? t('billing.houses.finalBelow', { value: baseline.value })
                    : ''}
              </Typography>
            </Grid>
            <Grid size={12}>
              <Typography variant="subtitle2" component="h3">
                {t('billing.houses.newMeter')}
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="newMeterNumber"
                label={t('billing.houses.newMeterNumber')}
                required
                fullWidth
                slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 2 }}>
              <FormTextField control={control} name="digits" label={t('billing.houses.digits')} select required fullWidth>
                {DIGITS.map((d) => (
                  <MenuItem key={d} value={d}>
                    {d}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              <FormTextField
                control={control}
                name="newInitialReading"
                label={t('billing.houses.newInitialReading')}
                required
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={12}>
              <FormTextField control={control} name="note" label={t('billing.houses.note')} fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
            </Grid>
            {needsConfirm && (
              <Grid size={12}>
                <Controller
                  control={control}
                  name="confirmed"
                  render={({ field, fieldState }) => (
                    <>
                      <FormControlLabel
                        control={
                          <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { ref: field.ref } }} />
                        }
                        label={t('billing.houses.confirmFinal')}
                      />
                      {fieldState.error && !field.value && <FormHelperText error>{text(fieldState.error.message)}</FormHelperText>}
                    </>
                  )}
                />
              </Grid>
            )}
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <CancelButton onClick={onClose} disabled={replace.isPending} />
          <Button type="submit" variant="contained" disabled={replace.isPending}>
            {t('billing.houses.replace')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
