// /items/transfers/new: stock moved from one branch to another. From and to branches, date and memo,
// then lines of an item and a quantity. Validated with the contracts' stockTransferBody; the server's
// refusals (not enough at the first branch, naming the item and the quantity) land on their lines.
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { itemsEndpoints, stockMovesEndpoints, stockTransferBody, stockTransfersEndpoints, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { useItemChoices } from './items.queries.ts';
import { StockItemField, useStockItems } from './StockItemField.tsx';

interface FormValues {
  fromBranchId: string;
  toBranchId: string;
  date: string;
  memo: string;
  lines: Array<{ itemId: string; quantity: string }>;
}
type Parsed = z.output<typeof stockTransferBody>;

const resolver = zodResolver(stockTransferBody) as unknown as Resolver<FormValues, unknown, Parsed>;
const emptyLine = () => ({ itemId: '', quantity: '' });

export default function StockTransferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const branches = useItemChoices().data?.branches ?? [];
  const { items, isPending } = useStockItems();
  const form = useForm<FormValues, unknown, Parsed>({
    mode: 'onTouched',
    resolver,
    defaultValues: { fromBranchId: '', toBranchId: '', date: todayIso(), memo: '', lines: [emptyLine()] },
  });
  const control = form.control as unknown as Control<FormValues>;
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const post = useEndpointMutation(stockTransfersEndpoints.create, {
    invalidate: [itemsEndpoints.list, stockMovesEndpoints.list],
    setError: form.setError,
    successMessage: false,
    onSuccess: (doc) => {
      toast(t('items.transfers.posted', { number: doc.number }), 'success');
      navigate('/items/transfers');
    },
  });
  const submit = form.handleSubmit((body) => post.mutate({ body }));
  const branchSelect = (name: 'fromBranchId' | 'toBranchId', label: string) => (
    <FormTextField control={control} name={name} label={label} select required fullWidth>
      {branches.map((b) => (
        <MenuItem key={b.id} value={String(b.id)}>
          {b.name}
        </MenuItem>
      ))}
    </FormTextField>
  );

  return (
    <>
      <PageHeader title={t('items.transfers.newTitle')} subtitle={t('items.transfers.newSubtitle')} />
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }}>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, sm: 3 }}>{branchSelect('fromBranchId', t('items.transfers.from'))}</Grid>
          <Grid size={{ xs: 12, sm: 3 }}>{branchSelect('toBranchId', t('items.transfers.to'))}</Grid>
          <Grid size={{ xs: 12, sm: 3 }}>
            <FormTextField control={control} name="date" label={t('items.page.date')} type="date" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 3 }}>
            <FormTextField control={control} name="memo" label={t('items.adjustments.memo')} fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
          </Grid>
        </Grid>
        <Stack spacing={1.5} sx={{ mt: 3 }}>
          {fields.map((field, i) => (
            <Grid container spacing={1.5} key={field.id} sx={{ alignItems: 'flex-start' }}>
              <Grid size={{ xs: 12, md: 7 }}>
                <StockItemField control={control} name={`lines.${i}.itemId`} items={items} loading={isPending} />
              </Grid>
              <Grid size={{ xs: 10, md: 4 }}>
                <FormTextField
                  control={control}
                  name={`lines.${i}.quantity`}
                  label={t('items.adjustments.quantity')}
                  required
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
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
          ))}
          <div>
            <Button startIcon={<AddIcon />} onClick={() => append(emptyLine())}>
              {t('items.adjustments.addLine')}
            </Button>
          </div>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate('/items/transfers')} disabled={post.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={post.isPending}>
            {t('items.transfers.post')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
