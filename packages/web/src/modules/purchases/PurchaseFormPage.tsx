// /vendors/credit-purchase/new and /vendors/cash-purchase/new: a vendor bill (vendor, the vendor's bill
// number, date, due date from the terms unless given, branch) or a cash purchase (the account paid from),
// then its lines. Validated with the contracts' vendorBillBody / cashPurchaseBody; the server's refusals
// (a duplicate bill number from the vendor, a line's account) land on their fields. Posted in one step.
import { useId } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type Resolver, type UseFormSetValue, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cashPurchaseBody, cashPurchasesEndpoints, itemsEndpoints, stockMovesEndpoints, vendorBillBody, vendorBillsEndpoints, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { emptyLine, type LineValues, PurchaseLinesEditor } from './PurchaseLinesEditor.tsx';
import type { TradeLinesForm } from '../../components/TradeLinesEditor.tsx';
import { purchasePaths } from './purchases.access.ts';
import { usePurchaseChoices } from './purchases.queries.ts';
import { FromRequestNote, useRequestPrefill } from './fromRequest.tsx';

interface FormValues {
  vendorId: string;
  vendorBillNo: string;
  date: string;
  dueDate: string;
  branchId: string;
  paymentAccountId: string;
  notes: string;
  /** The approved staff request it fulfils (filled from ?request=). */
  requestId: string;
  lines: LineValues[];
}
type Parsed = z.output<typeof vendorBillBody>;

export default function PurchaseFormPage({ kind }: { kind: 'bill' | 'cash' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formId = useId();
  const choices = usePurchaseChoices();
  const form = useForm<FormValues, unknown, Parsed>({
    mode: 'onTouched',
    resolver: zodResolver(kind === 'bill' ? vendorBillBody : cashPurchaseBody) as unknown as Resolver<FormValues, unknown, Parsed>,
    defaultValues: {
      vendorId: '',
      vendorBillNo: '',
      date: todayIso(),
      dueDate: '',
      branchId: '',
      paymentAccountId: '',
      notes: '',
      requestId: '',
      lines: [emptyLine()],
    },
  });
  const control = form.control as unknown as Control<FormValues>;
  const request = useRequestPrefill(form as never);
  const texts = kind === 'bill' ? 'bills' : 'cash';
  const endpoints = kind === 'bill' ? vendorBillsEndpoints : cashPurchasesEndpoints;
  const post = useEndpointMutation(endpoints.create as typeof vendorBillsEndpoints.create, {
    invalidate: [endpoints.list, itemsEndpoints.list, stockMovesEndpoints.list],
    setError: form.setError,
    successMessage: false,
    onSuccess: (doc) => {
      toast(t(`purchases.${texts}.posted`, { number: doc.number }), 'success');
      navigate(`${purchasePaths[kind]}/${doc.id}`);
    },
  });
  const submit = form.handleSubmit((body) => post.mutate({ body }));
  const c = choices.data;
  return (
    <>
      <PageHeader title={t(`purchases.${texts}.newTitle`)} subtitle={t(`purchases.${texts}.newSubtitle`)} />
      <FromRequestNote request={request} />
      <Paper component="form" id={formId} onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }}>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="vendorId" label={t('purchases.field.vendor')} select required disabled={choices.isPending} fullWidth>
              {(c?.vendors ?? []).map((v) => (
                <MenuItem key={v.id} value={String(v.id)}>
                  {v.number} · {v.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name="vendorBillNo"
              label={t('purchases.field.vendorBillNo')}
              required={kind === 'bill'}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="branchId" label={t('purchases.field.branch')} select required disabled={choices.isPending} fullWidth>
              {(c?.branches ?? []).map((b) => (
                <MenuItem key={b.id} value={String(b.id)}>
                  {b.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="date" label={t('purchases.field.date')} type="date" required fullWidth />
          </Grid>
          {kind === 'bill' ? (
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="dueDate"
                label={t('purchases.field.dueDate')}
                type="date"
                helperText={t('purchases.field.dueDateHelp')}
                fullWidth
              />
            </Grid>
          ) : (
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField control={control} name="paymentAccountId" label={t('purchases.field.paymentAccount')} select required fullWidth>
                {(c?.paymentAccounts ?? []).map((a) => (
                  <MenuItem key={a.id} value={String(a.id)}>
                    {a.code} {a.name}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="notes" label={t('purchases.field.notes')} fullWidth slotProps={{ htmlInput: { maxLength: 1000 } }} />
          </Grid>
        </Grid>
        <PurchaseLinesEditor
          control={control as unknown as Control<TradeLinesForm>}
          setValue={form.setValue as unknown as UseFormSetValue<TradeLinesForm>}
          choices={c}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(purchasePaths[kind])} disabled={post.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={post.isPending}>
            {t(`purchases.${texts}.post`)}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
