// The date field of every form and filter: the date is shown and typed day first, dd/mm/yyyy, in English
// and Somali alike (a native <input type="date"> follows the browser's locale, often mm/dd/yyyy), while
// the value the screen and the API see stays YYYY-MM-DD ('' while the text is empty, incomplete or not
// a real day). Digits are grouped as they are typed (25112026 -> 25/11/2026); 5/1/2026, 25.11.2026 and
// a pasted 2026-11-25 are read too. The calendar button opens the browser's own date picker.
//
// Props: value (YYYY-MM-DD or ''), onChange(value), and any TextField prop (label, required, error,
// helperText, size, sx, slotProps; slotProps.htmlInput min/max bound the calendar).
import { useEffect, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { useTranslation } from 'react-i18next';
import { maskDateText, parseDateInput, toDateInput } from '../lib/format.ts';

export type DateFieldProps = Omit<TextFieldProps, 'type' | 'value' | 'defaultValue' | 'onChange'> & {
  value: string | null | undefined;
  onChange: (value: string) => void;
};

type Attributes = Record<string, unknown>;

export function DateField({ value, onChange, slotProps, error, helperText, onBlur, disabled, ...rest }: DateFieldProps) {
  const { t } = useTranslation();
  const iso = value ?? '';
  const [text, setText] = useState(() => toDateInput(iso));
  const [isUnreadable, setUnreadable] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (a reset, a default, the calendar) replaces the text; typing in progress
  // (whose value is still '') is left alone.
  useEffect(() => {
    setText((current) => ((parseDateInput(current) ?? '') === iso ? current : toDateInput(iso)));
  }, [iso]);

  const change = (raw: string) => {
    const next = maskDateText(raw);
    setText(next);
    setUnreadable(false);
    const parsed = parseDateInput(next) ?? '';
    if (parsed !== iso) onChange(parsed);
  };

  const htmlInput = (slotProps?.htmlInput ?? {}) as Attributes;
  const { min, max, ...inputAttributes } = htmlInput;
  const message = isUnreadable ? t('dateField.invalid') : helperText;

  return (
    <TextField
      {...rest}
      disabled={disabled}
      value={text}
      onChange={(e) => change(e.target.value)}
      onBlur={(e) => {
        const parsed = parseDateInput(text);
        if (parsed) setText(toDateInput(parsed));
        setUnreadable(text.trim() !== '' && !parsed);
        onBlur?.(e);
      }}
      error={isUnreadable || error}
      helperText={message}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as Attributes) },
        htmlInput: { placeholder: t('dateField.placeholder'), inputMode: 'numeric', autoComplete: 'off', maxLength: 10, ...inputAttributes },
        input: {
          ...(slotProps?.input as Attributes),
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={iso}
                min={min as string | undefined}
                max={max as string | undefined}
                onChange={(e) => {
                  setText(toDateInput(e.target.value));
                  setUnreadable(false);
                  onChange(e.target.value);
                }}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
              />
              <IconButton edge="end" size="small" aria-label={t('dateField.calendar')} disabled={disabled} onClick={() => picker.current?.showPicker?.()}>
                <CalendarMonthIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
