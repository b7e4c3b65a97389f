// Create or edit a customer: name, phone (Somali numbers, local or +252), e-mail, address, city, class,
// ID document, and on edit the status; the opening balance is posted to the ledger and cannot change
// once posted. Server field errors land on their field. A new customer opens on its own page.
import { useEffect, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type Customer,
  type CustomerInput,
  type CustomerStatus,
  customerClassValues,
  customersEndpoints,
  customerStatusValues,
  idDocumentTypeValues,
} from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, api, toast } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { billingPrivileges as p } from './billing.access.ts';
import { useAllCities } from './billing.queries.ts';
import { checkCustomerForm, type CustomerFormValues, customerToForm, emptyCustomer } from './customer.logic.ts';
import { bodyOf, contractResolver } from './form.logic.ts';
import { CancelButton } from './CancelButton.tsx';

const resolver = contractResolver(checkCustomerForm);

export interface CustomerFormDialogProps {
  /** The customer to edit; null creates one. */
  customer: Customer | null;
  open: boolean;
  onClose: () => void;
  /** After a save (a new customer: to open its page). */
  onSaved?: (customer: Customer, isNew: boolean) => void;
}

export function CustomerFormDialog({ customer, open, onClose, onSaved }: CustomerFormDialogProps) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const titleId = useId();
  const statusId = useId();
  const cities = useAllCities();
  const [status, setStatus] = useState<CustomerStatus>('Active');
  const { control, handleSubmit, reset, setError, formState } = useForm<CustomerFormValues>({
    mode: 'all',
    resolver,
    defaultValues: emptyCustomer(),
  });

  useEffect(() => {
    if (!open) return;
    reset(customer ? customerToForm(customer) : emptyCustomer());
    setStatus(customer?.status ?? 'Active');
  }, [open, customer, reset]);

  const save = useMutation({
    mutationFn: async (body: CustomerInput) => {
      const saved = customer
        ? await api.call(customersEndpoints.update, { params: { id: customer.id }, body })
        : await api.call(customersEndpoints.create, { body });
      // The status has its own endpoint (and audit line); it changes after the details are saved.
      return customer && status !== customer.status ? api.call(customersEndpoints.setStatus, { params: { id: customer.id }, body: { status } }) : saved;
    },
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: endpointKeys(customersEndpoints.list).all });
      toast(t('billing.customers.saved', { name: saved.name, number: saved.customerNo }), 'success');
      onClose();
      onSaved?.(saved, customer === null);
    },
    onError: (err) => {
      if (err instanceof ApiError) applyServerErrors(err, setError);
    },
  });

  const isNew = customer === null;
  const isBalanceFixed = Boolean(customer?.openingBalancePosted);
  const mayListCities = can(p.cities);
  const cityOptions = (cities.data ?? []).filter((c) => c.status === 'Active' || c.id === customer?.cityId);
  if (customer?.cityId && !cityOptions.some((c) => c.id === customer.cityId)) {
    cityOptions.push({ id: customer.cityId, name: customer.cityName ?? '', region: null, status: 'Active', createdAt: '', updatedAt: '' });
  }
  const submit = handleSubmit((values) => save.mutate(bodyOf(checkCustomerForm, values)));
  const isChanged = formState.isDirty || (customer !== null && status !== customer.status);

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{isNew ? t('billing.customers.createTitle') : t('billing.customers.editTitle', { number: customer.customerNo })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <Grid container spacing={2.5} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 8 }}>
              <FormTextField
                control={control}
                name="name"
                label={t('billing.customers.name')}
                required
                autoFocus
                fullWidth
                slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField control={control} name="customerClass" label={t('billing.class.label')} select required fullWidth>
                {customerClassValues.map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`billing.class.${c}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="phone"
                label={t('billing.customers.phone')}
                type="tel"
                required
                fullWidth
                helperText={t('billing.customers.phoneHelp')}
                slotProps={{ htmlInput: { maxLength: 30, autoComplete: 'off', inputMode: 'tel' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="email"
                label={t('billing.customers.email')}
                type="email"
                fullWidth
                slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <FormTextField
                control={control}
                name="address"
                label={t('billing.customers.address')}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 500, autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              {mayListCities ? (
                <FormTextField
                  control={control}
                  name="cityId"
                  label={t('billing.customers.city')}
                  select
                  fullWidth
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                >
                  <MenuItem value="">{t('billing.customers.noCity')}</MenuItem>
                  {cityOptions.map((c) => (
                    <MenuItem key={c.id} value={String(c.id)}>
                      {c.name}
                    </MenuItem>
                  ))}
                </FormTextField>
              ) : (
                <TextField
                  label={t('billing.customers.city')}
                  value={customer?.cityName ?? ''}
                  disabled
                  fullWidth
                  helperText={t('billing.customers.cityNoPrivilege')}
                />
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="idType"
                label={t('billing.customers.idType')}
                select
                fullWidth
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('billing.customers.noId')}</MenuItem>
                {idDocumentTypeValues.map((v) => (
                  <MenuItem key={v} value={v}>
                    {t(`billing.idType.${v}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="idNumber"
                label={t('billing.customers.idNumber')}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 60, autoComplete: 'off' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              {isNew ? (
                <TextField label={t('billing.status')} value={t('status.Active')} disabled fullWidth helperText={t('billing.customers.newIsActive')} />
              ) : (
                <TextField
                  id={statusId}
                  select
                  label={t('billing.status')}
                  value={status}
                  onChange={(e) => setStatus(e.target.value as CustomerStatus)}
                  fullWidth
                >
                  {customerStatusValues.map((s) => (
                    <MenuItem key={s} value={s}>
                      {t(`status.${s}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="openingBalance"
                label={t('billing.customers.openingBalance')}
                fullWidth
                disabled={isBalanceFixed}
                helperText={isBalanceFixed ? t('billing.customers.openingPosted') : t('billing.customers.openingHelp')}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <CancelButton onClick={onClose} disabled={save.isPending} />
          <Button type="submit" variant="contained" disabled={save.isPending || (!isNew && !isChanged)}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
