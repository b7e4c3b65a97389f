// The reading sheet's rules, pure, so the grid can say what the server will say while the reader types:
// the consumption of a typed register value (across a rollover when the meter wraps, negative for a
// correction below the previous reading, the average for an estimate), the flags that need an explicit
// confirmation (zero, spike above 3x the house's average or, without history, the zone's; negative), the rows of the batch the sheet
// sends, the server's row errors put back on their rows, and where Enter and the arrow keys go next.
// The server (metering/reading-rules.ts) stays the judge; both read the register with the same
// readRegister and readingFlags from contracts.
import {
  bdec,
  type EnteredReadingType,
  flagsNeedingConfirmation,
  plainDecimal,
  type ReadingBody,
  type ReadingFlag,
  type ReadingSheetRow,
  readingFlags,
  readRegister,
} from '@ubo/contracts';

const UNITS = /^\d{1,10}(\.\d{1,3})?$/;

/** What the reader has put in one row of the sheet. */
export interface RowEntry {
  type: EnteredReadingType;
  /** The register's value as typed; ignored for an estimate. */
  current: string;
  confirmed: boolean;
}

export const emptyEntry: RowEntry = { type: 'regular', current: '', confirmed: false };

export type RowCheck =
  /** Nothing typed: the row is left out of the save. */
  | { state: 'empty' }
  /** Already read for the period (shown, not sent again). */
  | { state: 'saved' }
  /** Typed, but the server would refuse it: `message` is a contracts message key. */
  | { state: 'invalid'; message: string }
  | {
      state: 'ready';
      current: string;
      consumption: string;
      isRollover: boolean;
      flags: ReadingFlag[];
      /** Flags the reader must confirm before the row can be saved. */
      needsConfirmation: boolean;
    };

/**
 * Checks a row as the server would: `zoneAverage` is the estimate's basis for a house without history.
 */
export function checkRow(
  row: Pick<ReadingSheetRow, 'previousReading' | 'meterDigits' | 'averageConsumption' | 'reading'>,
  entry: RowEntry,
  zoneAverage: string | null,
): RowCheck {
  if (row.reading) return { state: 'saved' };
  const average = row.averageConsumption === null ? null : bdec(row.averageConsumption);
  const zone = zoneAverage === null ? null : bdec(zoneAverage);
  let current: string | undefined;
  if (entry.type !== 'estimated') {
    current = entry.current.trim();
    if (current === '') return { state: 'empty' };
    if (!UNITS.test(current)) return { state: 'invalid', message: 'v.units' };
  }
  const read = readRegister({
    type: entry.type,
    previous: bdec(row.previousReading),
    digits: row.meterDigits,
    current,
    basis: average ?? zone,
  });
  if (!read.ok) return { state: 'invalid', message: read.message };
  // A meter without history is measured against the zone's average, as the server does.
  const flags = readingFlags(read.consumption, average, read.isRollover, zone);
  return {
    state: 'ready',
    current: plainDecimal(read.current),
    consumption: plainDecimal(read.consumption),
    isRollover: read.isRollover,
    flags,
    needsConfirmation: flags.some((f) => flagsNeedingConfirmation.includes(f)),
  };
}

/** A ready row whose flags still wait for the reader's tick. */
export function isUnconfirmed(check: RowCheck, entry: RowEntry): boolean {
  return check.state === 'ready' && check.needsConfirmation && !entry.confirmed;
}

export interface SheetBatch {
  rows: ReadingBody[];
  /** The house of each batch row, by its index (to put the server's `rows.N.field` errors back). */
  houses: number[];
}

/** The batch of POST /api/elc/reads/batch: every typed (or estimated) row of the sheet not yet saved. */
export function batchOf(opts: {
  period: string;
  readingDate: string;
  rows: readonly ReadingSheetRow[];
  entries: Readonly<Record<number, RowEntry>>;
  zoneAverage: string | null;
}): SheetBatch {
  const out: SheetBatch = { rows: [], houses: [] };
  for (const row of opts.rows) {
    const entry = opts.entries[row.houseId];
    if (!entry || row.reading) continue;
    const check = checkRow(row, entry, opts.zoneAverage);
    if (check.state === 'empty' || check.state === 'saved') continue;
    out.rows.push({
      houseId: row.houseId,
      period: opts.period,
      readingDate: opts.readingDate,
      type: entry.type,
      ...(entry.type === 'estimated' ? {} : { currentReading: entry.current.trim() }),
      ...(entry.confirmed ? { confirmed: true } : {}),
    });
    out.houses.push(row.houseId);
  }
  return out;
}

export interface RowError {
  field: string;
  message: string;
}

/**
 * The server's refusal of a batch, per house: `rows.3.confirmed` lands on the fourth batch row's house.
 * Errors that name no row (the sheet's date, say) are returned under `other`.
 */
export function rowErrorsOf(details: readonly RowError[], houses: readonly number[]): { byHouse: Record<number, RowError[]>; other: RowError[] } {
  const byHouse: Record<number, RowError[]> = {};
  const other: RowError[] = [];
  for (const d of details) {
    const m = /^rows\.(\d+)\.(.+)$/.exec(d.field);
    const house = m ? houses[Number(m[1])] : undefined;
    if (m && house !== undefined) {
      byHouse[house] = [...(byHouse[house] ?? []), { field: m[2], message: d.message }];
    } else other.push(d);
  }
  return { byHouse, other };
}

/** What a grid row counts as, for the sheet's summary line. */
export function sheetCounts(rows: readonly ReadingSheetRow[], entries: Readonly<Record<number, RowEntry>>, zoneAverage: string | null) {
  let saved = 0;
  let typed = 0;
  let invalid = 0;
  let unconfirmed = 0;
  for (const row of rows) {
    const entry = entries[row.houseId] ?? emptyEntry;
    const check = checkRow(row, entry, zoneAverage);
    if (check.state === 'saved') saved += 1;
    else if (check.state === 'invalid') invalid += 1;
    else if (check.state === 'ready') {
      typed += 1;
      if (isUnconfirmed(check, entry)) unconfirmed += 1;
    }
  }
  return { total: rows.length, saved, typed, invalid, unconfirmed, missing: rows.length - saved - typed - invalid };
}

/**
 * The row the cursor goes to after a key in the reading column, skipping rows already read: Enter or ↓
 * the next, Shift+Enter or ↑ the previous, PageDown/PageUp ten rows on. null: stay (no key of ours, or
 * no editable row that way).
 */
export function nextRowIndex(opts: { key: string; shiftKey: boolean; from: number; editable: readonly boolean[] }): number | null {
  const { key, shiftKey, from, editable } = opts;
  let step: number;
  if (key === 'ArrowDown' || (key === 'Enter' && !shiftKey)) step = 1;
  else if (key === 'ArrowUp' || (key === 'Enter' && shiftKey)) step = -1;
  else if (key === 'PageDown') step = 10;
  else if (key === 'PageUp') step = -10;
  else return null;
  const direction = Math.sign(step);
  const target = Math.min(Math.max(from + step, 0), editable.length - 1);
  // Land on an editable row, searching on in the same direction, then back towards the start.
  for (let i = target; i >= 0 && i < editable.length; i += direction) {
    if (editable[i]) return i === from ? null : i;
  }
  for (let i = target - direction; i !== from && i >= 0 && i < editable.length; i -= direction) {
    if (editable[i]) return i;
  }
  return null;
}

/** The first row without a reading: where the cursor starts. */
export function firstEditable(editable: readonly boolean[]): number | null {
  const i = editable.indexOf(true);
  return i < 0 ? null : i;
}

/** The month of a date (YYYY-MM-DD -> YYYY-MM), the default period of the screens. */
export function periodOf(isoDate: string): string {
  return isoDate.slice(0, 7);
}

/** The month before a period (2025-01 -> 2024-12). */
export function previousPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Where a reading date starts: today, or the period's last day when the period is already over. */
export function defaultReadingDate(period: string, today: string): string {
  if (!PERIOD_PATTERN.test(period) || period >= today.slice(0, 7)) return today;
  const [y, m] = period.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${period}-${String(last).padStart(2, '0')}`;
}
