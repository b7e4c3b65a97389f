// A customer chosen by typing part of the name, number, phone or a meter number: the server's customer
// search (GET /api/elc/customers?q=), 20 matches at a time, the first one highlighted so Enter takes it.
import { type FocusEventHandler, type Ref, useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { CustomerClass } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { billingPrivileges } from './billing.access.ts';
import { useCustomerSearch } from './billing.queries.ts';

export interface CustomerOption {
  id: number;
  customerNo: string;
  name: string;
  customerClass: CustomerClass;
  phone?: string;
}

export interface CustomerPickerProps {
  value: CustomerOption | null;
  onChange: (customer: CustomerOption | null) => void;
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: FocusEventHandler;
}

const SEARCH_DEBOUNCE_MS = 300;

export function CustomerPicker({ value, onChange, label, required, disabled, error, helperText, inputRef, onBlur }: CustomerPickerProps) {
  const { t } = useTranslation();
  // The search reads the customers list; without list-customer the picker says why it is empty.
  const mayList = useCan()(billingPrivileges.customers);
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setQ(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [input]);
  // While the input shows the chosen customer's label, search for everyone rather than for that label.
  const chosenLabel = value ? `${value.customerNo} · ${value.name}` : '';
  const search = useCustomerSearch(q === chosenLabel ? '' : q, open && !disabled && mayList);
  const options: CustomerOption[] = search.data?.data ?? [];

  return (
    <Autocomplete<CustomerOption, false, false, false>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      // The server has filtered already.
      filterOptions={(x) => x}
      getOptionLabel={(c) => `${c.customerNo} · ${c.name}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      autoHighlight
      disabled={disabled || !mayList}
      loading={search.isFetching}
      onBlur={onBlur}
      noOptionsText={t('billing.picker.noMatch')}
      loadingText={t('common.loading')}
      openText={t('billing.picker.open')}
      closeText={t('common.close')}
      clearText={t('billing.picker.clear')}
      renderOption={({ key, ...props }, c) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
          <Box component="span" sx={{ color: 'text.secondary', minWidth: 80 }}>
            {c.customerNo}
          </Box>
          <Box component="span" sx={{ flex: 1 }}>
            {c.name}
          </Box>
          {c.phone && (
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
              {c.phone}
            </Box>
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          helperText={helperText ?? (mayList ? t('billing.picker.help') : t('billing.picker.noPrivilege'))}
          inputRef={inputRef}
        />
      )}
    />
  );
}
