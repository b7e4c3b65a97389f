// The lines of a trade document (quotation, invoice, cash sale, vendor bill, cash purchase, purchase order):
// an item or service (its price and tax filled in when picked; for stocked goods what is on hand at the
// document's branch as its hint) or a free line on an account; quantity, unit price, discount and tax
// percent; each line's amount and the document's totals computed as the server will (the contracts'
// lineFigures / documentFigures, one rounding rule). Field errors of the server land on their line.
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
import { documentFigures, lineFigures } from '@ubo/contracts';
import { useMessage } from '../lib/messages.ts';
import { FormTextField } from './FormTextField.tsx';
import { MoneyText } from './MoneyText.tsx';

export interface TradeLineValues {
  itemId: string;
  accountId: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  taxPercent: string;
}
/** The part of a document's form the editor works on. */
export interface TradeLinesForm {
  branchId: string;
  lines: TradeLineValues[];
}
/** An item as the editor offers it: `price` is the sale or the purchase price, as the document needs. */
export interface TradeLineItem {
  id: number;
  code: string;
  name: string;
  kind: string;
  price: string;
  taxPercent: string;
  /** Quantity on hand per branch id; given for stocked goods where the hint helps (sales). */
  onHand?: Record<string, string>;
}
export interface TradeLineAccount {
  id: number;
  code: string;
  name: string;
}

export const emptyTradeLine = (): TradeLineValues => ({
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
/** 5.0000 -> 5, 7.5000 -> 7.5: a percent as a person types it. */
const trimZeros = (n: string) => (n.includes('.') ? n.replace(/\.?0+$/, '') : n);

/** A line's figures while it is typed: none until its numbers are numbers. */
function figuresOf(l: TradeLineValues | undefined) {
  if (!l || !DECIMAL.test(l.quantity.trim()) || !MONEY.test(l.unitPrice.trim())) return null;
  const discountPercent = PERCENT.test(l.discountPercent.trim()) ? l.discountPercent.trim() : '0';
  const taxPercent = PERCENT.test(l.taxPercent.trim()) ? l.taxPercent.trim() : '0';
  return { quantity: l.quantity.trim(), unitPrice: l.unitPrice.trim(), discountPercent, taxPercent };
}

export function TradeLinesEditor({
  control,
  setValue,
  items,
  accounts,
  accountLabel,
  defaultAccountLabel,
  testId,
}: {
  control: Control<TradeLinesForm>;
  setValue: UseFormSetValue<TradeLinesForm>;
  items: TradeLineItem[];
  /** The accounts a free line may post to (income for sales, expense for purchases). */
  accounts: TradeLineAccount[];
  accountLabel: string;
  /** When given, a free line may leave its account empty and this option names what is used then. */
  defaultAccountLabel?: string;
  /** The totals box's test id. */
  testId: string;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });
  const branchId = useWatch({ control, name: 'branchId' });
  const valid = (lines ?? []).map(figuresOf);
  const totals = documentFigures(valid.filter((f): f is NonNullable<typeof f> => f !== null));

  return (
    <Stack spacing={1.5} sx={{ mt: 3 }} aria-label={t('tradeLines.lines')} role="group">
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
                  const onHand = chosen?.kind === 'stock' && chosen.onHand ? (chosen.onHand[branchId] ?? '0') : null;
                  return (
                    <Autocomplete
                      options={items}
                      value={chosen}
                      onChange={(_, v) => {
                        f.onChange(v ? String(v.id) : '');
                        if (v) {
                          setValue(`lines.${i}.unitPrice`, v.price, { shouldValidate: true });
                          setValue(`lines.${i}.taxPercent`, trimZeros(v.taxPercent), { shouldValidate: true });
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
                          label={t('tradeLines.item')}
                          error={Boolean(fieldState.error)}
                          helperText={
                            fieldState.error
                              ? message(fieldState.error.message)
                              : onHand !== null
                                ? t('tradeLines.onHand', { quantity: onHand })
                                : isFree
                                  ? t('tradeLines.free')
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
                <FormTextField control={control} name={`lines.${i}.accountId`} label={accountLabel} select fullWidth>
                  {defaultAccountLabel !== undefined && <MenuItem value="">{defaultAccountLabel}</MenuItem>}
                  {accounts.map((a) => (
                    <MenuItem key={a.id} value={String(a.id)}>
                      {`${a.code} ${a.name}`}
                    </MenuItem>
                  ))}
                </FormTextField>
              ) : (
                <FormTextField
                  control={control}
                  name={`lines.${i}.description`}
                  label={t('tradeLines.description')}
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 300 } }}
                />
              )}
            </Grid>
            <Grid size={{ xs: 4, md: 1.5 }}>
              <FormTextField
                control={control}
                name={`lines.${i}.quantity`}
                label={t('tradeLines.quantity')}
                required
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 4, md: 1.5 }}>
              <FormTextField
                control={control}
                name={`lines.${i}.unitPrice`}
                label={t('tradeLines.unitPrice')}
                required
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 4, md: 1 }}>
              <FormTextField
                control={control}
                name={`lines.${i}.discountPercent`}
                label={t('tradeLines.discount')}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 4, md: 1 }}>
              <FormTextField
                control={control}
                name={`lines.${i}.taxPercent`}
                label={t('tradeLines.tax')}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 1.5 }} sx={{ textAlign: 'right', pt: 2 }}>
              <Typography variant="body2" aria-label={t('tradeLines.amount')}>
                {figures ? <MoneyText value={figures.total} /> : '—'}
              </Typography>
            </Grid>
            <Grid size={{ xs: 2, md: 0.5 }}>
              <IconButton aria-label={t('tradeLines.remove', { n: i + 1 })} onClick={() => remove(i)} disabled={fields.length === 1} sx={{ mt: 1 }}>
                <DeleteOutlineIcon />
              </IconButton>
            </Grid>
            {isFree && (
              <Grid size={{ xs: 12, md: 5 }} sx={{ mt: -1 }}>
                <FormTextField
                  control={control}
                  name={`lines.${i}.description`}
                  label={t('tradeLines.description')}
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
        <Button startIcon={<AddIcon />} onClick={() => append(emptyTradeLine())}>
          {t('tradeLines.add')}
        </Button>
      </div>
      <TradeTotals
        testId={testId}
        rows={[
          { label: t('tradeLines.subtotal'), value: totals.subtotal },
          { label: t('tradeLines.discountTotal'), value: totals.discount },
          { label: t('tradeLines.taxTotal'), value: totals.tax },
          { label: t('tradeLines.total'), value: totals.total, bold: true },
        ]}
      />
    </Stack>
  );
}

/** A document's totals box: label and amount rows, right-aligned, the last usually bold. */
export function TradeTotals({ rows, testId }: { rows: Array<{ label: string; value: string; bold?: boolean }>; testId?: string }) {
  return (
    <Box sx={{ alignSelf: 'flex-end', minWidth: 280, ml: 'auto' }} data-testid={testId}>
      {rows.map((r) => (
        <Stack key={r.label} direction="row" sx={{ justifyContent: 'space-between', gap: 3, py: 0.25 }}>
          <Typography variant="body2" sx={{ fontWeight: r.bold ? 700 : 400 }}>
            {r.label}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: r.bold ? 700 : 400 }}>
            <MoneyText value={r.value} />
          </Typography>
        </Stack>
      ))}
    </Box>
  );
}
