// The reading sheet's rules: consumption as typed, rollover, flags and their confirmation, the batch it
// sends, the server's row errors put back on their houses, and keyboard movement between rows.
import { describe, expect, it } from 'vitest';
import type { ReadingSheetRow } from '@ubo/contracts';
import {
  batchOf,
  checkRow,
  defaultReadingDate,
  emptyEntry,
  firstEditable,
  isUnconfirmed,
  nextRowIndex,
  previousPeriod,
  type RowEntry,
  rowErrorsOf,
  sheetCounts,
} from './readings.logic.ts';

function sheetRow(overrides: Partial<ReadingSheetRow> = {}): ReadingSheetRow {
  return {
    houseId: 1,
    houseNo: 'H-1',
    address: null,
    customerId: 10,
    customerNo: 'C-000010',
    customerName: 'Sahra Nur',
    meterId: 100,
    meterNumber: 'M-100',
    meterDigits: 5,
    previousReading: '1200',
    previousDate: '2025-02-28',
    previousPeriod: '2025-02',
    averageConsumption: '100',
    reading: null,
    ...overrides,
  };
}

const entry = (current: string, extra: Partial<RowEntry> = {}): RowEntry => ({ ...emptyEntry, current, ...extra });

describe('consumption as the reader types', () => {
  it('is the current reading less the previous one', () => {
    expect(checkRow(sheetRow(), entry('1325'), null)).toEqual({
      state: 'ready',
      current: '1325',
      consumption: '125',
      isRollover: false,
      flags: [],
      needsConfirmation: false,
    });
    expect(checkRow(sheetRow(), entry(' 1250.5 '), null)).toMatchObject({ state: 'ready', consumption: '50.5' });
  });

  it('leaves an untouched row out and marks a row already read as saved', () => {
    expect(checkRow(sheetRow(), entry(''), null)).toEqual({ state: 'empty' });
    const read = sheetRow({
      reading: { id: 5, currentReading: '1300', readingDate: '2025-03-28', type: 'regular', consumption: '100', flags: [], billed: false },
    });
    expect(checkRow(read, entry('1400'), null)).toEqual({ state: 'saved' });
  });

  it('refuses what the server refuses, with the server message keys', () => {
    expect(checkRow(sheetRow(), entry('12a'), null)).toEqual({ state: 'invalid', message: 'v.units' });
    expect(checkRow(sheetRow(), entry('1.2345'), null)).toEqual({ state: 'invalid', message: 'v.units' });
    expect(checkRow(sheetRow(), entry('100000'), null)).toEqual({ state: 'invalid', message: 'reading.tooManyDigits|5' });
    // 1100 after 1200 on a 5-digit register would be 99,900 units: a misread, not a rollover.
    expect(checkRow(sheetRow(), entry('1100'), null)).toEqual({ state: 'invalid', message: 'reading.belowPrevious|1200' });
  });

  it('counts across a rollover when the register wrapped past zero', () => {
    const row = sheetRow({ previousReading: '99950', averageConsumption: null });
    expect(checkRow(row, entry('30'), null)).toEqual({
      state: 'ready',
      current: '30',
      consumption: '80',
      isRollover: true,
      flags: ['rollover'],
      needsConfirmation: false,
    });
  });

  it('flags zero consumption and a spike above 3 times the average, both needing a confirmation', () => {
    expect(checkRow(sheetRow(), entry('1200'), null)).toMatchObject({ flags: ['zero'], needsConfirmation: true });
    expect(checkRow(sheetRow(), entry('1500'), null)).toMatchObject({ consumption: '300', flags: [], needsConfirmation: false });
    expect(checkRow(sheetRow(), entry('1500.001'), null)).toMatchObject({ flags: ['spike'], needsConfirmation: true });
    // A new meter (no history) is measured against the zone's average, as the server does; with no zone
    // history either there is nothing to measure against.
    expect(checkRow(sheetRow({ averageConsumption: null }), entry('9000'), '100')).toMatchObject({ flags: ['spike'], needsConfirmation: true });
    expect(checkRow(sheetRow({ averageConsumption: null }), entry('1500'), '100')).toMatchObject({ flags: [], needsConfirmation: false });
    expect(checkRow(sheetRow({ averageConsumption: null }), entry('9000'), null)).toMatchObject({ flags: [], needsConfirmation: false });
  });

  it('lets a correction go below the previous reading as a negative consumption to confirm', () => {
    expect(checkRow(sheetRow(), entry('1150', { type: 'correction' }), null)).toMatchObject({
      state: 'ready',
      consumption: '-50',
      flags: ['negative'],
      needsConfirmation: true,
    });
  });

  it('estimates from the house average, else the zone average, in whole units', () => {
    expect(checkRow(sheetRow({ averageConsumption: '100.4' }), entry('', { type: 'estimated' }), '80')).toMatchObject({
      state: 'ready',
      current: '1300',
      consumption: '100',
    });
    expect(checkRow(sheetRow({ averageConsumption: null }), entry('999', { type: 'estimated' }), '80.5')).toMatchObject({ current: '1281', consumption: '81' });
    expect(checkRow(sheetRow({ averageConsumption: null }), entry('', { type: 'estimated' }), null)).toEqual({
      state: 'invalid',
      message: 'reading.noAverage',
    });
  });

  it('knows a flagged row waits for its tick', () => {
    const check = checkRow(sheetRow(), entry('2000'), null);
    expect(isUnconfirmed(check, entry('2000'))).toBe(true);
    expect(isUnconfirmed(check, entry('2000', { confirmed: true }))).toBe(false);
    expect(isUnconfirmed(checkRow(sheetRow(), entry('1300'), null), entry('1300'))).toBe(false);
  });
});

describe('the batch the sheet saves', () => {
  const rows = [
    sheetRow({ houseId: 1 }),
    sheetRow({
      houseId: 2,
      reading: { id: 9, currentReading: '1300', readingDate: '2025-03-28', type: 'regular', consumption: '100', flags: [], billed: false },
    }),
    sheetRow({ houseId: 3 }),
    sheetRow({ houseId: 4 }),
    sheetRow({ houseId: 5, averageConsumption: '40' }),
  ];
  const entries: Record<number, RowEntry> = {
    1: entry('1300'),
    2: entry('1500'),
    3: entry(''),
    4: entry('2000', { confirmed: true }),
    5: entry('', { type: 'estimated' }),
  };

  it('sends typed and estimated rows not yet read, with the confirmation ticks', () => {
    const batch = batchOf({ period: '2025-03', readingDate: '2025-03-28', rows, entries, zoneAverage: null });
    expect(batch.houses).toEqual([1, 4, 5]);
    expect(batch.rows).toEqual([
      { houseId: 1, period: '2025-03', readingDate: '2025-03-28', type: 'regular', currentReading: '1300' },
      { houseId: 4, period: '2025-03', readingDate: '2025-03-28', type: 'regular', currentReading: '2000', confirmed: true },
      { houseId: 5, period: '2025-03', readingDate: '2025-03-28', type: 'estimated' },
    ]);
  });

  it('puts the server row errors back on their houses', () => {
    const { houses } = batchOf({ period: '2025-03', readingDate: '2025-03-28', rows, entries, zoneAverage: null });
    const details = [
      { field: 'rows.1.confirmed', message: 'Consumption is more than 3 times the average.' },
      { field: 'rows.1.readingDate', message: 'Too early.' },
      { field: 'rows.2.currentReading', message: 'Required.' },
      { field: 'rows', message: 'Too many.' },
      { field: 'rows.9.type', message: 'Out of range.' },
    ];
    expect(rowErrorsOf(details, houses)).toEqual({
      byHouse: {
        4: [
          { field: 'confirmed', message: 'Consumption is more than 3 times the average.' },
          { field: 'readingDate', message: 'Too early.' },
        ],
        5: [{ field: 'currentReading', message: 'Required.' }],
      },
      other: [
        { field: 'rows', message: 'Too many.' },
        { field: 'rows.9.type', message: 'Out of range.' },
      ],
    });
  });

  it('counts what is read, typed, wrong, unconfirmed and missing', () => {
    expect(sheetCounts(rows, { ...entries, 3: entry('x') }, null)).toEqual({ total: 5, saved: 1, typed: 3, invalid: 1, unconfirmed: 0, missing: 0 });
    expect(sheetCounts(rows, { 1: entry('9999') }, null)).toEqual({ total: 5, saved: 1, typed: 1, invalid: 0, unconfirmed: 1, missing: 3 });
  });
});

describe('keyboard movement', () => {
  // Rows 1 and 4 are already read.
  const editable = [true, false, true, true, false, true];

  it('moves down with Enter and ↓, up with Shift+Enter and ↑, skipping rows already read', () => {
    expect(nextRowIndex({ key: 'Enter', shiftKey: false, from: 0, editable })).toBe(2);
    expect(nextRowIndex({ key: 'ArrowDown', shiftKey: false, from: 3, editable })).toBe(5);
    expect(nextRowIndex({ key: 'Enter', shiftKey: true, from: 2, editable })).toBe(0);
    expect(nextRowIndex({ key: 'ArrowUp', shiftKey: false, from: 5, editable })).toBe(3);
  });

  it('stays at either end and ignores other keys', () => {
    expect(nextRowIndex({ key: 'Enter', shiftKey: false, from: 5, editable })).toBeNull();
    expect(nextRowIndex({ key: 'ArrowUp', shiftKey: false, from: 0, editable })).toBeNull();
    expect(nextRowIndex({ key: 'Tab', shiftKey: false, from: 2, editable })).toBeNull();
    expect(nextRowIndex({ key: 'a', shiftKey: false, from: 2, editable })).toBeNull();
  });

  it('jumps ten rows with PageDown and PageUp, landing on a row still to read', () => {
    const long = Array.from({ length: 30 }, (_, i) => i !== 10 && i !== 11);
    expect(nextRowIndex({ key: 'PageDown', shiftKey: false, from: 0, editable: long })).toBe(12);
    expect(nextRowIndex({ key: 'PageDown', shiftKey: false, from: 25, editable: long })).toBe(29);
    expect(nextRowIndex({ key: 'PageUp', shiftKey: false, from: 21, editable: long })).toBe(9);
    // Past the last row still to read: back to the nearest one.
    const tail = [true, true, true, false, false, false];
    expect(nextRowIndex({ key: 'PageDown', shiftKey: false, from: 0, editable: tail })).toBe(2);
  });

  it('starts at the first row still to read', () => {
    expect(firstEditable(editable)).toBe(0);
    expect(firstEditable([false, false, true])).toBe(2);
    expect(firstEditable([false])).toBeNull();
  });
});

describe('periods and dates', () => {
  it('reads today in the current period and the last day of a past one', () => {
    expect(defaultReadingDate('2026-05', '2026-05-14')).toBe('2026-05-14');
    expect(defaultReadingDate('2026-02', '2026-05-14')).toBe('2026-02-28');
    expect(defaultReadingDate('2024-02', '2026-05-14')).toBe('2024-02-29');
    expect(defaultReadingDate('2027-01', '2026-05-14')).toBe('2026-05-14');
  });

  it('knows the month before', () => {
    expect(previousPeriod('2025-01')).toBe('2024-12');
    expect(previousPeriod('2025-10')).toBe('2025-09');
  });
});
