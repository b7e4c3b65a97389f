// Puts the server's field errors (ApiError.details) on the form's fields, so a 400 VALIDATION answer
// shows next to the input it concerns. Returns whether any field took a message.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields?: readonly string[]): boolean {
  if (!(error instanceof ApiError) || error.details.length === 0) return false;
  let applied = false;
  error.details.forEach((d, i) => {
    if (!d.field || (fields && !fields.includes(d.field))) return;
    setError(d.field as Path<T>, { type: 'server', message: d.message }, { shouldFocus: i === 0 });
    applied = true;
  });
  return applied;
}
