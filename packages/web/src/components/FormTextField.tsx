// A MUI TextField bound to a react-hook-form field. Its message shows only once the field was touched
// or changed (or the form was submitted), per spec section 5, and message keys from contracts
// ('v.required', 'v.minLength|8', 'password.mismatch') are shown in the user's language.
//
// Props: name, control (from useForm), rules, `transform` to convert the text before it reaches the form,
// plus any TextField prop (label, type, select + children, multiline, helperText, slotProps, ...).
// type="date" renders the DateField (dd/mm/yyyy on screen, YYYY-MM-DD in the form).
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldValues, type Path, type UseControllerProps, useController } from 'react-hook-form';
import { useMessage } from '../lib/messages.ts';
import { DateField } from './DateField.tsx';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'error'> & {
  name: Path<T>;
  control: Control<T>;
  /** Turns the input's text into the form value (default: the text itself). */
  transform?: (text: string) => unknown;
  /** react-hook-form rules; messages may be contract keys such as 'v.required'. */
  rules?: UseControllerProps<T>['rules'];
};

export function FormTextField<T extends FieldValues>({ name, control, transform, rules, helperText, onBlur, ...rest }: FormTextFieldProps<T>) {
  const { field, fieldState, formState } = useController({ name, control, rules });
  const text = useMessage();
  const show = Boolean(fieldState.error) && (fieldState.isTouched || fieldState.isDirty || formState.isSubmitted);
  if (rest.type === 'date') {
    const { type: _date, select: _select, ...dateProps } = rest;
    return (
      <DateField
        {...dateProps}
        name={field.name}
        inputRef={field.ref}
        value={field.value ?? ''}
        onChange={(value) => field.onChange(transform ? transform(value) : value)}
        onBlur={(e) => {
          field.onBlur();
          onBlur?.(e);
        }}
        error={show}
        helperText={show ? text(fieldState.error?.message) : helperText}
      />
    );
  }
  return (
    <TextField
      {...rest}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(transform ? transform(e.target.value) : e.target.value)}
      onBlur={(e) => {
        field.onBlur();
        onBlur?.(e);
      }}
      error={show}
      helperText={show ? text(fieldState.error?.message) : helperText}
    />
  );
}
