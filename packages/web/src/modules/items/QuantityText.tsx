// A quantity from a decimal string ('12.5'), in the user's language, with its unit when it has one.
import { formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';

export function QuantityText({ value, unit }: { value: string | null | undefined; unit?: string | null }) {
  const lang = useLang();
  if (value === null || value === undefined) return null;
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatNumber(value, lang, 3)}
      {unit ? ` ${unit}` : ''}
    </span>
  );
}
