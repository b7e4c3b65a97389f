// Create or edit a house and its meter: customer (searched by name, number, phone or meter), zone,
// house number and/or address, the class its tariff is looked up with (the customer's unless
// overridden), meter number (unique in the organisation), register digits, installation reading and
// date. Once the meter has readings it changes only by replacement, so its fields are locked here.
import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { customerClassValues, type House, type HouseDetail, type HouseInput } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { useMessage } from '../../lib/messages.ts';
import { useDetailQuery, useSaveMutation } from '../../lib/queries.ts';
import { billingPrivileges as p } from './billing.access.ts';
import { HOUSE_DEPENDENTS, HOUSES_PATH, useAllZones } from './billing.queries.ts';
import { CustomerPicker } from '../../components/CustomerPicker.tsx';
import { type CustomerOption, useCustomerOptions } from './customerSearch.ts';
import { bodyOf, contractResolver } from './form.logic.ts';
import { checkHouseForm, emptyHouse, type HouseFormValues, houseToForm, isMeterFixed } from './house.logic.ts';
import { CancelButton } from './CancelButton.tsx';

const resolver = contractResolver(checkHouseForm);
const DIGITS = ['4', '5', '6', '7', '8', '9'];

export interface HouseFormDialogProps {
  /** The house to edit; null adds one. */
  house: House | null;
  /** Adding a house for this customer (the customer page): the customer is fixed. */
  customer?: CustomerOption | null;
  open: boolean;
  onClose: () => void;
  onSaved?: (house: HouseDetail) => void;
}

export function HouseFormDialog({ house, customer = null, open, onClose, onSaved }: HouseFormDialogProps) {
  const { t } = useTranslation();
  const text = useMessage();
  const titleId = useId();
  const can = useCan();
  const zones = useAllZones();
  const detail = useDetailQuery<HouseDetail>(HOUSES_PATH, open && house ? house.id : null);
  const [picked, setPicked] = useState<CustomerOption | null>(null);
  const { control, handleSubmit, reset, setError, formState } = useForm<HouseFormValues>({
    mode: 'all',
    resolver,
    defaultValues: emptyHouse(null, todayIso()),
  });

  useEffect(() => {
    if (!open) return;
    if (house) {
      reset(houseToForm(house));
      setPicked({ id: house.customerId, customerNo: house.customerNo, name: house.customerName, customerClass: house.customerClass });
    } else {
      reset(emptyHouse(customer?.id ?? null, todayIso()));
      setPicked(customer);
    }
  }, [open, house, customer, reset]);

  const save = useSaveMutation<HouseInput, HouseDetail, HouseFormValues>({
    path: HOUSES_PATH,
    invalidate: HOUSE_DEPENDENTS,
    setError,
    successMessage: false,
    onSuccess: (saved) => {
      toast(t('billing.houses.saved', { meter: saved.meterNumber }), 'success');
      onClose();
      onSaved?.(saved);
    },
  });

  const isNew = house === null;
  const isMeterLocked = Boolean(detail.data && isMeterFixed(detail.data));
  // New houses go into active zones; a house keeps showing its own zone even if that zone was retired.
  const zoneOptions = (zones.data ?? []).filter((z) => z.status === 'Active' || z.id === house?.zoneId).map((z) => ({ id: z.id, name: z.name }));
  if (house && !zoneOptions.some((z) => z.id === house.zoneId)) zoneOptions.push({ id: house.zoneId, name: house.zoneName });
  const customerClassName = picked ? t(`billing.class.${picked.customerClass}`) : '';
  const submit = handleSubmit((values) => save.mutate({ id: house?.id, body: bodyOf(checkHouseForm, values) }));
  const meterHelp = isMeterLocked ? t('billing.houses.meterLocked') : undefined;

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{isNew ? t('billing.houses.createTitle') : t('billing.houses.editTitle', { meter: house.meterNumber })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <Grid container spacing={2.5} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 7 }}>
              <Controller
                control={control}
                name="customerId"
                render={({ field, fieldState, formState: fs }) => {
                  const show = Boolean(fieldState.error) && (fieldState.isTouched || fs.isSubmitted);
                  return (
                    <CustomerPicker
                      useSearch={useCustomerOptions}
                      value={picked}
                      onChange={(c) => {
                        setPicked(c);
                        field.onChange(c ? c.id : null);
                      }}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      label={t('billing.houses.customer')}
                      required
                      disabled={customer !== null}
                      error={show}
                      helperText={show ? text(fieldState.error?.message) : undefined}
                    />
                  );
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
              <FormTextField
                control={control}
                name="zoneId"
                label={t('billing.zone')}
                select
                required
                fullWidth
                autoFocus={customer !== null}
                helperText={can(p.zones) ? undefined : t('billing.houses.zonesNoPrivilege')}
              >
                {zoneOptions.map((z) => (
                  <MenuItem key={z.id} value={String(z.id)}>
                    {z.name}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="houseNo"
                label={t('billing.houses.houseNo')}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 60, autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <FormTextField
                control={control}
                name="address"
                label={t('billing.houses.address')}
                fullWidth
                helperText={t('billing.houses.numberOrAddress')}
                slotProps={{ htmlInput: { maxLength: 500, autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="tariffClass"
                label={t('billing.houses.tariffClass')}
                select
                fullWidth
                helperText={t('billing.houses.tariffClassHelp')}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">
                  {picked ? t('billing.houses.customersClassNamed', { name: customerClassName }) : t('billing.houses.customersClass')}
                </MenuItem>
                {customerClassValues.map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`billing.class.${c}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={12}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t('billing.houses.meterSection')}
              </Typography>
              {isMeterLocked && (
                <Alert severity="info" sx={{ mt: 1 }}>
                  {t('billing.houses.meterLocked')}
                </Alert>
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="meterNumber"
                label={t('billing.houses.meterNumber')}
                required
                fullWidth
                disabled={isMeterLocked}
                helperText={meterHelp ?? t('billing.houses.meterNumberHelp')}
                slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 2 }}>
              <FormTextField control={control} name="meterDigits" label={t('billing.houses.digits')} select required fullWidth disabled={isMeterLocked}>
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
                name="installationReading"
                label={t('billing.houses.installationReading')}
                required
                fullWidth
                disabled={isMeterLocked}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              <FormTextField
                control={control}
                name="installationDate"
                label={t('billing.houses.installationDate')}
                type="date"
                required
                fullWidth
                disabled={isMeterLocked}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <CancelButton onClick={onClose} disabled={save.isPending} />
          <Button type="submit" variant="contained" disabled={save.isPending || (!isNew && !formState.isDirty)}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
