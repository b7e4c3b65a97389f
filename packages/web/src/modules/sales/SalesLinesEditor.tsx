// The lines of a quotation, invoice or cash sale: an item or service (its price and tax filled in when
// picked, what is on hand at the branch as its hint) or a free line on an income account; quantity, unit
// price, discount and tax percent; each line's amount and the document's totals computed as the server
// will (contracts' lineFigures / documentFigures). Field errors of the server land on their line.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
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
import { type SalesChoices, documentFigures, lineFigures } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { useMessage } from '../../lib/messages.ts';

export interface LineValues {
  itemId: string;
  accountId: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  taxPercent: string;
}
export interface LinesForm {
  branchId: string;
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

const DECIMAL = /^\d{1,12}(\.\d{1,3})?$/;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;
/** A line's figures while it is typed: none until its numbers are numbers. */
function figuresOf(l: LineValues | undefined) {
  if (!l || !DECIMAL.test(l.quantity.trim()) || !MONEY.test(l.unitPrice.trim())) return null;
  const discountPercent = PERCENT.test(l.discountPercent.trim()) ? l.discountPercent.trim() : '0';
  const taxPercent = PERCENT.test(l.taxPercent.trim()) ? l.taxPercent.trim() : '0';
  return { quantity: l.quantity.trim(), unitPrice: l.unitPrice.trim(), discountPercent, taxPercent };
}

export function SalesLinesEditor({
  control,
  setValue,
  choices,
}: {
  control: Control<LinesForm>;
  setValue: UseFormSetValue<LinesForm>;
  choices: SalesChoices | undefined;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });
  const branchId = useWatch({ control, name: 'branchId' });
  const items = choices?.items ?? [];
  const valid = (lines ?? []).map(figuresOf);
  const totals = documentFigures(valid.filter((f): f is NonNullable<typeof f> => f !== null));

  return (
    <Stack spacing={1.5} sx={{ mt: 3 }} aria-label={t('sales.page.lines')} role="group">
      {fields.map((field, i) => {
        const line = lines?.[i];
        const figures = valid[i] ? lineFigures(valid[i]) : null;
        const isFree = !line?.itemId;
        return (
          <Grid container spacing={1.5} key={field.id} sx={{ alignItems: 'flex-start' }} data-testid={`line-${i}`}>
            <Grid size={{ xs: 12, md: 3 }}>
              <Controller
                control={control}
                name={`lines.${i}.itemId`}
                render={({ field: f, fieldState }) => {
                  const chosen = items.find((x) => String(x.id) === f.value) ?? null;
                  const onHand = chosen?.kind === 'stock' ? (chosen.onHand[branchId] ?? '0') : null;
                  return (
                    <Autocomplete
                      options={items}
                      value={chosen}
                      onChange={(_, v) => {
                        f.onChange(v ? String(v.id) : '');
                        if (v) {
                          setValue(`lines.${i}.unitPrice`, v.salePrice, { shouldValidate: true });
                          setValue(`lines.${i}.taxPercent`, v.taxPercent, { shouldValidate: true });
                          setValue(`lines.${i}.accountId`, '');
                        }
                      }}
                      onBlur={f.onBlur}
                      getOptionLabel={(o) => `${o.code} · ${o.name}`}
                      isOptionEqualToValue={(a, b) => a.id === b.id}
                      renderInput={(params) => (
                        <TextField
                          {...params}
                          inputRef={f.ref}
                          label={t('sales.line.item')}
                          error={Boolean(fieldState.error)}
                          helperText={
                            fieldState.error
                              ? message(fieldState.error.message)
                              : onHand !== null
                                ? t('sales.line.onHand', { quantity: onHand })
                                : isFree
                                  ? t('sales.line.free')
                                  : undefined
                          }
                        />
                      )}
                    />
                  );
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 2 }}>
              {isFree ? (
                <FormTextField control={control} name={`lines.${i}.accountId`} label={t('sales.line.account')} select fullWidth>
                  {(choices?.incomeAccounts ?? []).map((a) => (
                    <MenuItem key={a.id} value={String(a.id)}>
                      {`${a.code} ${a.name}`}
                    </MenuItem>
                  ))}
                </FormTextField>
              ) : (
                <FormTextField
                  control={control}
                  name={`lines.${i}.description`}
                  label={t('sales.line.description')}
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 300 } }}
                />
              )}
            </Grid>
            <Grid size={{ xs: 4, md: 1.5 }}>
              <FormTextField
                control={control}
                name={`lines.${i}.quantity`}
                label={t('sales.line.quantity')}
                required
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 4, md: 1.5 }}>
              <FormTextField
                control={control}
                name={`lines.${i}.unitPrice`}
                label={t('sales.line.unitPrice')}
                required
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 4, md: 1 }}>
              <FormTextField
                control={control}
                name={`lines.${i}.discountPercent`}
                label={t('sales.line.discount')}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 4, md: 1 }}>
              <FormTextField
                control={control}
                name={`lines.${i}.taxPercent`}
                label={t('sales.line.tax')}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 1.5 }} sx={{ textAlign: 'right', pt: 2 }}>
              <Typography variant="body2" aria-label={t('sales.line.amount')}>
                {figures ? <MoneyText value={figures.total} /> : '—'}
              </Typography>
            </Grid>
            <Grid size={{ xs: 2, md: 0.5 }}>
              <IconButton aria-label={t('sales.line.remove', { n: i + 1 })} onClick={() => remove(i)} disabled={fields.length === 1} sx={{ mt: 1 }}>
                <DeleteOutlineIcon />
              </IconButton>
            </Grid>
            {isFree && (
              <Grid size={{ xs: 12, md: 5 }} sx={{ mt: -1 }}>
                <FormTextField
                  control={control}
                  name={`lines.${i}.description`}
                  label={t('sales.line.description')}
                  fullWidth
                  size="small"
                  slotProps={{ htmlInput: { maxLength: 300 } }}
                />
              </Grid>
            )}
          </Grid>
        );
      })}
      <div>
        <Button startIcon={<AddIcon />} onClick={() => append(emptyLine())}>
          {t('sales.line.add')}
        </Button>
      </div>
      <Box sx={{ alignSelf: 'flex-end', minWidth: 280 }} data-testid="sales-totals">
        <TotalRow label={t('sales.totals.subtotal')} value={totals.subtotal} />
        <TotalRow label={t('sales.totals.discount')} value={totals.discount} />
        <TotalRow label={t('sales.totals.tax')} value={totals.tax} />
        <TotalRow label={t('sales.totals.total')} value={totals.total} bold />
      </Box>
    </Stack>
  );
}

export function TotalRow({ label, value, bold }: { label: string; value: string; bold?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 3, py: 0.25 }}>
      <Typography variant="body2" sx={{ fontWeight: bold ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: bold ? 700 : 400 }}>
        <MoneyText value={value} />
      </Typography>
    </Stack>
  );
}
