// The lines of a purchase document (vendor bill, cash purchase, order): an item (its purchase price and tax
// come in when chosen) or a free line with a description and an expense account (empty: the vendor's
// default), quantity, unit price, discount and tax percent; each line's total and the document's totals
// are figured with the contracts' lineFigures/documentFigures, the rule the server posts with.
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { type Control, Controller, type UseFormSetValue, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { documentFigures, type PurchaseChoices } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { useMessage } from '../../lib/messages.ts';
import { Totals } from './PurchaseParts.tsx';

export interface LineValues {
  itemId: string;
  accountId: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  taxPercent: string;
}
export interface WithLines {
  lines: LineValues[];
}

export const emptyLine = (): LineValues => ({
  itemId: '',
  accountId: '',
  description: '',
  quantity: '1',
  unitPrice: '',
  discountPercent: '0',
  taxPercent: '0',
});

const number = /^\d{1,12}(\.\d{1,3})?$/;
const valid = (l: LineValues | undefined) =>
  !!l &&
  number.test(l.quantity.trim()) &&
  number.test(l.unitPrice.trim() || 'x') &&
  number.test(l.discountPercent.trim() || '0') &&
  number.test(l.taxPercent.trim() || '0');
const asFigures = (l: LineValues) => ({
  quantity: l.quantity.trim(),
  unitPrice: l.unitPrice.trim(),
  discountPercent: l.discountPercent.trim() || '0',
  taxPercent: l.taxPercent.trim() || '0',
});

export function PurchaseLinesEditor({
  control,
  setValue,
  choices,
}: {
  control: Control<WithLines>;
  setValue: UseFormSetValue<WithLines>;
  choices: PurchaseChoices | undefined;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });
  const items = choices?.items ?? [];
  const figures = documentFigures((lines ?? []).filter(valid).map(asFigures));
  return (
    <Stack spacing={1.5} sx={{ mt: 3 }}>
      <Typography variant="subtitle2">{t('purchases.document.lines')}</Typography>
      {fields.map((field, i) => {
        const line = lines?.[i];
        const free = !line?.itemId;
        return (
          <Grid container spacing={1.5} key={field.id} sx={{ alignItems: 'flex-start' }} data-testid={`line-${i}`}>
            <Grid size={{ xs: 12, md: 3 }}>
              <Controller
                control={control}
                name={`lines.${i}.itemId`}
                render={({ field: f, fieldState }) => {
                  const chosen = items.find((x) => String(x.id) === f.value) ?? null;
                  return (
                    <Autocomplete
                      options={items}
                      value={chosen}
                      onChange={(_, v) => {
                        f.onChange(v ? String(v.id) : '');
                        if (v) {
                          if (!line?.unitPrice) setValue(`lines.${i}.unitPrice`, v.purchasePrice);
                          setValue(`lines.${i}.taxPercent`, String(Number(v.taxPercent)));
                        }
                      }}
                      onBlur={f.onBlur}
                      getOptionLabel={(o) => `${o.code} · ${o.name}`}
                      isOptionEqualToValue={(a, b) => a.id === b.id}
                      renderInput={(params) => (
                        <TextField
                          {...params}
                          inputRef={f.ref}
                          label={t('purchases.line.item')}
                          error={Boolean(fieldState.error)}
                          helperText={fieldState.error ? message(fieldState.error.message) : free ? t('purchases.line.free') : undefined}
                        />
                      )}
                    />
                  );
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: free ? 2 : 3 }}>
              <FormTextField
                control={control}
                name={`lines.${i}.description`}
                label={t('purchases.line.description')}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 300 } }}
              />
            </Grid>
            {free && (
              <Grid size={{ xs: 12, md: 2 }}>
                <FormTextField control={control} name={`lines.${i}.accountId`} label={t('purchases.line.account')} select fullWidth>
                  <MenuItem value="">{t('purchases.line.accountDefault')}</MenuItem>
                  {(choices?.expenseAccounts ?? []).map((a) => (
                    <MenuItem key={a.id} value={String(a.id)}>
                      {a.code} {a.name}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Grid>
            )}
            <Grid size={{ xs: 4, md: 1 }}>
              <FormTextField
                control={control}
                name={`lines.${i}.quantity`}
                label={t('purchases.line.quantity')}
                required
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 4, md: free ? 1.5 : 2 }}>
              <FormTextField
                control={control}
                name={`lines.${i}.unitPrice`}
                label={t('purchases.line.unitPrice')}
                required
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 4, md: 0.75 }}>
              <FormTextField control={control} name={`lines.${i}.discountPercent`} label={t('purchases.line.discountPercent')} fullWidth />
            </Grid>
            <Grid size={{ xs: 4, md: 0.75 }}>
              <FormTextField control={control} name={`lines.${i}.taxPercent`} label={t('purchases.line.taxPercent')} fullWidth />
            </Grid>
            <Grid size={{ xs: 6, md: 0.5 }} sx={{ pt: 2, textAlign: 'right' }}>
              {valid(line) && line ? <MoneyText value={documentFigures([asFigures(line)]).total} /> : '—'}
            </Grid>
            <Grid size={{ xs: 2, md: 0.5 }}>
              <IconButton aria-label={t('purchases.line.remove', { n: i + 1 })} onClick={() => remove(i)} disabled={fields.length === 1} sx={{ mt: 1 }}>
                <DeleteOutlineIcon />
              </IconButton>
            </Grid>
          </Grid>
        );
      })}
      <div>
        <Button startIcon={<AddIcon />} onClick={() => append(emptyLine())}>
          {t('purchases.line.add')}
        </Button>
      </div>
      <Totals
        rows={[
          { label: t('purchases.field.subtotal'), value: figures.subtotal },
          { label: t('purchases.field.discount'), value: figures.discount },
          { label: t('purchases.field.tax'), value: figures.tax },
          { label: t('purchases.field.total'), value: figures.total, bold: true },
        ]}
      />
    </Stack>
  );
}
