// The payment form's receipt-book number: series and number of the leaf a collector wrote. Prefilled with
// the signed-in collector's next number (GET /api/books/ref-number) until they type; empty means no book
// (a payment at the desk). The server checks it (the collector's Active book, never used twice) and its
// refusal is shown under the number.
import { useEffect, useRef } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type ManualReceiptNumber, receiptBooksEndpoints } from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';

export interface ManualReceiptValue {
  series: string;
  number: string;
}

/** What the payment body carries: nothing when both boxes are empty; otherwise as typed (the server checks it). */
export function manualReceiptOf(value: ManualReceiptValue): ManualReceiptNumber | undefined {
  const series = value.series.trim();
  const number = value.number.trim();
  if (!series && !number) return undefined;
  return { series, number: /^\d+$/.test(number) ? Number(number) : (number as unknown as number) };
}

export function ManualReceiptField({
  value,
  onChange,
  error,
}: {
  value: ManualReceiptValue;
  onChange: (value: ManualReceiptValue) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const ref = useQuery({
    queryKey: endpointKeys(receiptBooksEndpoints.refNumber).detail({}),
    queryFn: ({ signal }) => api.call(receiptBooksEndpoints.refNumber, {}, { signal, silent: true }),
    staleTime: 0,
  });
  const typed = useRef(false);
  const next = ref.data;
  // Only a fresh answer fills the boxes: a cached one may name a number used since.
  const isFresh = !ref.isFetching;
  useEffect(() => {
    if (!isFresh || typed.current || !next?.series || next.number === null) return;
    if (value.series === '' && value.number === '') onChange({ series: next.series, number: String(next.number) });
  }, [isFresh, next, value, onChange]);
  const change = (field: keyof ManualReceiptValue) => (e: React.ChangeEvent<HTMLInputElement>) => {
    typed.current = true;
    onChange({ ...value, [field]: e.target.value });
  };
  const help =
    error ??
    (next?.book
      ? t('books.manual.fromBook', { series: next.book.series, first: next.book.firstNumber, last: next.book.lastNumber })
      : t('books.manual.noBook'));
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} role="group" aria-label={t('books.manual.label')}>
      <TextField
        label={t('books.manual.series')}
        name="manualReceiptSeries"
        value={value.series}
        onChange={change('series')}
        error={Boolean(error)}
        slotProps={{ htmlInput: { maxLength: 20, autoComplete: 'off' } }}
        sx={{ width: { md: 160 }, flexShrink: 0 }}
      />
      <TextField
        label={t('books.manual.number')}
        name="manualReceiptNumber"
        value={value.number}
        onChange={change('number')}
        error={Boolean(error)}
        helperText={help}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9, autoComplete: 'off' } }}
        sx={{ flex: 1 }}
      />
    </Stack>
  );
}
