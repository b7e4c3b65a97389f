// A list's filter as a small select whose empty choice reads "All" (or the given text): the purchasing lists' toolbars.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface SelectFilterProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The empty choice's text; default "All". */
  allLabel?: string;
  minWidth?: number;
}

export function SelectFilter({ label, value, onChange, options, allLabel, minWidth = 170 }: SelectFilterProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth }}
    >
      <MenuItem value="">{allLabel ?? t('common.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
