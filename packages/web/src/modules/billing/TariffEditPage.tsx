// /customers/tariffs/new and /customers/tariffs/:id: one tariff version (name, customer class, zone or
// class-wide, effective dates, service charge, minimum charge, tax, consumption blocks) with the live
// price preview beside it. ?from=<id> starts a new version with another version's prices. The contract
// judges the form (the server's own rules); server refusals such as an overlapping version land on
// their field.
import { useEffect, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { type Path, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { customerClassValues, type Tariff, type TariffInput } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { useDetailQuery, useSaveMutation } from '../../lib/queries.ts';
import { TARIFFS_PATH, useAllZones } from './billing.queries.ts';
import { BlocksEditor } from './BlocksEditor.tsx';
import { bodyOf, contractResolver } from './form.logic.ts';
import { PricePreview } from './PricePreview.tsx';
import { checkTariffForm, emptyTariff, type TariffFormValues, tariffFormField, tariffToForm } from './tariff.logic.ts';
import { CancelButton } from './CancelButton.tsx';

const resolver = contractResolver(checkTariffForm);

export default function TariffEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const [search] = useSearchParams();
  const copyFrom = search.get('from');
  const isNew = !id;
  const stored = useDetailQuery<Tariff>(TARIFFS_PATH, id ?? copyFrom);
  const zones = useAllZones();
  const { control, handleSubmit, reset, setError, formState } = useForm<TariffFormValues>({
    mode: 'all',
    resolver,
    defaultValues: emptyTariff(todayIso()),
  });

  useEffect(() => {
    if (stored.data) reset(tariffToForm(stored.data, isNew));
  }, [stored.data, isNew, reset]);

  // Server errors name the contract's paths; a block's start is shown as the previous block's limit.
  const setServerError = ((name: string, error, options) =>
    setError(tariffFormField(name) as Path<TariffFormValues>, error, options)) as UseFormSetError<TariffFormValues>;
  const save = useSaveMutation<TariffInput, Tariff, TariffFormValues>({
    path: TARIFFS_PATH,
    setError: setServerError,
    successMessage: false,
    onSuccess: (saved) => {
      toast(t('billing.tariffs.saved', { name: saved.name }), 'success');
      navigate('/customers/tariffs');
    },
  });

  const zoneOptions = useMemo(() => {
    const list = (zones.data ?? []).map((z) => ({ id: z.id, name: z.name }));
    const current = stored.data;
    if (current?.zoneId && !list.some((z) => z.id === current.zoneId)) list.push({ id: current.zoneId, name: current.zoneName ?? '' });
    return list;
  }, [zones.data, stored.data]);

  const submit = handleSubmit((values) => save.mutate({ id, body: bodyOf(checkTariffForm, values) }));
  const title = isNew
    ? copyFrom
      ? t('billing.tariffs.newVersionTitle')
      : t('billing.tariffs.createTitle')
    : t('billing.tariffs.editTitle', { name: stored.data?.name ?? '' });
  const isLoading = (id || copyFrom) && stored.isPending;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('billing.tariffs.formSubtitle')}
        actions={
          <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/customers/tariffs')}>
            {t('billing.tariffs.backToList')}
          </Button>
        }
      />
      {isLoading ? (
        <Skeleton variant="rounded" height={480} />
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Paper component="form" onSubmit={submit} noValidate aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
              <Stack spacing={2.5}>
                <FormTextField
                  control={control}
                  name="name"
                  label={t('billing.tariffs.name')}
                  required
                  autoFocus
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 120, autoComplete: 'off' } }}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <FormTextField control={control} name="customerClass" label={t('billing.class.label')} select required fullWidth>
                    {customerClassValues.map((c) => (
                      <MenuItem key={c} value={c}>
                        {t(`billing.class.${c}`)}
                      </MenuItem>
                    ))}
                  </FormTextField>
                  <FormTextField
                    control={control}
                    name="zoneId"
                    label={t('billing.tariffs.zone')}
                    select
                    fullWidth
                    helperText={t('billing.tariffs.zoneHelp')}
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  >
                    <MenuItem value="">{t('billing.tariffs.allZones')}</MenuItem>
                    {zoneOptions.map((z) => (
                      <MenuItem key={z.id} value={String(z.id)}>
                        {z.name}
                      </MenuItem>
                    ))}
                  </FormTextField>
                </Stack>
                <Alert severity="info" variant="outlined">
                  {t('billing.tariffs.effectiveHelp')}
                </Alert>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <FormTextField
                    control={control}
                    name="effectiveFrom"
                    label={t('billing.tariffs.effectiveFrom')}
                    type="date"
                    required
                    fullWidth
                    helperText={t('billing.tariffs.effectiveFromHelp')}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                  <FormTextField
                    control={control}
                    name="effectiveTo"
                    label={t('billing.tariffs.effectiveTo')}
                    type="date"
                    fullWidth
                    helperText={t('billing.tariffs.effectiveToHelp')}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <FormTextField
                    control={control}
                    name="serviceCharge"
                    label={t('billing.tariffs.serviceCharge')}
                    fullWidth
                    helperText={t('billing.tariffs.serviceChargeHelp')}
                    slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
                  />
                  <FormTextField
                    control={control}
                    name="minimumCharge"
                    label={t('billing.tariffs.minimumCharge')}
                    fullWidth
                    helperText={t('billing.tariffs.minimumChargeHelp')}
                    slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
                  />
                  <FormTextField
                    control={control}
                    name="taxPercent"
                    label={t('billing.tariffs.taxPercent')}
                    fullWidth
                    helperText={t('billing.tariffs.taxHelp')}
                    slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
                  />
                </Stack>
                <BlocksEditor control={control} />
                <FormTextField
                  control={control}
                  name="description"
                  label={t('billing.tariffs.description')}
                  multiline
                  minRows={2}
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 1000 } }}
                />
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
                  <CancelButton onClick={() => navigate('/customers/tariffs')} disabled={save.isPending} />
                  <Button type="submit" variant="contained" disabled={save.isPending || (!isNew && !formState.isDirty)}>
                    {t('billing.tariffs.save')}
                  </Button>
                </Box>
              </Stack>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <PricePreview control={control} />
          </Grid>
        </Grid>
      )}
    </>
  );
}
