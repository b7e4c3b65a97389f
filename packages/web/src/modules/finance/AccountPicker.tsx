// An account chosen by typing its code or either name (autocomplete over the whole chart). Typing
// highlights the first match, so "1030" + Enter (or Tab) picks Bank; `onPicked` tells a grid that the
// choice was made from the keyboard, so it can move on to the next cell. Inactive accounts show but
// cannot be chosen when `activeOnly` (nothing can be posted to them). Without list-account the chart
// cannot be read: the picker is disabled and says why.
//
// Props: accounts, value (account id or null), onChange(id | null), label or ariaLabel, placeholder, activeOnly, error,
// helperText, size, inputRef, inputProps (extra attributes of the input, e.g. data-cell), onBlur,
// onPicked, disabled, sx (the picker's width).
import type { FocusEventHandler, Ref } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Account } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { financePrivileges as p } from './finance.access.ts';

export interface AccountPickerProps {
  accounts: readonly Account[];
  value: number | null;
  onChange: (id: number | null) => void;
  /** A visible label; a grid cell passes ariaLabel (and a placeholder) instead. */
  label?: string;
  ariaLabel?: string;
  placeholder?: string;
  activeOnly?: boolean;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  inputRef?: Ref<HTMLInputElement>;
  inputProps?: Record<string, string | number | boolean | undefined>;
  onBlur?: FocusEventHandler;
  onPicked?: () => void;
  disabled?: boolean;
  required?: boolean;
  loading?: boolean;
  sx?: SxProps<Theme>;
}

const MAX_OPTIONS = 60;

const filter = createFilterOptions<Account>({
  stringify: (a) => `${a.code} ${a.nameEn} ${a.nameSo}`,
  limit: MAX_OPTIONS,
});

export const accountLabel = (a: Pick<Account, 'code' | 'name'>) => `${a.code} · ${a.name}`;

export function AccountPicker({
  accounts,
  value,
  onChange,
  label,
  ariaLabel,
  placeholder,
  activeOnly,
  error,
  helperText,
  size,
  inputRef,
  inputProps,
  onBlur,
  onPicked,
  disabled,
  required,
  loading,
  sx,
}: AccountPickerProps) {
  const { t } = useTranslation();
  const { can } = useSession();
  // The chart is read with list-account; without it the picker is empty, and says so.
  const mayList = can(p.accounts);
  const selected = value === null ? null : (accounts.find((a) => a.id === value) ?? null);
  return (
    <Autocomplete<Account, false, false, false>
      options={accounts as Account[]}
      value={selected}
      onChange={(event, next, reason) => {
        onChange(next ? next.id : null);
        if (next && reason === 'selectOption' && event.type === 'keydown') onPicked?.();
      }}
      filterOptions={filter}
      getOptionLabel={accountLabel}
      getOptionDisabled={activeOnly ? (a) => a.status !== 'Active' : undefined}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      autoHighlight
      autoSelect
      disabled={disabled || !mayList}
      // The input always fills the picker; callers size the picker with sx.
      fullWidth
      size={size}
      loading={loading}
      sx={sx}
      onBlur={onBlur}
      noOptionsText={t('finance.picker.noMatch')}
      loadingText={t('common.loading')}
      openText={t('finance.picker.open')}
      closeText={t('common.close')}
      clearText={t('finance.picker.clear')}
      renderOption={({ key, ...props }, a) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 48, color: 'text.secondary' }}>
            {a.code}
          </Box>
          <Box component="span" sx={{ flex: 1 }}>
            {a.name}
          </Box>
          {a.status !== 'Active' && (
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8em' }}>
              {t('status.Inactive')}
            </Box>
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          required={required}
          error={error}
          helperText={mayList ? helperText : t('finance.picker.noPrivilege')}
          inputRef={inputRef}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-label': ariaLabel, ...inputProps } }}
        />
      )}
    />
  );
}
