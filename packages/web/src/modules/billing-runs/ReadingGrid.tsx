// The reading sheet of a zone for a period (GET /api/elc/reads/sheet), keyboard first: one row per
// connected house with its customer, meter, previous reading and average; the reader types the
// current reading and the consumption, rollover and flags (zero, spike above 3x the average, below
// the previous reading) follow every keystroke. Enter or ↓ goes to the next house still to read,
// Shift+Enter or ↑ back, PageDown/PageUp ten rows, Ctrl+Enter saves. A flagged row shows a Confirm
// tick. Save sends every typed row in one batch (POST /api/elc/reads/batch, all or nothing); the
// server judges, and its refusal of a row (an unconfirmed flag, a date before the previous reading...)
// is shown on that row, whose input takes the focus.
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import type { ReadingSheet } from '@ubo/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { useMessage } from '../../lib/messages.ts';
import { usePeriodText } from './BillingParts.tsx';
import { useSaveReadingBatch } from './billing-runs.queries.ts';
import { ReadingGridRow } from './ReadingGridRow.tsx';
import { batchOf, checkRow, emptyEntry, nextRowIndex, type RowEntry, type RowError, rowErrorsOf, sheetCounts } from './readings.logic.ts';

interface EditState {
  /** The sheet the entries belong to; another zone or period starts afresh. */
  key: string;
  entries: Record<number, RowEntry>;
  errors: Record<number, RowError[]>;
  other: RowError[];
}

export function ReadingGrid({ sheet, readingDate }: { sheet: ReadingSheet; readingDate: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const periodText = usePeriodText();
  const save = useSaveReadingBatch();
  const tableRef = useRef<HTMLTableElement>(null);
  const key = `${sheet.zoneId}:${sheet.period}`;
  const [edit, setEdit] = useState<EditState>({ key, entries: {}, errors: {}, other: [] });
  if (edit.key !== key) setEdit({ key, entries: {}, errors: {}, other: [] });
  const entries = edit.key === key ? edit.entries : {};
  const rowErrors = edit.key === key ? edit.errors : {};
  const zoneAverage = sheet.zoneAverageConsumption;

  const checks = useMemo(() => sheet.rows.map((row) => checkRow(row, entries[row.houseId] ?? emptyEntry, zoneAverage)), [sheet.rows, entries, zoneAverage]);
  const editable = useMemo(() => sheet.rows.map((r) => r.reading === null), [sheet.rows]);
  const counts = sheetCounts(sheet.rows, entries, zoneAverage);
  const isDirty = counts.typed + counts.invalid > 0;

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!isDirty) return false;
    const sheetOf = (search: string) => {
      const p = new URLSearchParams(search);
      return `${p.get('period')}:${p.get('zoneId')}`;
    };
    return currentLocation.pathname !== nextLocation.pathname || sheetOf(currentLocation.search) !== sheetOf(nextLocation.search);
  });

  const onEntry = useCallback((houseId: number, patch: Partial<RowEntry>) => {
    setEdit((prev) => {
      const { [houseId]: _cleared, ...errors } = prev.errors;
      return { ...prev, entries: { ...prev.entries, [houseId]: { ...(prev.entries[houseId] ?? emptyEntry), ...patch } }, errors };
    });
  }, []);

  const focusRow = useCallback((index: number) => {
    const input = tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${index}"]`);
    input?.focus();
    input?.closest('tr')?.scrollIntoView({ block: 'nearest' });
  }, []);

  // The first house still to read takes the cursor when a sheet opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another sheet opens
  useEffect(() => {
    const first = editable.indexOf(true);
    if (first >= 0) focusRow(first);
  }, [key]);

  const submit = async () => {
    const batch = batchOf({ period: sheet.period, readingDate, rows: sheet.rows, entries, zoneAverage });
    if (batch.rows.length === 0) {
      toast(t('billingRuns.readings.nothingToSave'), 'info');
      return;
    }
    try {
      const result = await save.mutateAsync({ rows: batch.rows });
      toast(t('billingRuns.readings.savedCount', { count: result.saved }), 'success');
      setEdit({ key, entries: {}, errors: {}, other: [] });
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      const { byHouse, other } = rowErrorsOf(err.details, batch.houses);
      // A refusal naming no row (a conflict, say) is shown above the sheet with the server's message.
      const general = err.details.length === 0 ? [{ field: '', message: err.message }] : other;
      setEdit((prev) => ({ ...prev, errors: byHouse, other: general }));
      const firstHouse = batch.houses.find((h) => h in byHouse);
      const index = sheet.rows.findIndex((r) => r.houseId === firstHouse);
      if (index >= 0) focusRow(index);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const target = e.target as HTMLElement;
    const row = target.dataset.row;
    if (row === undefined) return;
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
      return;
    }
    const next = nextRowIndex({ key: e.key, shiftKey: e.shiftKey, from: Number(row), editable });
    if (next === null) {
      if (e.key === 'Enter') e.preventDefault();
      return;
    }
    e.preventDefault();
    focusRow(next);
  };

  const refusedCount = Object.keys(rowErrors).length;
  return (
    <Paper sx={{ overflow: 'hidden' }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2, alignItems: { md: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h3">
            {t('billingRuns.readings.sheetTitle', { zone: sheet.zoneName, period: periodText(sheet.period) })}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status" data-testid="sheet-summary">
            {t('billingRuns.readings.summary', counts)}
            {zoneAverage !== null && ` · ${t('billingRuns.readings.zoneAverage', { value: zoneAverage })}`}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<SaveIcon />} onClick={() => void submit()} disabled={save.isPending || !isDirty}>
          {t('billingRuns.readings.save')}
        </Button>
      </Stack>
      <Box sx={{ px: 2 }}>
        {counts.invalid > 0 && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {t('billingRuns.readings.fixInvalid', { count: counts.invalid })}
          </Alert>
        )}
        {counts.unconfirmed > 0 && (
          <Alert severity="warning" sx={{ mb: 1 }} data-testid="needs-confirmation">
            {t('billingRuns.readings.needConfirm', { count: counts.unconfirmed })}
          </Alert>
        )}
        {refusedCount > 0 && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="batch-refused">
            {t('billingRuns.readings.refused', { count: refusedCount })}
          </Alert>
        )}
        {edit.other.map((e) => (
          <Alert key={`${e.field}:${e.message}`} severity="error" sx={{ mb: 1 }}>
            {message(e.message)}
          </Alert>
        ))}
      </Box>
      {sheet.rows.length === 0 ? (
        <Alert severity="info" sx={{ m: 2 }}>
          {t('billingRuns.readings.noHouses')}
        </Alert>
      ) : (
        <TableContainer sx={{ maxHeight: '70vh' }}>
          <Table
            size="small"
            stickyHeader
            ref={tableRef}
            onKeyDown={onKeyDown}
            aria-label={t('billingRuns.readings.sheetTitle', { zone: sheet.zoneName, period: periodText(sheet.period) })}
          >
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>{t('billingRuns.house')}</TableCell>
                <TableCell>{t('billingRuns.customer')}</TableCell>
                <TableCell>{t('billingRuns.meter')}</TableCell>
                <TableCell align="right">{t('billingRuns.previousReading')}</TableCell>
                <TableCell align="right">{t('billingRuns.average')}</TableCell>
                <TableCell>{t('billingRuns.type')}</TableCell>
                <TableCell align="right">{t('billingRuns.currentReading')}</TableCell>
                <TableCell align="right">{t('billingRuns.consumption')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {sheet.rows.map((row, i) => (
                <ReadingGridRow
                  key={row.houseId}
                  row={row}
                  index={i}
                  entry={entries[row.houseId] ?? emptyEntry}
                  check={checks[i]}
                  errors={rowErrors[row.houseId]}
                  onEntry={onEntry}
                  zoneAverage={zoneAverage}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography variant="caption" component="p" sx={{ p: 2, color: 'text.secondary' }}>
        {t('billingRuns.readings.keyboardHint')}
      </Typography>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('billingRuns.readings.unsavedTitle')}
        message={t('billingRuns.readings.unsavedText')}
        confirmLabel={t('billingRuns.readings.leave')}
        cancelLabel={t('billingRuns.readings.stay')}
        destructive
        onConfirm={() => blocker.proceed?.()}
        onClose={() => {
          if (blocker.state === 'blocked') blocker.reset();
        }}
      />
    </Paper>
  );
}

/** While the sheet loads. */
export function ReadingGridSkeleton() {
  return (
    <Paper sx={{ p: 2 }}>
      <Skeleton variant="text" width="40%" />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={32} sx={{ mt: 1 }} />
      ))}
    </Paper>
  );
}
