// /customers/sales-invoice/new, /customers/sales-receipt/new, /customers/quotation/new: a new invoice,
// cash sale or quotation. The customer (a cash sale may leave it empty: the walk-in customer), the dates
// (an invoice's due date, a quotation's validity), the branch whose stock the goods leave, for a cash sale
// the account the money goes into, then the lines with their totals. Checked with the contracts' body
// schema; the server's refusals (not enough in stock, naming the item and what is on hand) land on their
// fields. Posted in one step; the document's page opens.
import { useEffect, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, Controller, type Resolver, type UseFormSetValue, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type SalesCustomer, quotationBody, salesInvoiceBody, salesReceiptBody } from '@ubo/contracts';
import { CustomerPicker } from '../../components/CustomerPicker.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { useMessage } from '../../lib/messages.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { kinds } from './sales.kinds.ts';
import { useSalesChoices, useSalesCustomerSearch } from './sales.queries.ts';
import { type LineValues, SalesLinesEditor, emptyLine } from './SalesLinesEditor.tsx';
import type { TradeLinesForm } from '../../components/TradeLinesEditor.tsx';

type FormKind = 'invoice' | 'receipt' | 'quotation';
interface FormValues {
  customerId: string;
  date: string;
  dueDate: string;
  validUntil: string;
  branchId: string;
  accountId: string;
  reference: string;
  notes: string;
  lines: LineValues[];
}

const schemas = { invoice: salesInvoiceBody, receipt: salesReceiptBody, quotation: quotationBody };
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export default function SalesFormPage({ kind }: { kind: FormKind }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const formId = useId();
  const choices = useSalesChoices();
  const [customer, setCustomer] = useState<SalesCustomer | null>(null);
  const today = todayIso();
  const form = useForm<FormValues, unknown, never>({
    mode: 'onTouched',
    resolver: zodResolver(schemas[kind]) as unknown as Resolver<FormValues, unknown, never>,
    defaultValues: {
      customerId: '',
      date: today,
      dueDate: addDays(today, 30),
      validUntil: addDays(today, 30),
      branchId: '',
      accountId: '',
      reference: '',
      notes: '',
      lines: [emptyLine()],
    },
  });
  const control = form.control;
  const data = choices.data;
  // The first branch and the first receiving account until the clerk picks others.
  useEffect(() => {
    if (!data) return;
    if (!form.getValues('branchId') && data.branches[0]) form.setValue('branchId', String(data.branches[0].id));
    if (!form.getValues('accountId') && data.receivingAccounts[0]) form.setValue('accountId', String(data.receivingAccounts[0].id));
  }, [data, form]);

  const k = kinds[kind];
  const post = useEndpointMutation(k.endpoints.create as typeof kinds.invoice.endpoints.create, {
    setError: form.setError,
    successMessage: false,
    onSuccess: (doc) => {
      toast(t(`sales.kind.${kind}.posted`, { number: doc.number }), 'success');
      navigate(`${k.path}/${doc.id}`);
    },
  });
  const submit = form.handleSubmit((body) => post.mutate({ body } as never));

  return (
    <>
      <PageHeader title={t(`sales.kind.${kind}.new`)} subtitle={t(`sales.kind.${kind}.subtitle`)} />
      <Paper component="form" id={formId} onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }}>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              control={control}
              name="customerId"
              render={({ fieldState }) => (
                <CustomerPicker
                  useSearch={useSalesCustomerSearch}
                  value={customer}
                  onChange={(c) => {
                    setCustomer(c);
                    form.setValue('customerId', c ? String(c.id) : '', { shouldValidate: kind !== 'receipt' });
                  }}
                  label={kind === 'receipt' ? t('sales.field.walkIn') : t('sales.field.customer')}
                  required={kind !== 'receipt'}
                  autoFocus
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error ? message(fieldState.error.message) : undefined}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FormTextField
              control={control}
              name="date"
              label={t('sales.field.date')}
              type="date"
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            {kind === 'invoice' && (
              <FormTextField
                control={control}
                name="dueDate"
                label={t('sales.field.dueDate')}
                type="date"
                required
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
            {kind === 'quotation' && (
              <FormTextField
                control={control}
                name="validUntil"
                label={t('sales.field.validUntil')}
                type="date"
                required
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
            {kind === 'receipt' && (
              <FormTextField control={control} name="accountId" label={t('sales.field.account')} select required fullWidth disabled={choices.isPending}>
                {(data?.receivingAccounts ?? []).map((a) => (
                  <MenuItem key={a.id} value={String(a.id)}>
                    {`${a.code} ${a.name}`}
                  </MenuItem>
                ))}
              </FormTextField>
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormTextField control={control} name="branchId" label={t('sales.field.branch')} select required fullWidth disabled={choices.isPending}>
              {(data?.branches ?? []).map((b) => (
                <MenuItem key={b.id} value={String(b.id)}>
                  {b.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          {kind === 'receipt' && (
            <Grid size={{ xs: 12, md: 3 }}>
              <FormTextField control={control} name="reference" label={t('sales.field.reference')} fullWidth slotProps={{ htmlInput: { maxLength: 100 } }} />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: kind === 'receipt' ? 5 : 8 }}>
            <FormTextField control={control} name="notes" label={t('sales.field.notes')} fullWidth slotProps={{ htmlInput: { maxLength: 1000 } }} />
          </Grid>
        </Grid>
        <SalesLinesEditor
          control={control as unknown as Control<TradeLinesForm>}
          setValue={form.setValue as unknown as UseFormSetValue<TradeLinesForm>}
          choices={data}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(k.path)} disabled={post.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={post.isPending}>
            {kind === 'quotation' ? t('sales.action.save') : t('sales.action.post')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
