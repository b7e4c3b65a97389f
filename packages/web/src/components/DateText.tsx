// A date (YYYY-MM-DD, shown as that calendar day) or timestamp in the user's language.
// Props: value, dateStyle ('short' | 'medium' | 'long', default 'medium'), withTime.
import { formatDate, formatDateTime, type DateStyle } from '../lib/format.ts';
import { useLang } from '../lib/messages.ts';

export interface DateTextProps {
  value: string | Date | null | undefined;
  dateStyle?: DateStyle;
  withTime?: boolean;
}

export function DateText({ value, dateStyle = 'medium', withTime }: DateTextProps) {
  const lang = useLang();
  if (!value) return null;
  const iso = value instanceof Date ? value.toISOString() : value;
  return <time dateTime={iso}>{withTime ? formatDateTime(value, lang) : formatDate(value, lang, dateStyle)}</time>;
}
