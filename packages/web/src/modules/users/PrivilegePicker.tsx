// The privilege picker of the role editor and of a user's extra privileges: the catalogue grouped by
// module, one card per group with a group checkbox (all / none, indeterminate when partial) and one
// checkbox per privilege, labels in the user's language, a search box and a count of what is selected.
// Keys `inherited` (a user's role) show ticked and locked; keys `isGrantable` refuses show disabled,
// because the server lets a non-administrator give only privileges they hold.
import { useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { useTranslation } from 'react-i18next';
import type { PrivilegeCatalogue } from '@ubo/contracts';
import { useLang } from '../../lib/messages.ts';
import { filterCatalogue, normalise, toggleGroup } from './privileges.logic.ts';

export interface PrivilegePickerProps {
  catalogue: PrivilegeCatalogue;
  value: readonly string[];
  onChange: (keys: string[]) => void;
  /** Keys held another way (the user's role): ticked, locked, marked with `inheritedLabel`. */
  inherited?: readonly string[];
  inheritedLabel?: string;
  /** Whether the key may be ticked; an untickable key that is ticked may still be removed. */
  isGrantable?: (key: string) => boolean;
  disabled?: boolean;
  /** A translated error for the whole list (server field error). */
  error?: string;
  /** The accessible name of the picker. */
  label: string;
}

type Catalogue = PrivilegeCatalogue;
type Group = Catalogue[number];

export function PrivilegePicker({
  catalogue,
  value,
  onChange,
  inherited = [],
  inheritedLabel,
  isGrantable = () => true,
  disabled = false,
  error,
  label,
}: PrivilegePickerProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const searchId = useId();
  const baseId = useId();
  const [search, setSearch] = useState('');
  const selected = useMemo(() => new Set(value), [value]);
  const fromRole = useMemo(() => new Set(inherited), [inherited]);
  // At first only the groups holding something are open, so the picker starts as an overview.
  const [open, setOpen] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(catalogue.map((g) => [g.group, g.privileges.some((p) => selected.has(p.key) || fromRole.has(p.key))])),
  );
  const text = normalise(search.trim());

  const labelOf = (item: { en: string; so: string }) => (lang === 'so' ? item.so : item.en);
  const isOpen = (group: string) => text !== '' || (open[group] ?? false);
  const isHeld = (key: string) => selected.has(key) || fromRole.has(key);
  // A key can be toggled unless it comes from the role (and is not also extra), or it may not be granted.
  const isLocked = (key: string) => disabled || (fromRole.has(key) && !selected.has(key)) || (!selected.has(key) && !isGrantable(key));

  const groups = useMemo(() => filterCatalogue(catalogue, text, lang), [catalogue, text, lang]);

  const total = useMemo(() => catalogue.reduce((n, g) => n + g.privileges.length, 0), [catalogue]);
  const allKeys = useMemo(() => new Set(catalogue.flatMap((g) => g.privileges.map((p) => p.key))), [catalogue]);
  const selectedCount = [...allKeys].filter((k) => selected.has(k)).length;
  const inheritedOnly = [...allKeys].filter((k) => fromRole.has(k) && !selected.has(k)).length;

  const setKeys = (add: readonly string[], remove: readonly string[]) => {
    const next = new Set(selected);
    for (const k of remove) next.delete(k);
    for (const k of add) next.add(k);
    onChange([...next].sort());
  };

  // The group checkbox acts on the privileges on screen (a search narrows them).
  const onGroup = (g: Group) =>
    onChange(
      toggleGroup(
        g.privileges.map((p) => p.key),
        selected,
        isLocked,
      ),
    );

  const setAllOpen = (state: boolean) => setOpen(Object.fromEntries(catalogue.map((g) => [g.group, state])));

  return (
    <Box role="group" aria-label={label}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <TextField
          id={searchId}
          size="small"
          type="search"
          label={t('users.picker.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          fullWidth={false}
          sx={{ width: { md: 320 }, flexShrink: 0 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography aria-live="polite" sx={{ flexGrow: 1, color: 'text.secondary' }}>
          {t('users.picker.selected', { count: selectedCount, total })}
          {inheritedOnly > 0 && inheritedLabel && ` ${t('users.picker.plusInherited', { count: inheritedOnly, label: inheritedLabel })}`}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button size="small" startIcon={<UnfoldMoreIcon />} onClick={() => setAllOpen(true)} disabled={text !== ''}>
            {t('users.picker.expandAll')}
          </Button>
          <Button size="small" startIcon={<UnfoldLessIcon />} onClick={() => setAllOpen(false)} disabled={text !== ''}>
            {t('users.picker.collapseAll')}
          </Button>
          <Button size="small" color="inherit" onClick={() => setKeys([], value)} disabled={disabled || value.length === 0}>
            {t('users.picker.clear')}
          </Button>
        </Stack>
      </Stack>
      {error && (
        <FormHelperText error sx={{ mt: -1, mb: 1.5, fontSize: '0.875rem' }}>
          {error}
        </FormHelperText>
      )}
      {groups.length === 0 && (
        <Typography sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>{t('users.picker.noMatch', { text: search.trim() })}</Typography>
      )}
      <Box sx={{ columnCount: { xs: 1, md: 2, xl: 3 }, columnGap: 2 }}>
        {groups.map((g) => {
          const keys = g.privileges.map((p) => p.key);
          const fullGroup = catalogue.find((c) => c.group === g.group) ?? g;
          const groupHeld = fullGroup.privileges.filter((p) => isHeld(p.key)).length;
          const ticked = keys.filter(isHeld).length;
          const changeable = keys.filter((k) => !isLocked(k));
          const expanded = isOpen(g.group);
          const headingId = `${baseId}-${g.group}`;
          const bodyId = `${baseId}-${g.group}-body`;
          const groupLabel = labelOf(g);
          return (
            <Paper
              key={g.group}
              variant="outlined"
              role="group"
              aria-labelledby={headingId}
              sx={{ breakInside: 'avoid', display: 'inline-block', width: '100%', mb: 2, overflow: 'hidden' }}
            >
              <Stack direction="row" sx={{ alignItems: 'center', pl: 0.5, pr: 0.5, py: 0.25, bgcolor: 'action.hover' }}>
                <Checkbox
                  checked={ticked > 0 && ticked === keys.length}
                  indeterminate={ticked > 0 && ticked < keys.length}
                  disabled={changeable.length === 0}
                  onChange={() => onGroup(g)}
                  slotProps={{ input: { 'aria-label': t('users.picker.selectGroup', { group: groupLabel }) } }}
                />
                <Typography id={headingId} component="h3" sx={{ flexGrow: 1, fontWeight: 600 }}>
                  {groupLabel}
                </Typography>
                <Chip
                  size="small"
                  color={groupHeld > 0 ? 'primary' : 'default'}
                  variant={groupHeld > 0 ? 'filled' : 'outlined'}
                  label={t('users.picker.groupCount', { count: groupHeld, total: fullGroup.privileges.length })}
                />
                <IconButton
                  size="small"
                  aria-expanded={expanded}
                  aria-controls={bodyId}
                  aria-label={t(expanded ? 'users.picker.collapseGroup' : 'users.picker.expandGroup', { group: groupLabel })}
                  onClick={() => setOpen((o) => ({ ...o, [g.group]: !expanded }))}
                  disabled={text !== ''}
                  sx={{ ml: 0.5 }}
                >
                  <ExpandMoreIcon sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
                </IconButton>
              </Stack>
              <Collapse in={expanded} id={bodyId}>
                <Stack sx={{ px: 2, py: 1 }}>
                  {g.privileges.map((p) => {
                    const locked = isLocked(p.key);
                    const viaRole = fromRole.has(p.key) && !selected.has(p.key);
                    const notHeld = !viaRole && locked && !disabled;
                    const control = (
                      <FormControlLabel
                        key={p.key}
                        disabled={locked}
                        control={
                          <Checkbox
                            size="small"
                            checked={isHeld(p.key)}
                            onChange={(e) => setKeys(e.target.checked ? [p.key] : [], e.target.checked ? [] : [p.key])}
                          />
                        }
                        label={
                          <span>
                            {labelOf(p)}
                            {viaRole && inheritedLabel && (
                              <Typography component="span" variant="caption" sx={{ ml: 1, color: 'text.secondary' }}>
                                ({inheritedLabel})
                              </Typography>
                            )}
                          </span>
                        }
                        sx={{ mr: 0, alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5, pb: 0.5 }, '& .MuiFormControlLabel-label': { pt: '5px' } }}
                      />
                    );
                    return notHeld ? (
                      <Tooltip key={p.key} title={t('users.picker.notHeld')} placement="top-start">
                        <span>{control}</span>
                      </Tooltip>
                    ) : (
                      control
                    );
                  })}
                </Stack>
              </Collapse>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
