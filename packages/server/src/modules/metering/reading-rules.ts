// The rules of one meter reading, pure: given what is known about the house (its installed meter, the
// baseline the reading is compared with, the periods already read, its recent consumption) and the
// input, either the reading to store (consumption, rollover, flags) or the field errors saying why not.
// The services load the state, call this, and write; a batch feeds each accepted reading back into the
// state so the next row of the same house is checked against it.
import {
  BillingDecimal,
  bdec,
  type EnteredReadingType,
  type ReadingFlag,
  flagsNeedingConfirmation,
  plainDecimal,
  readingFlags,
  readRegister,
  spikeReference,
} from '@ubo/contracts';
import type { FieldError } from '../../plugins/errors.ts';

export interface HouseState {
  houseId: number;
  zoneId: number;
  status: string;
  meterId: number;
  meterNo: string;
  digits: number;
  /** The value and date the next reading is compared with: the meter's last reading, else its installation. */
  baselineValue: string;
  baselineDate: string;
  /** The latest period the house has any reading for. */
  lastPeriod: string | null;
  /** Periods (from the earliest one being entered) with a regular/estimated/correction reading, and with a final one. */
  readPeriods: Set<string>;
  finalPeriods: Set<string>;
  /** Consumption of the house's latest readings that count towards its average (newest first, at most 3). */
  recent: string[];
}

export interface ReadingAttempt {
  type: EnteredReadingType | 'final';
  period: string;
  readingDate: string;
  currentReading?: string;
  confirmed?: boolean;
}

export interface EvaluatedReading {
  meterId: number;
  previousReading: string;
  previousDate: string;
  currentReading: string;
  consumption: string;
  isRollover: boolean;
  flags: ReadingFlag[];
  /** Flags the person confirmed (zero, spike, negative); the service stores who and when. */
  isConfirmed: boolean;
}

export type Evaluation = { ok: true; reading: EvaluatedReading } | { ok: false; errors: FieldError[] };

/** How many of a house's latest readings make its average. */
export const AVERAGE_OVER = 3;

/** The house's average consumption over its recent readings, or null without any. */
export function houseAverage(state: Pick<HouseState, 'recent'>): BillingDecimal | null {
  if (state.recent.length === 0) return null;
  return state.recent.reduce((sum, c) => sum.plus(bdec(c)), new BillingDecimal(0)).dividedBy(state.recent.length);
}

/** The month before `period` by `months` (YYYY-MM). */
export function periodMinus(period: string, months: number): string {
  const [y, m] = period.split('-').map((p) => Number.parseInt(p, 10));
  const index = y * 12 + (m - 1) - months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Text of an average in a message: at most 3 decimals, no trailing zeros. */
const averageText = (avg: BillingDecimal) => plainDecimal(avg.toDecimalPlaces(3));

/**
 * Checks one reading against the house's state. `zoneAverage` is, for a house without history, the
 * estimate and what a spike is measured against (the services load it when the house has no history
 * or the reading is an estimate); `today` (YYYY-MM-DD) bounds the reading date.
 */
export function evaluateReading(state: HouseState, input: ReadingAttempt, opts: { zoneAverage: BillingDecimal | null; today: string }): Evaluation {
  const errors: FieldError[] = [];
  const isFinal = input.type === 'final';

  // A period already read (or before the last one read) is the whole story: the baseline comparisons
  // below presuppose a later period and would only add noise.
  if (state.lastPeriod !== null && input.period < state.lastPeriod) {
    return { ok: false, errors: [{ field: 'period', message: `reading.periodBeforeLast|${state.lastPeriod}` }] };
  }
  if ((isFinal ? state.finalPeriods : state.readPeriods).has(input.period)) {
    return { ok: false, errors: [{ field: 'period', message: 'reading.duplicatePeriod' }] };
  }
  if (input.readingDate > opts.today) errors.push({ field: 'readingDate', message: 'reading.futureDate' });
  else if (input.readingDate < state.baselineDate) errors.push({ field: 'readingDate', message: `reading.dateBeforePrevious|${state.baselineDate}` });

  const baseline = bdec(state.baselineValue);
  const average = houseAverage(state);
  const read = readRegister({ type: input.type, previous: baseline, digits: state.digits, current: input.currentReading, basis: average ?? opts.zoneAverage });
  if (!read.ok) errors.push({ field: read.field, message: read.message });
  const flags = read.ok ? readingFlags(read.consumption, average, read.isRollover, opts.zoneAverage) : [];
  const needing = flags.filter((f) => flagsNeedingConfirmation.includes(f));
  if (needing.length > 0 && input.confirmed !== true) {
    const reference = spikeReference(average, opts.zoneAverage);
    const spikeMessage = reference?.isZone ? 'reading.spikeZoneNeedsConfirm' : 'reading.spikeNeedsConfirm';
    for (const flag of needing) {
      const message =
        flag === 'zero'
          ? 'reading.zeroNeedsConfirm'
          : flag === 'negative'
            ? 'reading.negativeNeedsConfirm'
            : `${spikeMessage}|${averageText(reference!.value)}`;
      errors.push({ field: 'confirmed', message });
    }
  }

  if (errors.length > 0 || !read.ok) return { ok: false, errors };
  return {
    ok: true,
    reading: {
      meterId: state.meterId,
      previousReading: plainDecimal(baseline),
      previousDate: state.baselineDate,
      currentReading: plainDecimal(read.current),
      consumption: plainDecimal(read.consumption),
      isRollover: read.isRollover,
      flags,
      isConfirmed: needing.length > 0,
    },
  };
}

/** Feeds an accepted reading back into the state, for the next reading of the same house in a batch. */
export function applyReading(state: HouseState, input: ReadingAttempt, reading: EvaluatedReading): void {
  state.baselineValue = reading.currentReading;
  state.baselineDate = input.readingDate;
  if (state.lastPeriod === null || input.period > state.lastPeriod) state.lastPeriod = input.period;
  if (input.type === 'final') state.finalPeriods.add(input.period);
  else state.readPeriods.add(input.period);
  if (countsTowardsAverage(input.type, reading.consumption)) state.recent = [reading.consumption, ...state.recent].slice(0, AVERAGE_OVER);
}

/** Final readings cover part of a period and negative corrections are credits; neither is typical use. */
export function countsTowardsAverage(type: string, consumption: string): boolean {
  return type !== 'final' && !bdec(consumption).isNegative();
}
