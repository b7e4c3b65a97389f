// An amount from a decimal string ("1250.50"), formatted in the user's language with decimal.js
// (never JS number arithmetic). Props: value, currency (ISO code, optional), decimals (2),
// negativeColor (show amounts below zero in the error colour).
import Box from '@mui/material/Box';
import type Decimal from 'decimal.js';
import { formatMoney, toDecimal } from '../lib/format.ts';
import { useLang } from '../lib/messages.ts';

export interface MoneyTextProps {
  value: string | Decimal | null | undefined;
  currency?: string;
  decimals?: number;
  negativeColor?: boolean;
}

export function MoneyText({ value, currency, decimals, negativeColor }: MoneyTextProps) {
  const lang = useLang();
  const d = toDecimal(value);
  if (!d) return null;
  return (
    <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: negativeColor && d.isNegative() ? 'error.main' : undefined }}>
      {formatMoney(d, lang, { currency, decimals })}
    </Box>
  );
}
