// The party of a general journal line, chosen by typing its name or number (GET /api/finance/parties):
// customers come from the register and must be picked from the list; vendors and employees have no
// register yet, so their number may also be typed as it is. The form keeps the party's id (a string);
// the picker remembers the chosen party to show its name. What is typed is sent after a short pause.
import { type FocusEventHandler, type Ref, useEffect, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { LedgerParty, PartyType } from '@ubo/contracts';
import { partyText } from './finance.logic.ts';
import { useJournalParties } from './finance.queries.ts';

const PAUSE_MS = 250;

export interface LinePartyPickerProps {
  partyType: PartyType | '';
  /** The party's id as the form holds it ('' for none). */
  value: string;
  onChange: (partyId: string) => void;
  onBlur?: FocusEventHandler;
  /** The choice was made from the keyboard: the grid moves on to the next cell. */
  onPicked?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  inputProps?: Record<string, string | number | boolean | undefined>;
  ariaLabel: string;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
}

export function LinePartyPicker({
  partyType,
  value,
  onChange,
  onBlur,
  onPicked,
  inputRef,
  inputProps,
  ariaLabel,
  disabled,
  error,
  helperText,
}: LinePartyPickerProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<LedgerParty | null>(null);
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const isTyped = partyType !== 'customer';
  const label = (p: LedgerParty | string) =>
    typeof p === 'string' ? p : p.name ? (p.number ? `${p.number} · ${p.name}` : p.name) : partyText({ partyType: p.type, partyId: p.id }, t);
  // The form's id is the truth: a cleared form or another party type leaves nothing chosen. A typed
  // number stays the text typed (a new object on each keystroke would reset the input).
  const selected = useMemo<LedgerParty | string | null>(() => {
    if (value === '' || partyType === '') return null;
    if (chosen && String(chosen.id) === value && chosen.type === partyType) return chosen;
    return isTyped ? value : { type: partyType, id: Number(value), name: null, number: null };
  }, [value, partyType, chosen, isTyped]);
  // While the input shows the chosen party, search for everyone rather than for its label.
  const typed = selected && typeof selected !== 'string' && input === label(selected) ? '' : search;
  const parties = useJournalParties(partyType, typed, open && !disabled);
  const options = parties.data?.data ?? [];
  const shown = selected && typeof selected !== 'string' && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options;

  return (
    <Autocomplete<LedgerParty, false, false, boolean>
      freeSolo={isTyped}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={shown}
      value={selected}
      onChange={(event, next, reason) => {
        if (typeof next === 'string') {
          onChange(next.trim());
          return;
        }
        setChosen(next);
        onChange(next ? String(next.id) : '');
        if (next && reason === 'selectOption' && event.type === 'keydown') onPicked?.();
      }}
      inputValue={input}
      onInputChange={(_, next, reason) => {
        setInput(next);
        // A vendor's or employee's number may be typed as it is.
        if (isTyped && reason === 'input') onChange(next.trim());
      }}
      // The server filters; show what it answers.
      filterOptions={(o) => o}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => typeof b !== 'string' && a.id === b.id && a.type === b.type}
      autoHighlight={!isTyped}
      disabled={disabled}
      fullWidth
      size="small"
      loading={parties.isFetching}
      onBlur={onBlur}
      noOptionsText={t('finance.journal.partyNoMatch')}
      loadingText={t('common.loading')}
      openText={t('finance.picker.open')}
      closeText={t('common.close')}
      clearText={t('finance.picker.clear')}
      renderOption={({ key, ...props }, p) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
          {p.number && (
            <Box component="span" sx={{ color: 'text.secondary', minWidth: 72 }}>
              {p.number}
            </Box>
          )}
          <Box component="span" sx={{ flex: 1 }}>
            {p.name ?? partyText({ partyType: p.type, partyId: p.id }, t)}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={partyType ? t('finance.journal.partySearch') : undefined}
          error={error}
          helperText={helperText}
          inputRef={inputRef}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-label': ariaLabel, autoComplete: 'off', ...inputProps } }}
        />
      )}
    />
  );
}
