// The fields of one asset (tag, name, category, branch, custodian, location, serial number, acquisition
// date, cost, salvage value, useful life, method and rate, depreciation start), shared by Add asset and
// each line of Buy asset. Blank salvage, life and method take the category's; errors are by field name.
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type AssetChoices, depreciationMethodValues } from '@ubo/contracts';
import { DateField } from '../../components/DateField.tsx';

export interface AssetValues {
  tag: string;
  name: string;
  categoryId: string;
  branchId: string;
  custodian: string;
  location: string;
  serialNo: string;
  acquisitionDate: string;
  cost: string;
  salvageValue: string;
  usefulLifeMonths: string;
  method: string;
  rate: string;
  depreciationStart: string;
}

export const emptyAsset = (today: string, branchId = ''): AssetValues => ({
  tag: '',
  name: '',
  categoryId: '',
  branchId,
  custodian: '',
  location: '',
  serialNo: '',
  acquisitionDate: today,
  cost: '',
  salvageValue: '',
  usefulLifeMonths: '',
  method: '',
  rate: '',
  depreciationStart: '',
});

export function AssetFields(props: {
  value: AssetValues;
  onChange: (next: AssetValues) => void;
  choices: AssetChoices | undefined;
  errors: Record<string, string>;
  /** Prefix of this asset's error fields ('assets.2.' on a purchase). */
  prefix?: string;
}) {
  const { t, i18n } = useTranslation();
  const { value, onChange, choices, errors } = props;
  const prefix = props.prefix ?? '';
  const set = (field: keyof AssetValues) => (v: string) => onChange({ ...value, [field]: v });
  const err = (field: string) => errors[`${prefix}${field}`];
  const category = choices?.categories.find((c) => String(c.id) === value.categoryId);
  const text = (field: keyof AssetValues, size: number, extra: Record<string, unknown> = {}) => (
    <Grid size={{ xs: 12, sm: size }}>
      <TextField
        fullWidth
        size="small"
        name={`${prefix}${field}`}
        label={t(`assets.field.${field}`)}
        value={value[field]}
        onChange={(e) => set(field)(e.target.value)}
        error={Boolean(err(field))}
        helperText={err(field)}
        {...extra}
      />
    </Grid>
  );
  return (
    <Grid container spacing={2}>
      {text('tag', 3, { required: true, slotProps: { htmlInput: { maxLength: 40 } } })}
      {text('name', 5, { required: true, slotProps: { htmlInput: { maxLength: 160 } } })}
      {text('categoryId', 4, {
        select: true,
        required: true,
        children: (choices?.categories ?? [])
          .filter((c) => c.status === 'Active')
          .map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {i18n.language === 'so' && c.nameSo ? c.nameSo : c.nameEn}
            </MenuItem>
          )),
      })}
      {text('branchId', 3, {
        select: true,
        required: true,
        children: (choices?.branches ?? []).map((b) => (
          <MenuItem key={b.id} value={String(b.id)}>
            {b.name}
          </MenuItem>
        )),
      })}
      {text('custodian', 3)}
      {text('location', 3)}
      {text('serialNo', 3)}
      <Grid size={{ xs: 12, sm: 3 }}>
        <DateField
          fullWidth
          size="small"
          name={`${prefix}acquisitionDate`}
          label={t('assets.field.acquisitionDate')}
          value={value.acquisitionDate}
          onChange={set('acquisitionDate')}
          error={Boolean(err('acquisitionDate'))}
          helperText={err('acquisitionDate')}
          required
        />
      </Grid>
      {text('cost', 3, { required: true, slotProps: { htmlInput: { inputMode: 'decimal' } } })}
      {text('salvageValue', 3, {
        placeholder: category ? `${category.salvagePercent}%` : '',
        helperText: err('salvageValue') ?? t('assets.help.blankDefault'),
        slotProps: { htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } },
      })}
      {text('usefulLifeMonths', 3, {
        placeholder: category ? String(category.usefulLifeMonths) : '',
        helperText: err('usefulLifeMonths') ?? t('assets.help.blankDefault'),
        slotProps: { htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } },
      })}
      {text('method', 3, {
        select: true,
        slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } },
        children: [
          <MenuItem key="" value="">
            {category ? t(`assets.method.${category.method}`) : '—'}
          </MenuItem>,
          ...depreciationMethodValues.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`assets.method.${m}`)}
            </MenuItem>
          )),
        ],
      })}
      {(value.method || category?.method) === 'declining-balance' &&
        text('rate', 2, { placeholder: category?.rate ?? '', slotProps: { htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } } })}
      <Grid size={{ xs: 12, sm: 3 }}>
        <DateField
          fullWidth
          size="small"
          name={`${prefix}depreciationStart`}
          label={t('assets.field.depreciationStart')}
          value={value.depreciationStart}
          onChange={set('depreciationStart')}
          error={Boolean(err('depreciationStart'))}
          helperText={err('depreciationStart')}
        />
      </Grid>
    </Grid>
  );
}

/** The form's values as the contracts' body fields ('' stays '': the schemas read it as blank). */
export const assetBody = (v: AssetValues) => ({
  ...v,
  categoryId: v.categoryId ? Number(v.categoryId) : (undefined as unknown as number),
  branchId: v.branchId ? Number(v.branchId) : (undefined as unknown as number),
});
