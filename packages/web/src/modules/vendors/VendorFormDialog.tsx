// Create or edit a vendor: number (empty: the next of the series), name, contact person, phone, e-mail,
// address, tax number, payment terms, default expense account, opening balance and its date (posted once,
// then read-only) and notes. Validated with the contracts' vendorBody; the server's field errors (number
// taken, an account that is not an active expense account, a posted opening balance) show on their fields.
import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Vendor, type VendorInput, vendorBody, vendorsEndpoints } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toast } from '../../lib/api.ts';
import { useSaveEndpoint } from '../../lib/queries.ts';
import { useVendorChoices } from './vendors.queries.ts';

type FormValues = {
  number: string;
  name: string;
  contactPerson: string;
  phone: string;
  email: string;
  address: string;
  taxNumber: string;
  paymentTermsDays: string;
  defaultExpenseAccountId: string;
  openingBalance: string;
  openingDate: string;
  notes: string;
};

function valuesOf(v: Vendor | null): FormValues {
  return {
    number: v?.number ?? '',
    name: v?.name ?? '',
    contactPerson: v?.contactPerson ?? '',
    phone: v?.phone ?? '',
    email: v?.email ?? '',
    address: v?.address ?? '',
    taxNumber: v?.taxNumber ?? '',
    paymentTermsDays: String(v?.paymentTermsDays ?? 30),
    defaultExpenseAccountId: v?.defaultExpenseAccount ? String(v.defaultExpenseAccount.id) : '',
    openingBalance: v?.openingBalance ?? '0.00',
    openingDate: v?.openingDate ?? '',
    notes: v?.notes ?? '',
  };
}

const resolver = zodResolver(vendorBody) as unknown as Resolver<FormValues, unknown, VendorInput>;

export interface VendorFormDialogProps {
  /** The vendor to edit; null creates one. */
  vendor: Vendor | null;
  open: boolean;
  onClose: () => void;
  onSaved?: (vendor: Vendor) => void;
}

export function VendorFormDialog({ vendor, open, onClose, onSaved }: VendorFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const choices = useVendorChoices(open);
  const form = useForm<FormValues, unknown, VendorInput>({ mode: 'all', resolver, defaultValues: valuesOf(null) });
  const { handleSubmit, reset, setError } = form;
  const control = form.control as unknown as Control<FormValues>;

  useEffect(() => {
    if (open) reset(valuesOf(vendor));
  }, [open, vendor, reset]);

  const save = useSaveEndpoint(
    { create: vendorsEndpoints.create, update: vendorsEndpoints.update },
    {
      setError,
      successMessage: false,
      onSuccess: (saved) => {
        toast(t('vendors.form.saved', { number: saved.number }), 'success');
        onSaved?.(saved);
        onClose();
      },
    },
  );
  const isNew = vendor === null;
  const locked = vendor?.openingPosted ?? false;
  const submit = handleSubmit((body) => save.mutate({ id: vendor?.id, body }));
  const text = (name: keyof FormValues, label: string, max: number, size = 6, extra: Record<string, unknown> = {}) => (
    <Grid size={{ xs: 12, sm: size }}>
      <FormTextField control={control} name={name} label={label} slotProps={{ htmlInput: { maxLength: max } }} fullWidth {...extra} />
    </Grid>
  );

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{isNew ? t('vendors.form.createTitle') : t('vendors.form.editTitle', { number: vendor.number })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <Grid container spacing={2.5} sx={{ pt: 1 }}>
            {text('number', t('vendors.field.number'), 40, 4, {
              helperText: isNew && choices.data ? t('vendors.form.numberHelp', { number: choices.data.nextNumber }) : undefined,
            })}
            {text('name', t('vendors.field.name'), 160, 8, { required: true, autoFocus: true })}
            {text('contactPerson', t('vendors.field.contactPerson'), 120)}
            {text('phone', t('vendors.field.phone'), 40, 6, { slotProps: { htmlInput: { maxLength: 40, inputMode: 'tel' } } })}
            {text('email', t('vendors.field.email'), 200)}
            {text('taxNumber', t('vendors.field.taxNumber'), 60)}
            {text('address', t('vendors.field.address'), 500, 12)}
            {text('paymentTermsDays', t('vendors.field.paymentTermsDays'), 4, 4, { slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 4 } } })}
            <Grid size={{ xs: 12, sm: 8 }}>
              <FormTextField
                control={control}
                name="defaultExpenseAccountId"
                label={t('vendors.field.defaultExpenseAccount')}
                select
                disabled={choices.isPending}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                fullWidth
              >
                <MenuItem value="">{t('vendors.field.none')}</MenuItem>
                {(choices.data?.expenseAccounts ?? []).map((a) => (
                  <MenuItem key={a.id} value={String(a.id)}>
                    {`${a.code} · ${a.name}`}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="openingBalance"
                label={t('vendors.field.openingBalance')}
                disabled={locked}
                helperText={locked ? t('vendors.form.openingLocked') : t('vendors.form.openingHelp')}
                slotProps={{ htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' } } }}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="openingDate"
                label={t('vendors.field.openingDate')}
                type="date"
                disabled={locked}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Grid>
            {text('notes', t('vendors.field.notes'), 1000, 12, { multiline: true, minRows: 2 })}
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
