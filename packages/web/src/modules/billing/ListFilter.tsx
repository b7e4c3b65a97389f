// A small select beside a list's search box: "All" or one of the given values, labelled for keyboard and
// screen-reader users. Used for the status, class and zone filters of the billing lists.
import { useId } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface ListFilterProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  minWidth?: number;
}

export function ListFilter({ label, value, options, onChange, minWidth = 150 }: ListFilterProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <TextField
      id={id}
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth, ml: 1 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('common.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
