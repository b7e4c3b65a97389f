// What a meter reading's register value means, shared by the server (metering/reading-rules.ts, the
// judge) and the readings grid (which says while the reader types what the server will say): the
// consumption against the previous reading, across a rollover when the register wrapped past zero,
// negative for a correction, the house's (else the zone's) average for an estimate; and the flags (a spike
// against the house's average, else the zone's for a meter without history).
import { BillingDecimal, plainDecimal } from './decimal.ts';
import type { EnteredReadingType, ReadingFlag } from './readings.ts';

/** Consumption above this many times the house's average is a spike. */
export const SPIKE_FACTOR = 3;

export type RegisterReading =
  | { ok: true; current: BillingDecimal; consumption: BillingDecimal; isRollover: boolean }
  /** `message` is a contracts message key (with its `|` arguments). */
  | { ok: false; field: 'currentReading' | 'type'; message: string };

/**
 * The reading of a register `digits` wide whose previous value was `previous`. `current` is what was read
 * (absent for an estimate); `basis` is the consumption an estimate takes (the house's average, else the
 * zone's), null when there is none.
 */
export function readRegister(o: {
  type: EnteredReadingType | 'final';
  previous: BillingDecimal;
  digits: number;
  current: string | undefined;
  basis: BillingDecimal | null;
}): RegisterReading {
  const register = new BillingDecimal(10).pow(o.digits);
  if (o.type === 'estimated') {
    if (o.current !== undefined) return { ok: false, field: 'currentReading', message: 'reading.estimateComputed' };
    if (o.basis === null) return { ok: false, field: 'type', message: 'reading.noAverage' };
    // Registers show whole units, so an estimate is a whole number of units.
    const consumption = o.basis.toDecimalPlaces(0);
    const current = o.previous.plus(consumption);
    return current.gte(register)
      ? { ok: true, current: current.minus(register), consumption, isRollover: true }
      : { ok: true, current, consumption, isRollover: false };
  }
  if (o.current === undefined) return { ok: false, field: 'currentReading', message: 'v.required' };
  const current = new BillingDecimal(o.current);
  if (current.gte(register)) return { ok: false, field: 'currentReading', message: `reading.tooManyDigits|${o.digits}` };
  // A correction below the previous reading (an over-estimate or a misread) is a credit.
  if (current.gte(o.previous) || o.type === 'correction') return { ok: true, current, consumption: current.minus(o.previous), isRollover: false };
  // Below the previous reading: the register wrapped past zero if the wrapped use is plausible (less than
  // half the register); otherwise it is a misread.
  const wrapped = register.minus(o.previous).plus(current);
  if (!wrapped.lt(register.dividedBy(2))) return { ok: false, field: 'currentReading', message: `reading.belowPrevious|${plainDecimal(o.previous)}` };
  return { ok: true, current, consumption: wrapped, isRollover: true };
}

/**
 * What a spike is measured against: the house's average, else (a new meter, no history) the zone's
 * average consumption per house over its recent periods, so a first reading is not taken blindly.
 */
export function spikeReference(average: BillingDecimal | null, zoneAverage: BillingDecimal | null): { value: BillingDecimal; isZone: boolean } | null {
  if (average !== null) return { value: average, isZone: false };
  return zoneAverage === null ? null : { value: zoneAverage, isZone: true };
}

/**
 * The flags of a consumption: zero, negative, spike (above SPIKE_FACTOR x a positive reference: the
 * house's average, else the zone's, see spikeReference), rollover.
 */
export function readingFlags(
  consumption: BillingDecimal,
  average: BillingDecimal | null,
  isRollover: boolean,
  zoneAverage: BillingDecimal | null = null,
): ReadingFlag[] {
  const flags: ReadingFlag[] = [];
  const reference = spikeReference(average, zoneAverage)?.value;
  if (consumption.isZero()) flags.push('zero');
  if (consumption.isNegative()) flags.push('negative');
  if (reference?.gt(0) && consumption.gt(reference.times(SPIKE_FACTOR))) flags.push('spike');
  if (isRollover) flags.push('rollover');
  return flags;
}
