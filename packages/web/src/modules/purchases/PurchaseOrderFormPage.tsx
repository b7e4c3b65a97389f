// /vendors/orders/new and /vendors/orders/:id/edit (a draft): vendor, date, expected date, branch, notes and
// the lines (items or free text). Validated with the contracts' purchaseOrderBody; saved as a draft, which
// is approved on its page.
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type Resolver, type UseFormSetValue, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { type PurchaseOrder, purchaseOrderBody, purchaseOrdersEndpoints, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { useDetailQuery, useEndpointMutation } from '../../lib/queries.ts';
import { emptyLine, type LineValues, PurchaseLinesEditor } from './PurchaseLinesEditor.tsx';
import type { TradeLinesForm } from '../../components/TradeLinesEditor.tsx';
import { usePurchaseChoices } from './purchases.queries.ts';
import { FromRequestNote, useRequestPrefill } from './fromRequest.tsx';

interface FormValues {
  vendorId: string;
  date: string;
  expectedDate: string;
  branchId: string;
  notes: string;
  /** The approved staff request it fulfils (filled from ?request= on a new order). */
  requestId: string;
  lines: LineValues[];
}
type Parsed = z.output<typeof purchaseOrderBody>;

const valuesOf = (o: PurchaseOrder): FormValues => ({
  vendorId: String(o.vendorId),
  date: o.date,
  expectedDate: o.expectedDate ?? '',
  branchId: String(o.branchId),
  notes: o.notes ?? '',
  requestId: '',
  lines: o.lines.map((l) => ({
    itemId: l.itemId ? String(l.itemId) : '',
    accountId: l.accountId ? String(l.accountId) : '',
    description: l.description ?? '',
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    discountPercent: l.discountPercent,
    taxPercent: l.taxPercent,
  })),
});

function OrderForm({ order }: { order?: PurchaseOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choices = usePurchaseChoices();
  const form = useForm<FormValues, unknown, Parsed>({
    mode: 'onTouched',
    resolver: zodResolver(purchaseOrderBody) as unknown as Resolver<FormValues, unknown, Parsed>,
    defaultValues: order ? valuesOf(order) : { vendorId: '', date: todayIso(), expectedDate: '', branchId: '', notes: '', requestId: '', lines: [emptyLine()] },
  });
  const control = form.control as unknown as Control<FormValues>;
  const request = useRequestPrefill(form as never);
  const options = {
    invalidate: [purchaseOrdersEndpoints.list, purchaseOrdersEndpoints.get],
    setError: form.setError,
    successMessage: false as const,
    onSuccess: (doc: PurchaseOrder) => {
      toast(t('purchases.orders.saved', { number: doc.number }), 'success');
      navigate(`/vendors/orders/${doc.id}`);
    },
  };
  const create = useEndpointMutation(purchaseOrdersEndpoints.create, options);
  const update = useEndpointMutation(purchaseOrdersEndpoints.update, options);
  const pending = create.isPending || update.isPending;
  const submit = form.handleSubmit((body) => (order ? update.mutate({ params: { id: order.id }, body }) : create.mutate({ body })));
  const c = choices.data;
  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }}>
      <FromRequestNote request={request} />
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
          <FormTextField control={control} name="branchId" label={t('purchases.field.branch')} select required disabled={choices.isPending} fullWidth>
            {(c?.branches ?? []).map((b) => (
              <MenuItem key={b.id} value={String(b.id)}>
                {b.name}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 6, sm: 2 }}>
          <FormTextField control={control} name="date" label={t('purchases.field.date')} type="date" required fullWidth />
        </Grid>
        <Grid size={{ xs: 6, sm: 2 }}>
          <FormTextField control={control} name="expectedDate" label={t('purchases.field.expectedDate')} type="date" fullWidth />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <FormTextField control={control} name="notes" label={t('purchases.field.notes')} fullWidth slotProps={{ htmlInput: { maxLength: 1000 } }} />
        </Grid>
      </Grid>
      <PurchaseLinesEditor
        control={control as unknown as Control<TradeLinesForm>}
        setValue={form.setValue as unknown as UseFormSetValue<TradeLinesForm>}
        choices={c}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button onClick={() => navigate(order ? `/vendors/orders/${order.id}` : '/vendors/orders')} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {t('purchases.orders.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

export default function PurchaseOrderFormPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id) || null;
  const order = useDetailQuery(purchaseOrdersEndpoints.get, id);
  if (id && !order.data) return <Skeleton variant="rounded" height={240} />;
  return (
    <>
      <PageHeader
        title={order.data ? t('purchases.orders.editTitle', { number: order.data.number }) : t('purchases.orders.newTitle')}
        subtitle={t('purchases.orders.newSubtitle')}
      />
      <OrderForm order={order.data} />
    </>
  );
}
