// One house of the reading sheet (ReadingGrid): its customer, meter, previous reading and average, the
// typed current reading with its type, the consumption and flags as the value is typed, the Confirm tick
// of a flagged row and the server's refusal of the row. Re-rendered only when its own entry, check or
// errors change, so typing stays quick in a big zone.
import { memo } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputBase from '@mui/material/InputBase';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EnteredReadingType, ReadingSheetRow } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { useMessage } from '../../lib/messages.ts';
import { FlagChips } from './BillingParts.tsx';
import type { RowCheck, RowEntry, RowError } from './readings.logic.ts';

const TYPES: readonly EnteredReadingType[] = ['regular', 'estimated', 'correction'];

export interface GridRowProps {
  row: ReadingSheetRow;
  index: number;
  entry: RowEntry;
  check: RowCheck;
  errors: readonly RowError[] | undefined;
  onEntry: (houseId: number, patch: Partial<RowEntry>) => void;
  /** The zone's average: a meter without history is measured against it. */
  zoneAverage: string | null;
}

/** Two checks say the same (each keystroke makes new check objects for every row). */
function sameCheck(a: RowCheck, b: RowCheck): boolean {
  if (a.state !== b.state) return false;
  if (a.state === 'invalid' && b.state === 'invalid') return a.message === b.message;
  if (a.state === 'ready' && b.state === 'ready') {
    return a.current === b.current && a.consumption === b.consumption && a.needsConfirmation === b.needsConfirmation && a.flags.join() === b.flags.join();
  }
  return true;
}

/** One house; re-rendered only when its own entry, check or errors change, so typing stays quick in a big zone. */
export const ReadingGridRow = memo(
  function GridRow({ row, index, entry, check, errors, onEntry, zoneAverage }: GridRowProps) {
    const { t } = useTranslation();
    const message = useMessage();
    const house = row.houseNo ?? `#${row.houseId}`;
    const saved = row.reading;
    const isBad = check.state === 'invalid' || (errors?.length ?? 0) > 0;
    const flags = check.state === 'ready' ? check.flags : (saved?.flags ?? []);
    const needsTick = check.state === 'ready' && check.needsConfirmation;
    const hint = check.state === 'invalid' ? message(check.message) : null;
    return (
      <TableRow
        hover
        data-house={row.houseId}
        aria-invalid={isBad || undefined}
        sx={{ bgcolor: isBad ? 'rgba(211, 47, 47, 0.06)' : needsTick && !entry.confirmed ? 'rgba(237, 108, 2, 0.07)' : undefined }}
      >
        <TableCell sx={{ color: 'text.secondary', width: 40 }}>{index + 1}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <Box sx={{ fontWeight: 600 }}>{house}</Box>
          {row.address && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {row.address}
            </Typography>
          )}
        </TableCell>
        <TableCell>
          <Box>{row.customerName}</Box>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {row.customerNo}
          </Typography>
        </TableCell>
        <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{row.meterNumber}</TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <Box sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.previousReading}</Box>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            <DateText value={row.previousDate} />
          </Typography>
        </TableCell>
        <TableCell align="right" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
          {row.averageConsumption ?? '—'}
        </TableCell>
        <TableCell sx={{ p: 0.5 }}>
          {saved ? (
            t(`billingRuns.types.${saved.type}`)
          ) : (
            <NativeSelect
              value={entry.type}
              onChange={(e) => onEntry(row.houseId, { type: e.target.value as EnteredReadingType, confirmed: false })}
              inputProps={{ 'aria-label': t('billingRuns.readings.typeOf', { house }) }}
              sx={{ fontSize: '0.8125rem', minWidth: 104 }}
            >
              {TYPES.map((ty) => (
                <option key={ty} value={ty}>
                  {t(`billingRuns.types.${ty}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </TableCell>
        <TableCell sx={{ p: 0.5, width: 130 }}>
          {saved ? (
            <Box sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums', pr: 1 }}>{saved.currentReading}</Box>
          ) : (
            <InputBase
              value={entry.type === 'estimated' ? (check.state === 'ready' ? check.current : '') : entry.current}
              placeholder={entry.type === 'estimated' ? t('billingRuns.readings.estimateAuto') : ''}
              disabled={entry.type === 'estimated'}
              onChange={(e) => onEntry(row.houseId, { current: e.target.value, confirmed: false })}
              onFocus={(e) => e.target.select()}
              inputProps={{
                'aria-label': t('billingRuns.readings.readingOf', { house }),
                'aria-invalid': isBad || undefined,
                'data-row': index,
                inputMode: 'decimal',
                autoComplete: 'off',
              }}
              sx={{
                width: '100%',
                border: 1,
                borderRadius: 0.5,
                borderColor: isBad ? 'error.main' : 'divider',
                bgcolor: 'background.paper',
                '&.Mui-focused': { borderColor: isBad ? 'error.main' : 'primary.main', boxShadow: 1 },
                '& input': { textAlign: 'right', py: 0.5, px: 1, fontVariantNumeric: 'tabular-nums' },
              }}
            />
          )}
        </TableCell>
        <TableCell align="right" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={`consumption-${row.houseId}`}>
          {check.state === 'ready' ? check.consumption : (saved?.consumption ?? '')}
        </TableCell>
        <TableCell sx={{ minWidth: 220 }}>
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              {saved && (
                <Chip
                  size="small"
                  variant="outlined"
                  color={saved.billed ? 'default' : 'success'}
                  label={t(saved.billed ? 'billingRuns.readings.billed' : 'billingRuns.readings.saved')}
                />
              )}
              <FlagChips flags={flags} average={row.averageConsumption} zoneAverage={zoneAverage} />
              {needsTick && (
                <FormControlLabel
                  sx={{ ml: 0.5, mr: 0 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={entry.confirmed}
                      onChange={(e) => onEntry(row.houseId, { confirmed: e.target.checked })}
                      slotProps={{ input: { 'aria-label': t('billingRuns.readings.confirmOf', { house }) } }}
                    />
                  }
                  label={t('billingRuns.readings.confirm')}
                />
              )}
            </Stack>
            {hint && (
              <Typography variant="caption" sx={{ color: 'error.main' }}>
                {hint}
              </Typography>
            )}
            {errors?.map((e) => (
              <Typography key={`${e.field}:${e.message}`} variant="caption" sx={{ color: 'error.main' }} role="alert" data-testid={`row-error-${row.houseId}`}>
                {message(e.message)}
              </Typography>
            ))}
          </Stack>
        </TableCell>
      </TableRow>
    );
  },
  (a, b) =>
    a.row === b.row &&
    a.index === b.index &&
    a.entry === b.entry &&
    a.errors === b.errors &&
    a.onEntry === b.onEntry &&
    a.zoneAverage === b.zoneAverage &&
    sameCheck(a.check, b.check),
);
