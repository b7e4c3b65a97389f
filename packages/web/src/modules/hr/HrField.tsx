// One field of an HR form: a text, date or select input bound to a string in the form's state, showing the
// server's field error under it.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DateField } from '../../components/DateField.tsx';

export interface HrFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  type?: 'text' | 'date' | 'tel' | 'email' | 'money';
  options?: { value: string; label: string }[];
  /** Offers an empty first option (an optional select). */
  empty?: string;
  multiline?: boolean;
  maxLength?: number;
}

export function HrField({ name, label, value, onChange, error, helperText, required, type = 'text', options, empty, multiline, maxLength }: HrFieldProps) {
  if (type === 'date') {
    return (
      <DateField
        fullWidth
        size="small"
        name={name}
        label={label}
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        helperText={error ?? helperText}
        required={required}
      />
    );
  }
  return (
    <TextField
      fullWidth
      size="small"
      name={name}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      required={required}
      select={options !== undefined}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      type={type === 'money' ? 'text' : type}
      slotProps={{ htmlInput: { maxLength, inputMode: type === 'money' ? 'decimal' : undefined } }}
    >
      {empty !== undefined && <MenuItem value="">{empty}</MenuItem>}
      {options?.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
