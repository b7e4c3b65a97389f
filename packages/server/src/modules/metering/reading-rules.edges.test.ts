// The reading rules at their edges, where a changed comparison or a dropped branch would go unnoticed
// by the worked cases in reading-rules.test.ts (found by `npm run mutation -- metering`): the day bounds,
// a house without history or reference, the state a batch carries from one reading to the next, and
// what counts towards the average.
import { describe, expect, it } from 'vitest';
import { BillingDecimal, spikeReference } from '@ubo/contracts';
import { applyReading, countsTowardsAverage, evaluateReading, type HouseState, houseAverage, periodMinus, type ReadingAttempt } from './reading-rules.ts';

const state = (overrides: Partial<HouseState> = {}): HouseState => ({
  houseId: 1,
  zoneId: 1,
  status: 'Connected',
  meterId: 7,
  meterNo: 'M-1',
  digits: 4,
  baselineValue: '1000',
  baselineDate: '2026-01-31',
  lastPeriod: '2026-01',
  readPeriods: new Set(['2026-01']),
  finalPeriods: new Set(),
  recent: ['100', '120', '110'],
  ...overrides,
});
const today = '2026-12-31';
const attempt = (a: Partial<ReadingAttempt> = {}): ReadingAttempt => ({ type: 'regular', period: '2026-02', readingDate: '2026-02-28', ...a });
const read = (s: HouseState, a: Partial<ReadingAttempt>, zoneAverage: BillingDecimal | null = null) => evaluateReading(s, attempt(a), { zoneAverage, today });
/** Evaluates and, when accepted, feeds the reading into the state (as a batch does). */
const take = (s: HouseState, a: Partial<ReadingAttempt>) => {
  const r = evaluateReading(s, attempt(a), { zoneAverage: null, today });
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.errors)}`);
  applyReading(s, attempt(a), r.reading);
  return r.reading;
};

describe('reading dates at their bounds', () => {
  it('accepts a reading taken today and one taken the same day as the previous reading', () => {
    expect(read(state(), { readingDate: today, currentReading: '1100' })).toMatchObject({ ok: true });
    expect(read(state(), { readingDate: '2026-01-31', currentReading: '1100' })).toMatchObject({ ok: true, reading: { previousDate: '2026-01-31' } });
  });
});

describe('a house without history', () => {
  it('asks to confirm a zero reading even when there is no average to compare with', () => {
    const fresh = state({ recent: [], lastPeriod: null, readPeriods: new Set() });
    expect(read(fresh, { currentReading: '1000' })).toEqual({ ok: false, errors: [{ field: 'confirmed', message: 'reading.zeroNeedsConfirm' }] });
    expect(read(fresh, { type: 'correction', currentReading: '990' })).toEqual({
      ok: false,
      errors: [{ field: 'confirmed', message: 'reading.negativeNeedsConfirm' }],
    });
  });

  it('has no spike reference without a house or zone average', () => {
    expect(spikeReference(null, null)).toBeNull();
    expect(spikeReference(null, new BillingDecimal('7'))).toEqual({ value: new BillingDecimal('7'), isZone: true });
    expect(houseAverage({ recent: [] })).toBeNull();
  });

  it('needs the register value of a read (not estimated) reading', () => {
    expect(read(state(), { currentReading: undefined })).toEqual({ ok: false, errors: [{ field: 'currentReading', message: 'v.required' }] });
    expect(read(state(), { type: 'final', currentReading: undefined })).toEqual({ ok: false, errors: [{ field: 'currentReading', message: 'v.required' }] });
  });

  it('estimates without a rollover when the register does not wrap', () => {
    expect(read(state({ baselineValue: '10', recent: [] }), { type: 'estimated' }, new BillingDecimal('42.5'))).toEqual({
      ok: true,
      reading: {
        meterId: 7,
        previousReading: '10',
        previousDate: '2026-01-31',
        currentReading: '53',
        consumption: '43',
        isRollover: false,
        flags: [],
        isConfirmed: false,
      },
    });
  });
});

describe('the state a batch carries from one reading to the next', () => {
  it('records the first period of a house that had none, so the same period cannot be read twice', () => {
    const s = state({ lastPeriod: null, readPeriods: new Set(), recent: [] });
    take(s, { currentReading: '1100' });
    expect(s.lastPeriod).toBe('2026-02');
    expect(read(s, { period: '2026-01', readingDate: '2026-03-01', currentReading: '1200' })).toEqual({
      ok: false,
      errors: [{ field: 'period', message: 'reading.periodBeforeLast|2026-02' }],
    });
  });

  it('keeps a final reading and a regular one of the same period apart', () => {
    const s = state();
    take(s, { type: 'final', currentReading: '1050' });
    expect([...s.finalPeriods]).toEqual(['2026-02']);
    expect(s.readPeriods.has('2026-02')).toBe(false);
    // The new meter's regular reading of the period is still to come; a second final one is refused.
    expect(read(s, { type: 'final', readingDate: '2026-03-01', currentReading: '1060' })).toEqual({
      ok: false,
      errors: [{ field: 'period', message: 'reading.duplicatePeriod' }],
    });
    expect(read(s, { readingDate: '2026-03-01', currentReading: '1150' })).toMatchObject({ ok: true, reading: { consumption: '100' } });
  });

  it('averages over the last three regular readings only: not final ones, not negative corrections', () => {
    const s = state({ recent: ['100', '100', '100'] });
    take(s, { type: 'final', currentReading: '1300', confirmed: true });
    expect(s.recent).toEqual(['100', '100', '100']);
    take(s, { type: 'correction', period: '2026-03', readingDate: '2026-03-31', currentReading: '1250', confirmed: true });
    expect(s.recent).toEqual(['100', '100', '100']);
    take(s, { period: '2026-04', readingDate: '2026-04-30', currentReading: '1490' });
    expect(s.recent).toEqual(['240', '100', '100']);
    expect(houseAverage(s)?.toDecimalPlaces(2).toString()).toBe('146.67');
  });

  it('counts a regular reading towards the average, a final or negative one not', () => {
    expect(countsTowardsAverage('regular', '12')).toBe(true);
    expect(countsTowardsAverage('regular', '0')).toBe(true);
    expect(countsTowardsAverage('final', '12')).toBe(false);
    expect(countsTowardsAverage('correction', '-5')).toBe(false);
  });
});

describe('periods', () => {
  it('writes months and years with their leading zeros', () => {
    expect(periodMinus('2026-03', 1)).toBe('2026-02');
    expect(periodMinus('2026-01', 3)).toBe('2025-10');
    expect(periodMinus('0001-01', 1)).toBe('0000-12');
  });
});
