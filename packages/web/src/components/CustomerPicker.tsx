// THE customer picker: a customer chosen by typing any part of what identifies them (a name, the
// customer number, a phone, a meter number). The first match is highlighted, so typing and Enter picks
// it. Each option shows the number, phone, meters and balance when the search gives them.
// The search is the module's (`useSearch`, a query hook): houses and the customer statement search the
// customers list (list-customer), the cashier's screens the payments lookup, SMS the recipients.
import { type FocusEventHandler, type ReactNode, type Ref, useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { MoneyText } from './MoneyText.tsx';

export interface CustomerPickerOption {
  id: number;
  customerNo: string;
  name: string;
  phone?: string | null;
  meterNumbers?: readonly string[];
  /** Shown at the right of the option when the search gives it. */
  balance?: string | null;
  /** Anything but 'Active' is marked inactive. */
  status?: string;
}

export interface CustomerSearch<T> {
  options: readonly T[];
  isFetching: boolean;
  /** Why this user cannot search (no privilege): the picker is disabled and says so. */
  blocked?: string;
}

export interface CustomerPickerProps<T extends CustomerPickerOption> {
  value: T | null;
  onChange: (customer: T | null) => void;
  /** The module's search: the typed text ('' for none) and whether the list is open. */
  useSearch: (q: string, open: boolean) => CustomerSearch<T>;
  label?: string;
  ariaLabel?: string;
  error?: boolean;
  helperText?: ReactNode;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: FocusEventHandler;
  /** The choice was made from the keyboard (Enter), e.g. to move on to the amount. */
  onPicked?: () => void;
  /** A customer that cannot be chosen (the other side of a transfer). */
  excludeId?: number | null;
  /** The option's second line; by default number, phone and meters. */
  renderDetail?: (customer: T) => ReactNode;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

const SEARCH_DELAY_MS = 250;

export const customerLabel = (c: Pick<CustomerPickerOption, 'name' | 'customerNo'>) => `${c.name} · ${c.customerNo}`;

const defaultDetail = (c: CustomerPickerOption) => [c.customerNo, c.phone, ...(c.meterNumbers ?? [])].filter(Boolean).join(' · ');

export function CustomerPicker<T extends CustomerPickerOption>({
  value,
  onChange,
  useSearch,
  label,
  ariaLabel,
  error,
  helperText,
  autoFocus,
  required,
  disabled,
  inputRef,
  onBlur,
  onPicked,
  excludeId,
  renderDetail = defaultDetail,
  size,
  sx,
}: CustomerPickerProps<T>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setQuery(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [input]);

  // The chosen customer's label is in the box; do not search for it.
  const q = value && query === customerLabel(value) ? '' : query;
  const search = useSearch(q, open && !disabled);
  const found = search.options;
  const options = value && !found.some((o) => o.id === value.id) ? [value, ...found] : [...found];
  const isWaiting = search.isFetching || (input.trim() !== query && !(value && input === customerLabel(value)));

  return (
    <Autocomplete<T, false, false, false>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={value}
      onChange={(event, next, reason) => {
        onChange(next);
        if (next && reason === 'selectOption' && event.type === 'keydown') onPicked?.();
      }}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={customerLabel}
      getOptionDisabled={(c) => c.id === excludeId}
      autoHighlight
      fullWidth
      size={size}
      sx={sx}
      disabled={disabled || Boolean(search.blocked)}
      loading={isWaiting}
      onBlur={onBlur}
      noOptionsText={input.trim() ? t('picker.customer.noMatch') : t('picker.customer.typeToSearch')}
      loadingText={t('picker.loading')}
      openText={t('picker.customer.open')}
      closeText={t('picker.close')}
      clearText={t('picker.clear')}
      renderOption={(props, c) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 2, alignItems: 'baseline' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={{ fontWeight: 500 }}>
                {c.name}
                {c.status !== undefined && c.status !== 'Active' && (
                  <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8em', ml: 1 }}>
                    {t('picker.customer.inactive')}
                  </Box>
                )}
              </Box>
              <Box sx={{ color: 'text.secondary', fontSize: '0.85em' }}>{renderDetail(c)}</Box>
            </Box>
            {c.balance !== undefined && c.balance !== null && <MoneyText value={c.balance} negativeColor />}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={t('picker.customer.placeholder')}
          autoFocus={autoFocus}
          required={required}
          error={error}
          helperText={helperText ?? search.blocked}
          inputRef={inputRef}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-label': ariaLabel } }}
        />
      )}
    />
  );
}
