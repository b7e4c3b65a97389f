// The dialog-based filter of spec sections 2, 3 and 5, 400 px wide. Only the fields named in
// `fields` show, and every shown field is required (description is optional, at most 5000
// characters). For employee, status and zone the choice "All" is the value 0, as in the spec.
//
// Props: open, title ('Filter'), fields (array of 'employee' | 'status' | 'zone' | 'date' |
// 'startDate' | 'endDate' | 'lastDay' | 'description'), employees [{ id, fullname }], zones
// [{ name }], statuses (default: the spec's enumeration), selects (further required selects, each
// with "All" = 0, e.g. the log sheet's user, entity and action; memoise the array), initial
// (FilterValues), onApply(values), onClose. onApply receives only the shown fields: employee as a
// number, lastDay as a number, the selects' values under `selects` by name.
import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { statusValues } from '@ubo/contracts';
import { FormTextField } from './FormTextField.tsx';

export type FilterField = 'employee' | 'status' | 'zone' | 'date' | 'startDate' | 'endDate' | 'lastDay' | 'description';

export interface FilterValues {
  /** Employee id; 0 means all. */
  employee?: number;
  /** A status; 0 means all. */
  status?: string | 0;
  /** A zone name; 0 means all. */
  zone?: string | 0;
  date?: string;
  startDate?: string;
  endDate?: string;
  /** A number of days back from today. */
  lastDay?: number;
  description?: string;
  /** Values of the `selects` fields by name; 0 means all. */
  selects?: Record<string, string | 0>;
}

/** A further select of the dialog: required like the others, with "All" (value 0) first. */
export interface FilterSelect {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

export interface FilterDialogProps {
  open: boolean;
  title?: string;
  fields: readonly FilterField[];
  employees?: readonly { id: number; fullname: string }[];
  zones?: readonly { name: string }[];
  statuses?: readonly string[];
  selects?: readonly FilterSelect[];
  initial?: FilterValues;
  onApply: (values: FilterValues) => void;
  onClose: () => void;
}

export const FILTER_DIALOG_WIDTH = 400;
export const DESCRIPTION_MAX = 5000;

// The `selects` live beside the fixed fields under prefixed keys, so every form value stays a string.
type SelectKey = `select:${string}`;
type FormValues = Record<SelectKey, string> & {
  employee: string;
  status: string;
  zone: string;
  date: string;
  startDate: string;
  endDate: string;
  lastDay: string;
  description: string;
};

const selectKey = (name: string): SelectKey => `select:${name}`;

const noSelects: readonly FilterSelect[] = [];

function toForm(v: FilterValues = {}, selects: readonly FilterSelect[] = noSelects): FormValues {
  const s = (x: unknown) => (x === undefined || x === null ? '' : String(x));
  return {
    employee: s(v.employee),
    status: s(v.status),
    zone: s(v.zone),
    date: s(v.date),
    startDate: s(v.startDate),
    endDate: s(v.endDate),
    lastDay: s(v.lastDay),
    description: s(v.description),
    ...Object.fromEntries(selects.map((f) => [selectKey(f.name), s(v.selects?.[f.name])])),
  };
}

export function FilterDialog({
  open,
  title,
  fields,
  employees = [],
  zones = [],
  statuses = statusValues,
  selects = noSelects,
  initial,
  onApply,
  onClose,
}: FilterDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const shown = (f: FilterField) => fields.includes(f);
  const { control, handleSubmit, reset, getValues } = useForm<FormValues>({ mode: 'all', defaultValues: toForm(initial, selects) });

  useEffect(() => {
    if (open) reset(toForm(initial, selects));
  }, [open, initial, selects, reset]);

  const required = { required: 'v.required' };

  const submit = handleSubmit((v) => {
    const out: FilterValues = {};
    if (shown('employee')) out.employee = Number(v.employee);
    if (shown('status')) out.status = v.status === '0' ? 0 : v.status;
    if (shown('zone')) out.zone = v.zone === '0' ? 0 : v.zone;
    if (shown('date')) out.date = v.date;
    if (shown('startDate')) out.startDate = v.startDate;
    if (shown('endDate')) out.endDate = v.endDate;
    if (shown('lastDay')) out.lastDay = Number(v.lastDay);
    if (shown('description') && v.description.trim()) out.description = v.description.trim();
    if (selects.length > 0) {
      out.selects = Object.fromEntries(
        selects.map((f) => {
          const value = v[selectKey(f.name)];
          return [f.name, value === '0' ? 0 : value];
        }),
      );
    }
    onApply(out);
    onClose();
  });

  const dateProps = { type: 'date' as const, slotProps: { inputLabel: { shrink: true } } };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: FILTER_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId}>{title ?? t('filter.title')}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {shown('employee') && (
              <FormTextField control={control} name="employee" label={t('filter.employee')} select required rules={required}>
                <MenuItem value="0">{t('filter.all')}</MenuItem>
                {employees.map((e) => (
                  <MenuItem key={e.id} value={String(e.id)}>
                    {e.fullname}
                  </MenuItem>
                ))}
              </FormTextField>
            )}
            {shown('status') && (
              <FormTextField control={control} name="status" label={t('filter.status')} select required rules={required}>
                <MenuItem value="0">{t('filter.all')}</MenuItem>
                {statuses.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`status.${s}`, { defaultValue: s })}
                  </MenuItem>
                ))}
              </FormTextField>
            )}
            {shown('zone') && (
              <FormTextField control={control} name="zone" label={t('filter.zone')} select required rules={required}>
                <MenuItem value="0">{t('filter.all')}</MenuItem>
                {zones.map((z) => (
                  <MenuItem key={z.name} value={z.name}>
                    {z.name}
                  </MenuItem>
                ))}
              </FormTextField>
            )}
            {selects.map((f) => (
              <FormTextField key={f.name} control={control} name={selectKey(f.name)} label={f.label} select required rules={required}>
                <MenuItem value="0">{t('filter.all')}</MenuItem>
                {f.options.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </FormTextField>
            ))}
            {shown('date') && <FormTextField control={control} name="date" label={t('filter.date')} required rules={required} {...dateProps} />}
            {shown('startDate') && <FormTextField control={control} name="startDate" label={t('filter.startDate')} required rules={required} {...dateProps} />}
            {shown('endDate') && (
              <FormTextField
                control={control}
                name="endDate"
                label={t('filter.endDate')}
                required
                rules={{
                  ...required,
                  validate: (end: string) => {
                    const start = getValues('startDate');
                    return !shown('startDate') || !start || !end || end >= start || 'filter.endBeforeStart';
                  },
                }}
                {...dateProps}
              />
            )}
            {shown('lastDay') && (
              <FormTextField
                control={control}
                name="lastDay"
                label={t('filter.lastDay')}
                required
                type="number"
                rules={{ ...required, validate: (v: string) => /^[1-9]\d{0,4}$/.test(v) || 'filter.wholeNumber' }}
                slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
              />
            )}
            {shown('description') && (
              <FormTextField
                control={control}
                name="description"
                label={t('filter.description')}
                multiline
                minRows={3}
                rules={{ maxLength: { value: DESCRIPTION_MAX, message: `v.maxLength|${DESCRIPTION_MAX}` } }}
                slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('common.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
