// One reading at a time (POST /api/elc/reads): a house of the chosen zone still to read for the period,
// the reading type (regular, estimated, correction), the register value, the date and a note. The
// consumption and flags show as the value is typed; a flagged reading needs the confirmation tick. The
// form is judged by the contract's body schema (zodResolver); the server's field errors land under their fields.
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type EnteredReadingType, type ReadingSheet, readingBody, readingsEndpoints, z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { useLang, useMessage } from '../../lib/messages.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { FlagChips } from './BillingParts.tsx';
import { checkRow } from './readings.logic.ts';

interface FormValues {
  houseId: number | null;
  type: EnteredReadingType;
  currentReading: string;
  readingDate: string;
  note: string;
  confirmed: boolean;
}

const FIELDS = ['houseId', 'type', 'currentReading', 'readingDate', 'note', 'confirmed'] as const;

/**
 * The form's values as the body of POST /api/elc/reads without the sheet's period, judged by the contract:
 * an empty choice or date is "required", an estimate sends no register value, and any other type needs one.
 */
const readingForm = z.preprocess(
  (v: FormValues) => ({
    houseId: v.houseId ?? undefined,
    type: v.type,
    currentReading: v.type === 'estimated' ? undefined : v.currentReading.trim() || undefined,
    readingDate: v.readingDate || undefined,
    confirmed: v.confirmed || undefined,
    note: v.note,
  }),
  readingBody
    .omit({ period: true })
    .refine((b) => b.type === 'estimated' || b.currentReading !== undefined, { path: ['currentReading'], message: 'v.required' }),
);
type ReadingFormOutput = z.output<typeof readingForm>;

export function ReadingForm({ sheet, readingDate }: { sheet: ReadingSheet; readingDate: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const message = useMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const open = useMemo(() => sheet.rows.filter((r) => r.reading === null), [sheet.rows]);
  const blank: FormValues = { houseId: null, type: 'regular', currentReading: '', readingDate, note: '', confirmed: false };
  const { control, handleSubmit, reset, setError, setValue } = useForm<FormValues, unknown, ReadingFormOutput>({
    mode: 'onTouched',
    resolver: zodResolver(readingForm),
    defaultValues: blank,
  });
  // The shared field components take the form's own values; the resolver's output (the body) is handleSubmit's.
  const fieldControl = control as unknown as Control<FormValues>;
  const [houseId, type, current, confirmed] = useWatch({ control, name: ['houseId', 'type', 'currentReading', 'confirmed'] });
  const row = open.find((r) => r.houseId === houseId) ?? null;
  const check = row ? checkRow(row, { type, current, confirmed }, sheet.zoneAverageConsumption) : null;
  const save = useEndpointMutation(readingsEndpoints.create, { invalidate: [readingsEndpoints.sheet, readingsEndpoints.pending], successMessage: false });

  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ body: { ...body, period: sheet.period } });
      toast(t('billingRuns.readings.single.saved', { house: saved.houseNo ?? `#${saved.houseId}`, consumption: saved.consumption }), 'success');
      reset({ ...blank, readingDate: body.readingDate });
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      if (!applyServerErrors(err, setError, FIELDS)) setFormError(err.details[0] ? message(err.details[0].message) : err.message);
    }
  });

  if (open.length === 0) return <Alert severity="success">{t('billingRuns.readings.single.noHouse')}</Alert>;
  const optionLabel = (r: (typeof open)[number]) =>
    t('billingRuns.readings.single.houseOption', { house: r.houseNo ?? `#${r.houseId}`, customer: r.customerName, meter: r.meterNumber });

  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }} aria-label={t('billingRuns.readings.single.title')}>
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {t('billingRuns.readings.single.title')}
      </Typography>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Controller
          control={control}
          name="houseId"
          render={({ field, fieldState, formState }) => {
            const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
            return (
              <Autocomplete
                options={open}
                value={open.find((r) => r.houseId === field.value) ?? null}
                onChange={(_, r) => {
                  field.onChange(r?.houseId ?? null);
                  setValue('confirmed', false);
                }}
                onBlur={field.onBlur}
                getOptionLabel={optionLabel}
                isOptionEqualToValue={(a, b) => a.houseId === b.houseId}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    required
                    label={t('billingRuns.readings.single.house')}
                    error={show}
                    helperText={
                      show
                        ? message(fieldState.error?.message)
                        : row
                          ? t('billingRuns.readings.single.previousHelp', { value: row.previousReading, date: formatDate(row.previousDate, lang) })
                          : undefined
                    }
                  />
                )}
              />
            );
          }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={fieldControl} name="type" select label={t('billingRuns.type')} sx={{ minWidth: 170 }}>
            {(['regular', 'estimated', 'correction'] as const).map((ty) => (
              <MenuItem key={ty} value={ty}>
                {t(`billingRuns.types.${ty}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={fieldControl}
            name="currentReading"
            label={t('billingRuns.currentReading')}
            disabled={type === 'estimated'}
            required={type !== 'estimated'}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
          <FormTextField
            control={fieldControl}
            name="readingDate"
            label={t('billingRuns.readingDate')}
            type="date"
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        {type === 'estimated' && <Alert severity="info">{t('billingRuns.readings.single.estimateHelp')}</Alert>}
        {check && check.state === 'invalid' && <Alert severity="warning">{message(check.message)}</Alert>}
        {check && check.state === 'ready' && (
          <Box role="status" data-testid="single-check">
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography>
                {t('billingRuns.consumption')}: <strong>{t('billingRuns.units', { value: check.consumption })}</strong>
              </Typography>
              <FlagChips flags={check.flags} average={row?.averageConsumption} zoneAverage={sheet.zoneAverageConsumption} />
            </Stack>
          </Box>
        )}
        <Controller
          control={control}
          name="confirmed"
          render={({ field, fieldState }) =>
            (check?.state === 'ready' && check.needsConfirmation) || fieldState.error ? (
              <Box>
                <FormControlLabel
                  control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { ref: field.ref } }} />}
                  label={t('billingRuns.readings.single.confirmFlags')}
                />
                {fieldState.error && <FormHelperText error>{message(fieldState.error.message)}</FormHelperText>}
              </Box>
            ) : (
              <span hidden />
            )
          }
        />
        <FormTextField control={fieldControl} name="note" label={t('billingRuns.readings.single.note')} multiline minRows={2} />
        <Box>
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={save.isPending}>
            {t('billingRuns.readings.single.save')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
