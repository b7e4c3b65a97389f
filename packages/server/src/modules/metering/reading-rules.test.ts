// The pure reading rules: baselines, rollover, below-previous, flags and confirmation, estimates.
import { describe, expect, it } from 'vitest';
import { BillingDecimal } from '@ubo/contracts';
import { applyReading, evaluateReading, type HouseState, periodMinus, type ReadingAttempt } from './reading-rules.ts';

const state = (overrides: Partial<HouseState> = {}): HouseState => ({
  houseId: 1,
  zoneId: 1,
  status: 'Connected',
  meterId: 7,
  meterNo: 'M-1',
  digits: 4,
  baselineValue: '9950',
  baselineDate: '2026-01-31',
  lastPeriod: '2026-01',
  readPeriods: new Set(['2026-01']),
  finalPeriods: new Set(),
  recent: ['100', '120', '110'],
  ...overrides,
});
const today = '2026-12-31';
const read = (s: HouseState, attempt: Partial<ReadingAttempt>, zoneAverage: BillingDecimal | null = null) =>
  evaluateReading(s, { type: 'regular', period: '2026-02', readingDate: '2026-02-28', ...attempt }, { zoneAverage, today });

describe('reading rules', () => {
  it('computes consumption above the baseline', () => {
    const r = read(state({ baselineValue: '1000' }), { currentReading: '1110.5' });
    expect(r).toEqual({
      ok: true,
      reading: {
        meterId: 7,
        previousReading: '1000',
        previousDate: '2026-01-31',
        currentReading: '1110.5',
        consumption: '110.5',
        isRollover: false,
        flags: [],
        isConfirmed: false,
      },
    });
  });

  it('accepts a register that wrapped past 9999 and computes consumption across the wrap', () => {
    const r = read(state(), { currentReading: '60' });
    expect(r).toMatchObject({ ok: true, reading: { consumption: '110', isRollover: true, flags: ['rollover'] } });
  });

  it('takes a wrap of just under half the register as a rollover and refuses exactly half as a misread', () => {
    // Register 10,000, previous 9950: 4949 wraps by 4999 units, 4950 by exactly 5000.
    expect(read(state(), { currentReading: '4949', confirmed: true })).toMatchObject({ ok: true, reading: { consumption: '4999', isRollover: true } });
    expect(read(state(), { currentReading: '4950', confirmed: true })).toEqual({
      ok: false,
      errors: [{ field: 'currentReading', message: 'reading.belowPrevious|9950' }],
    });
  });

  it('refuses a reading below the previous one that is not a plausible rollover, naming the previous value', () => {
    const r = read(state({ baselineValue: '5000' }), { currentReading: '4000' });
    expect(r).toEqual({ ok: false, errors: [{ field: 'currentReading', message: 'reading.belowPrevious|5000' }] });
    expect(read(state(), { currentReading: '10000' })).toEqual({ ok: false, errors: [{ field: 'currentReading', message: 'reading.tooManyDigits|4' }] });
  });

  it('flags zero and spike consumption and wants them confirmed, naming the average', () => {
    const s = state({ baselineValue: '1000' });
    expect(read(s, { currentReading: '1000' })).toEqual({ ok: false, errors: [{ field: 'confirmed', message: 'reading.zeroNeedsConfirm' }] });
    expect(read(s, { currentReading: '1331' })).toEqual({ ok: false, errors: [{ field: 'confirmed', message: 'reading.spikeNeedsConfirm|110' }] });
    expect(read(s, { currentReading: '1330' })).toMatchObject({ ok: true, reading: { flags: [] } });
    expect(read(s, { currentReading: '1331', confirmed: true })).toMatchObject({ ok: true, reading: { flags: ['spike'], isConfirmed: true } });
    // No history: the zone's average is the reference; without that either, nothing to call a spike.
    const fresh = state({ baselineValue: '0', recent: [], digits: 7 });
    expect(read(fresh, { currentReading: '998000' }, new BillingDecimal('95.5'))).toEqual({
      ok: false,
      errors: [{ field: 'confirmed', message: 'reading.spikeZoneNeedsConfirm|95.5' }],
    });
    expect(read(fresh, { currentReading: '286' }, new BillingDecimal('95.5'))).toMatchObject({ ok: true, reading: { flags: [] } });
    expect(read(fresh, { currentReading: '5000' })).toMatchObject({ ok: true, reading: { flags: [] } });
  });

  it('lets a correction go below the previous reading as a confirmed negative consumption', () => {
    const s = state({ baselineValue: '1000' });
    expect(read(s, { type: 'correction', currentReading: '950' })).toEqual({
      ok: false,
      errors: [{ field: 'confirmed', message: 'reading.negativeNeedsConfirm' }],
    });
    expect(read(s, { type: 'correction', currentReading: '950', confirmed: true })).toMatchObject({
      ok: true,
      reading: { consumption: '-50', flags: ['negative'] },
    });
  });

  it('estimates from the house average, else the zone average, else refuses', () => {
    const s = state({ baselineValue: '9990' });
    expect(read(s, { type: 'estimated' })).toMatchObject({ ok: true, reading: { consumption: '110', currentReading: '100', isRollover: true } });
    expect(read(state({ baselineValue: '10', recent: [] }), { type: 'estimated' }, new BillingDecimal('42.5'))).toMatchObject({
      ok: true,
      reading: { consumption: '43', currentReading: '53' },
    });
    expect(read(state({ recent: [] }), { type: 'estimated' })).toEqual({ ok: false, errors: [{ field: 'type', message: 'reading.noAverage' }] });
    expect(read(s, { type: 'estimated', currentReading: '5' })).toEqual({
      ok: false,
      errors: [{ field: 'currentReading', message: 'reading.estimateComputed' }],
    });
  });

  it('keeps one reading per period and periods and dates in order', () => {
    const s = state({ baselineValue: '1000' });
    expect(read(s, { period: '2026-01', currentReading: '1100' })).toEqual({ ok: false, errors: [{ field: 'period', message: 'reading.duplicatePeriod' }] });
    expect(read(s, { period: '2025-12', currentReading: '1100' })).toEqual({
      ok: false,
      errors: [{ field: 'period', message: 'reading.periodBeforeLast|2026-01' }],
    });
    expect(read(s, { readingDate: '2026-01-30', currentReading: '1100' })).toEqual({
      ok: false,
      errors: [{ field: 'readingDate', message: 'reading.dateBeforePrevious|2026-01-31' }],
    });
    expect(read(s, { readingDate: '2027-01-01', currentReading: '1100' })).toEqual({
      ok: false,
      errors: [{ field: 'readingDate', message: 'reading.futureDate' }],
    });
    // A final reading may share a period with a regular one, but not with another final reading.
    expect(read(s, { type: 'final', period: '2026-01', readingDate: '2026-02-01', currentReading: '1100' })).toMatchObject({ ok: true });
    expect(read(state({ baselineValue: '1000', finalPeriods: new Set(['2026-02']) }), { type: 'final', currentReading: '1100' })).toMatchObject({ ok: false });
  });

  it('feeds an accepted reading into the state for the next one', () => {
    const s = state({ baselineValue: '1000', recent: ['100'] });
    const attempt: ReadingAttempt = { type: 'regular', period: '2026-02', readingDate: '2026-02-28', currentReading: '1200' };
    const r = evaluateReading(s, attempt, { zoneAverage: null, today });
    if (!r.ok) throw new Error('expected ok');
    applyReading(s, attempt, r.reading);
    expect(s).toMatchObject({ baselineValue: '1200', baselineDate: '2026-02-28', lastPeriod: '2026-02', recent: ['200', '100'] });
    expect(s.readPeriods.has('2026-02')).toBe(true);
  });

  it('counts periods back across years', () => {
    expect(periodMinus('2026-02', 3)).toBe('2025-11');
    expect(periodMinus('2026-12', 12)).toBe('2025-12');
  });
});
