// A customer chosen by typing any part of what identifies them: a name, the customer number, a phone in
// any notation or a meter number (GET /api/finance/payments/customers, which the cashier may read
// without list-customer). The first match is highlighted, so typing and Enter picks it. Each option
// shows the number, phone, meters and balance, so the cashier sees whom they are about to pick.
//
// Props: value, onChange(customer | null), label, error, helperText, autoFocus, inputRef, onPicked
// (the choice was made from the keyboard), excludeId (a customer that cannot be chosen), size, sx.
import { type Ref, useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { CustomerLookup } from '@ubo/contracts';
import { MoneyText } from '../../components/MoneyText.tsx';
import { useCustomerLookup } from './payments.queries.ts';

export interface CustomerPickerProps {
  value: CustomerLookup | null;
  onChange: (customer: CustomerLookup | null) => void;
  label?: string;
  ariaLabel?: string;
  error?: boolean;
  helperText?: string;
  autoFocus?: boolean;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onPicked?: () => void;
  excludeId?: number | null;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

const SEARCH_DELAY_MS = 250;

export const customerLabel = (c: Pick<CustomerLookup, 'name' | 'customerNo'>) => `${c.name} · ${c.customerNo}`;

export function CustomerPicker({
  value,
  onChange,
  label,
  ariaLabel,
  error,
  helperText,
  autoFocus,
  required,
  inputRef,
  onPicked,
  excludeId,
  size,
  sx,
}: CustomerPickerProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setQuery(input), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [input]);
  // The chosen customer's label is in the box; do not search for it.
  const search = value && input === customerLabel(value) ? '' : query;
  const lookup = useCustomerLookup(search);
  const options = search ? (lookup.data?.data ?? []) : value ? [value] : [];
  const isWaiting = input.trim() !== '' && (input !== query || lookup.isFetching);

  return (
    <Autocomplete<CustomerLookup, false, false, false>
      options={options}
      value={value}
      onChange={(event, next, reason) => {
        onChange(next);
        if (next && reason === 'selectOption' && event.type === 'keydown') onPicked?.();
      }}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      // The server has filtered already.
      filterOptions={(x) => x}
      getOptionLabel={customerLabel}
      getOptionDisabled={(c) => c.id === excludeId}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      autoHighlight
      fullWidth
      size={size}
      sx={sx}
      loading={isWaiting}
      noOptionsText={input.trim() ? t('payments.picker.noMatch') : t('payments.picker.typeToSearch')}
      loadingText={t('common.loading')}
      openText={t('payments.picker.open')}
      closeText={t('common.close')}
      clearText={t('payments.picker.clear')}
      renderOption={({ key, ...props }, c) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 2, alignItems: 'baseline' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Box sx={{ fontWeight: 500 }}>
              {c.name}
              {c.status !== 'Active' && (
                <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8em', ml: 1 }}>
                  {t('payments.picker.inactive')}
                </Box>
              )}
            </Box>
            <Box sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
              {[c.customerNo, c.phone, ...c.meterNumbers].join(' · ')}
            </Box>
          </Box>
          <MoneyText value={c.balance} negativeColor />
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={t('payments.picker.placeholder')}
          autoFocus={autoFocus}
          required={required}
          error={error}
          helperText={helperText}
          inputRef={inputRef}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-label': ariaLabel } }}
        />
      )}
    />
  );
}
