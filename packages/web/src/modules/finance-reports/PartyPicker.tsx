// Picks the customer, vendor or employee of the personal account report: the party type, then the party
// by typing (customers by name, customer number or id from the register; vendors and employees, which
// have no register yet, by the ids the ledger's lines carry). What is typed is sent after a short pause.
import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type LedgerParty, type PartyType, partyTypeValues } from '@ubo/contracts';
import { useLedgerParties } from './finance-reports.queries.ts';

const PAUSE_MS = 250;

export function usePartyLabel() {
  const { t } = useTranslation();
  return (p: LedgerParty) => {
    if (p.name) return p.number ? `${p.number} · ${p.name}` : p.name;
    return t('financeReports.personal.numbered', { type: t(`finance.party.${p.type}`), id: p.id });
  };
}

export function PartyPicker({
  partyType,
  value,
  onTypeChange,
  onChange,
}: {
  partyType: PartyType;
  value: LedgerParty | null;
  onTypeChange: (type: PartyType) => void;
  onChange: (party: LedgerParty | null) => void;
}) {
  const { t } = useTranslation();
  const label = usePartyLabel();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  // What is typed is the search only while no party is chosen; the chosen party's label is not a search.
  const typed = value && input === label(value) ? '' : search;
  const parties = useLedgerParties(partyType, typed);
  const options = parties.data?.data ?? [];
  const withValue = value && !options.some((o) => o.id === value.id && o.type === value.type) ? [value, ...options] : options;

  return (
    <>
      <TextField
        select
        label={t('financeReports.personal.partyType')}
        value={partyType}
        onChange={(e) => onTypeChange(e.target.value as PartyType)}
        sx={{ width: { xs: '100%', md: 180 } }}
      >
        {partyTypeValues.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`finance.party.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete<LedgerParty, false, false, false>
        options={withValue}
        value={value}
        onChange={(_, next) => onChange(next)}
        inputValue={input}
        onInputChange={(_, next) => setInput(next)}
        // The server filters; show what it answers.
        filterOptions={(o) => o}
        getOptionLabel={label}
        isOptionEqualToValue={(a, b) => a.id === b.id && a.type === b.type}
        loading={parties.isFetching}
        autoHighlight
        sx={{ width: { xs: '100%', md: 420 } }}
        noOptionsText={t('financeReports.personal.noMatch')}
        loadingText={t('common.loading')}
        openText={t('finance.picker.open')}
        closeText={t('common.close')}
        clearText={t('finance.picker.clear')}
        renderInput={(params) => <TextField {...params} label={t('financeReports.personal.party')} placeholder={t('financeReports.personal.search')} />}
      />
    </>
  );
}
