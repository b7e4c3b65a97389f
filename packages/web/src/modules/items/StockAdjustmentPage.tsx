// /items/adjustments/new: a new stock adjustment or opening stock. Kind, branch, date and reason, then
// lines: an item (stocked goods), a quantity (+ came in, - left) and, for what came in, its cost per
// unit. Validated with the contracts' stockAdjustmentBody; the server's refusals (not enough on hand,
// naming the item and the quantity) land on their lines. Posted in one step; the list shows it.
import { useId } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { itemsEndpoints, stockAdjustmentBody, stockAdjustmentKindValues, stockAdjustmentsEndpoints, stockMovesEndpoints, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { todayIso } from '../../lib/format.ts';
import { toast } from '../../lib/api.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { useItemChoices } from './items.queries.ts';
import { StockItemField, useStockItems } from './StockItemField.tsx';

interface LineValues {
  itemId: string;
  quantity: string;
  unitCost: string;
  memo: string;
}
interface FormValues {
  kind: string;
  branchId: string;
  date: string;
  reason: string;
  lines: LineValues[];
}
type Parsed = z.output<typeof stockAdjustmentBody>;

const emptyLine = (): LineValues => ({ itemId: '', quantity: '', unitCost: '', memo: '' });
const resolver = zodResolver(stockAdjustmentBody) as unknown as Resolver<FormValues, unknown, Parsed>;

export default function StockAdjustmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formId = useId();
  const choices = useItemChoices();
  const { items: stockItems, isPending: itemsPending } = useStockItems();
  const form = useForm<FormValues, unknown, Parsed>({
    mode: 'onTouched',
    resolver,
    defaultValues: { kind: 'adjustment', branchId: '', date: todayIso(), reason: '', lines: [emptyLine()] },
  });
  const control = form.control as unknown as Control<FormValues>;
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });

  const post = useEndpointMutation(stockAdjustmentsEndpoints.create, {
    invalidate: [itemsEndpoints.list, stockMovesEndpoints.list],
    setError: form.setError,
    successMessage: false,
    onSuccess: (doc) => {
      toast(t('items.adjustments.posted', { number: doc.number }), 'success');
      navigate('/items/adjustments');
    },
  });
  const submit = form.handleSubmit((body) => post.mutate({ body }));

  return (
    <>
      <PageHeader title={t('items.adjustments.newTitle')} subtitle={t('items.adjustments.newSubtitle')} />
      <Paper component="form" id={formId} onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }}>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, sm: 3 }}>
            <FormTextField control={control} name="kind" label={t('items.field.kind')} select required fullWidth>
              {stockAdjustmentKindValues.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`items.adjustments.kind.${k}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 3 }}>
            <FormTextField control={control} name="branchId" label={t('items.page.branch')} select required disabled={choices.isPending} fullWidth>
              {(choices.data?.branches ?? []).map((b) => (
                <MenuItem key={b.id} value={String(b.id)}>
                  {b.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 3 }}>
            <FormTextField control={control} name="date" label={t('items.page.date')} type="date" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 3 }}>
            <FormTextField control={control} name="reason" label={t('items.adjustments.reason')} fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
          </Grid>
        </Grid>
        <Stack spacing={1.5} sx={{ mt: 3 }}>
          {fields.map((field, i) => {
            const incoming = !(lines?.[i]?.quantity ?? '').trim().startsWith('-');
            return (
              <Grid container spacing={1.5} key={field.id} sx={{ alignItems: 'flex-start' }}>
                <Grid size={{ xs: 12, md: 4 }}>
                  <StockItemField control={control} name={`lines.${i}.itemId`} items={stockItems} loading={itemsPending} />
                </Grid>
                <Grid size={{ xs: 6, md: 2 }}>
                  <FormTextField
                    control={control}
                    name={`lines.${i}.quantity`}
                    label={t('items.adjustments.quantity')}
                    required
                    // What leaves goes out at the average cost: a cost typed before the minus would mislead.
                    transform={(v) => {
                      if (v.trim().startsWith('-')) form.setValue(`lines.${i}.unitCost`, '');
                      return v;
                    }}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    fullWidth
                  />
                </Grid>
                <Grid size={{ xs: 6, md: 2 }}>
                  <FormTextField
                    control={control}
                    name={`lines.${i}.unitCost`}
                    label={t('items.adjustments.unitCost')}
                    disabled={!incoming}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    fullWidth
                  />
                </Grid>
                <Grid size={{ xs: 10, md: 3 }}>
                  <FormTextField
                    control={control}
                    name={`lines.${i}.memo`}
                    label={t('items.adjustments.memo')}
                    slotProps={{ htmlInput: { maxLength: 300 } }}
                    fullWidth
                  />
                </Grid>
                <Grid size={{ xs: 2, md: 1 }}>
                  <IconButton
                    aria-label={t('items.adjustments.removeLine', { n: i + 1 })}
                    onClick={() => remove(i)}
                    disabled={fields.length === 1}
                    sx={{ mt: 1 }}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Grid>
              </Grid>
            );
          })}
          <div>
            <Button startIcon={<AddIcon />} onClick={() => append(emptyLine())}>
              {t('items.adjustments.addLine')}
            </Button>
          </div>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate('/items/adjustments')} disabled={post.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={post.isPending}>
            {t('items.adjustments.post')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
