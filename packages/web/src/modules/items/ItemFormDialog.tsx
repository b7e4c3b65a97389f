// Create or edit an item: code, name, kind, category and unit (the settings lists), prices, tax, the
// accounts it posts to (empty: the organisation's defaults, shown as the hint), reorder level, barcode
// and description. Validated with the contracts' itemBody; the server's field errors (code or barcode
// taken, an account of the wrong kind, a kind that stock moves lock) show on their fields.
import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Item, itemBody, itemKindValues, itemsEndpoints, type z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toast } from '../../lib/api.ts';
import { useSaveEndpoint } from '../../lib/queries.ts';
import { CategoryAccounts } from './CategoryAccounts.tsx';
import { useItemChoices } from './items.queries.ts';

type FormValues = {
  code: string;
  name: string;
  kind: string;
  categoryId: string;
  unitId: string;
  salePrice: string;
  purchasePrice: string;
  taxPercent: string;
  incomeAccountId: string;
  expenseAccountId: string;
  inventoryAccountId: string;
  reorderLevel: string;
  barcode: string;
  description: string;
};
type Parsed = z.output<typeof itemBody>;

function valuesOf(i: Item | null): FormValues {
  return {
    code: i?.code ?? '',
    name: i?.name ?? '',
    kind: i?.kind ?? 'stock',
    categoryId: i?.categoryId ? String(i.categoryId) : '',
    unitId: i?.unitId ? String(i.unitId) : '',
    salePrice: i?.salePrice ?? '0.00',
    purchasePrice: i?.purchasePrice ?? '0.00',
    taxPercent: i?.taxPercent ?? '0',
    incomeAccountId: i ? String(i.incomeAccount.id) : '',
    expenseAccountId: i ? String(i.expenseAccount.id) : '',
    inventoryAccountId: i?.inventoryAccount ? String(i.inventoryAccount.id) : '',
    reorderLevel: i?.reorderLevel ?? '0',
    barcode: i?.barcode ?? '',
    description: i?.description ?? '',
  };
}

const resolver = zodResolver(itemBody) as unknown as Resolver<FormValues, unknown, Parsed>;

export interface ItemFormDialogProps {
  /** The item to edit; null creates one. */
  item: Item | null;
  open: boolean;
  onClose: () => void;
}

export function ItemFormDialog({ item, open, onClose }: ItemFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const choices = useItemChoices(open);
  const form = useForm<FormValues, unknown, Parsed>({ mode: 'all', resolver, defaultValues: valuesOf(null) });
  const { handleSubmit, reset, setError } = form;
  // The fields see the form's text values; the parsed body (numbers, nulls) goes only to the save.
  const control = form.control as unknown as Control<FormValues>;
  const kind = useWatch({ control, name: 'kind' });

  useEffect(() => {
    if (open) reset(valuesOf(item));
  }, [open, item, reset]);

  const save = useSaveEndpoint(
    { create: itemsEndpoints.create, update: itemsEndpoints.update },
    {
      setError,
      successMessage: false,
      onSuccess: (saved) => {
        toast(t('items.form.saved', { code: saved.code }), 'success');
        onClose();
      },
    },
  );

  const data = choices.data;
  const defaultName = (list: Array<{ id: number; code: string; name: string }> | undefined, id: number | undefined) => {
    const a = list?.find((x) => x.id === id);
    return a ? t('items.field.defaultAccount', { name: `${a.code} · ${a.name}` }) : undefined;
  };
  const isNew = item === null;
  const submit = handleSubmit((body) => save.mutate({ id: item?.id, body }));

  const select = (name: keyof FormValues, label: string, options: Array<{ id: number; name: string; code?: string }>, helperText?: string) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      select
      disabled={choices.isPending}
      helperText={helperText}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      fullWidth
    >
      <MenuItem value="">{t('items.field.none')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.code ? `${o.code} · ${o.name}` : o.name}
        </MenuItem>
      ))}
    </FormTextField>
  );

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{isNew ? t('items.form.createTitle') : t('items.form.editTitle', { code: item.code })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <Grid container spacing={2.5} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="code"
                label={t('items.field.code')}
                required
                autoFocus
                slotProps={{ htmlInput: { maxLength: 40 } }}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <FormTextField control={control} name="name" label={t('items.field.name')} required slotProps={{ htmlInput: { maxLength: 160 } }} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField control={control} name="kind" label={t('items.field.kind')} select required helperText={t('items.form.kindHelp')} fullWidth>
                {itemKindValues.map((k) => (
                  <MenuItem key={k} value={k}>
                    {t(`items.kind.${k}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{select('categoryId', t('items.field.category'), data?.categories ?? [])}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{select('unitId', t('items.field.unit'), data?.units ?? [])}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="salePrice"
                label={t('items.field.salePrice')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="purchasePrice"
                label={t('items.field.purchasePrice')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="taxPercent"
                label={t('items.field.taxPercent')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {select(
                'incomeAccountId',
                t('items.field.incomeAccount'),
                data?.incomeAccounts ?? [],
                defaultName(data?.incomeAccounts, data?.defaults.incomeAccountId),
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {select(
                'expenseAccountId',
                t('items.field.expenseAccount'),
                data?.expenseAccounts ?? [],
                defaultName(data?.expenseAccounts, data?.defaults.expenseAccountId),
              )}
            </Grid>
            {kind === 'stock' && (
              <>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {select(
                    'inventoryAccountId',
                    t('items.field.inventoryAccount'),
                    data?.inventoryAccounts ?? [],
                    defaultName(data?.inventoryAccounts, data?.defaults.inventoryAccountId),
                  )}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField
                    control={control}
                    name="reorderLevel"
                    label={t('items.field.reorderLevel')}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    fullWidth
                  />
                </Grid>
              </>
            )}
            <Grid size={12}>
              <CategoryAccounts control={control} setValue={form.setValue as never} choices={data} open={open} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="barcode" label={t('items.field.barcode')} slotProps={{ htmlInput: { maxLength: 64 } }} fullWidth />
            </Grid>
            <Grid size={12}>
              <FormTextField
                control={control}
                name="description"
                label={t('items.field.description')}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
                fullWidth
              />
            </Grid>
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
