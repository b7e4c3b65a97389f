// The date and month fields of every form and filter. A date is shown and typed day first, dd/mm/yyyy,
// a month as mm/yyyy, in English and Somali alike (a native <input type="date"> or "month" follows the
// browser's locale: mm/dd/yyyy, English month names), while the value the screen and the API see stays
// YYYY-MM-DD or YYYY-MM ('' while the text is empty, incomplete or not a real day). Digits are grouped
// as they are typed (25112026 -> 25/11/2026); 5/1/2026, 25.11.2026 and a pasted 2026-11-25 are read too.
// The calendar button opens the browser's own picker.
//
// Props: value, onChange(value), and any TextField prop (label, required, error, helperText, size, sx,
// slotProps; slotProps.htmlInput min/max bound the calendar).
import { useEffect, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { useTranslation } from 'react-i18next';
import { maskDateText, maskMonthText, parseDateInput, parseMonthInput, toDateInput, toMonthInput } from '../lib/format.ts';

export type DateFieldProps = Omit<TextFieldProps, 'type' | 'value' | 'defaultValue' | 'onChange'> & {
  value: string | null | undefined;
  onChange: (value: string) => void;
};

interface TextFormat {
  show: (value: string) => string;
  read: (text: string) => string | null;
  mask: (raw: string) => string;
  maxLength: number;
  picker: 'date' | 'month';
  /** Prefix of the texts: dateField or monthField (placeholder, invalid). */
  texts: 'dateField' | 'monthField';
}

const dateFormat: TextFormat = { show: toDateInput, read: parseDateInput, mask: maskDateText, maxLength: 10, picker: 'date', texts: 'dateField' };
const monthFormat: TextFormat = { show: toMonthInput, read: parseMonthInput, mask: maskMonthText, maxLength: 7, picker: 'month', texts: 'monthField' };

type Attributes = Record<string, unknown>;

function CalendarTextField({ format, value, onChange, slotProps, error, helperText, onBlur, disabled, ...rest }: DateFieldProps & { format: TextFormat }) {
  const { t } = useTranslation();
  const current = value ?? '';
  const [text, setText] = useState(() => format.show(current));
  const [isUnreadable, setUnreadable] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (a reset, a default, the calendar) replaces the text; typing in progress
  // (whose value is still '') is left alone.
  useEffect(() => {
    setText((shown) => ((format.read(shown) ?? '') === current ? shown : format.show(current)));
  }, [current, format]);

  const change = (raw: string) => {
    const next = format.mask(raw);
    setText(next);
    setUnreadable(false);
    const read = format.read(next) ?? '';
    if (read !== current) onChange(read);
  };

  const htmlInput = (slotProps?.htmlInput ?? {}) as Attributes;
  const { min, max, ...inputAttributes } = htmlInput;

  return (
    <TextField
      {...rest}
      disabled={disabled}
      value={text}
      onChange={(e) => change(e.target.value)}
      onBlur={(e) => {
        const read = format.read(text);
        if (read) setText(format.show(read));
        setUnreadable(text.trim() !== '' && !read);
        onBlur?.(e);
      }}
      error={isUnreadable || error}
      helperText={isUnreadable ? t(`${format.texts}.invalid`) : helperText}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as Attributes) },
        htmlInput: {
          placeholder: t(`${format.texts}.placeholder`),
          inputMode: 'numeric',
          autoComplete: 'off',
          maxLength: format.maxLength,
          ...inputAttributes,
        },
        input: {
          ...(slotProps?.input as Attributes),
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <input
                ref={picker}
                type={format.picker}
                tabIndex={-1}
                aria-hidden
                value={current}
                min={min as string | undefined}
                max={max as string | undefined}
                onChange={(e) => {
                  setText(format.show(e.target.value));
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

/** A date: dd/mm/yyyy on screen, YYYY-MM-DD as its value. */
export function DateField(props: DateFieldProps) {
  return <CalendarTextField format={dateFormat} {...props} />;
}

/** A month (a billing period): mm/yyyy on screen, YYYY-MM as its value. */
export function MonthField(props: DateFieldProps) {
  return <CalendarTextField format={monthFormat} {...props} />;
}
