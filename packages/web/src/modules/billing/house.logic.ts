// The house screens' rules: the house form (body of POST/PUT /api/elc/houses), whether the meter can
// still be corrected in place, the replacement form and the old meter's last consumption it will bill
// (across a register rollover, as the server computes it), and the connect/disconnect choice.
import {
  BillingDecimal,
  bdec,
  type CustomerClass,
  type House,
  type HouseDetail,
  type HouseInput,
  type HouseStatus,
  houseBody,
  plainDecimal,
  replaceMeterBody,
  units,
  type z,
} from '@ubo/contracts';
import { checkWith, chosen, type FormCheck } from './form.logic.ts';

export const DEFAULT_METER_DIGITS = '6';

export interface HouseFormValues {
  customerId: number | null;
  zoneId: string;
  houseNo: string;
  address: string;
  /** '' : the customer's class. */
  tariffClass: CustomerClass | '';
  meterNumber: string;
  meterDigits: string;
  installationReading: string;
  installationDate: string;
}

export const emptyHouse = (customerId: number | null, today: string): HouseFormValues => ({
  customerId,
  zoneId: '',
  houseNo: '',
  address: '',
  tariffClass: '',
  meterNumber: '',
  meterDigits: DEFAULT_METER_DIGITS,
  installationReading: '0',
  installationDate: today,
});

export function houseToForm(h: House): HouseFormValues {
  return {
    customerId: h.customerId,
    zoneId: String(h.zoneId),
    houseNo: h.houseNo ?? '',
    address: h.address ?? '',
    tariffClass: h.tariffClass ?? '',
    meterNumber: h.meterNumber,
    meterDigits: String(h.meterDigits),
    installationReading: h.installationReading,
    installationDate: h.installationDate,
  };
}

export function checkHouseForm(v: HouseFormValues): FormCheck<HouseInput> {
  return checkWith(houseBody, { ...v, customerId: v.customerId ?? undefined, zoneId: chosen(v.zoneId), tariffClass: v.tariffClass || null });
}

/** After the first reading (or a replacement) the meter changes only by replacement. */
export const isMeterFixed = (h: Pick<HouseDetail, 'lastReading' | 'meters'>) => h.lastReading !== null || h.meters.length > 1;

/** The house as people name it: its number, else its address. */
export const houseLabel = (h: Pick<House, 'houseNo' | 'address'>) => h.houseNo ?? h.address ?? '';

/** The other status: a connected house can be disconnected and the reverse. */
export const nextStatus = (status: HouseStatus): HouseStatus => (status === 'Connected' ? 'Disconnected' : 'Connected');

/** What the old meter's final reading is compared with: its last reading, else its installation. */
export function baselineOf(h: Pick<House, 'lastReading' | 'installationReading' | 'installationDate'>): { value: string; date: string } {
  return h.lastReading ? { value: h.lastReading.currentReading, date: h.lastReading.readingDate } : { value: h.installationReading, date: h.installationDate };
}

export type SinceBaseline =
  | { kind: 'units'; units: string; isRollover: boolean }
  /** Lower than the baseline and too far below it to be a rollover: a misread (the server refuses it). */
  | { kind: 'below' };

/**
 * Units since the baseline shown by a final reading, as the server's reading rules count them: the
 * difference, or across the rollover of a `digits`-digit register when the reading is lower and the
 * wrapped consumption is under half the register; null while the reading is not a number that fits.
 */
export function consumptionSince(baseline: string, final: string, digits: number): SinceBaseline | null {
  const text = final.trim();
  if (!units.safeParse(text).success) return null;
  const value = bdec(text);
  const register = new BillingDecimal(10).pow(digits);
  if (value.gte(register)) return null;
  const base = bdec(baseline);
  if (value.gte(base)) return { kind: 'units', units: plainDecimal(value.minus(base)), isRollover: false };
  const wrapped = register.minus(base).plus(value);
  return wrapped.lt(register.dividedBy(2)) ? { kind: 'units', units: plainDecimal(wrapped), isRollover: true } : { kind: 'below' };
}

export interface ReplaceFormValues {
  date: string;
  period: string;
  oldFinalReading: string;
  newMeterNumber: string;
  newInitialReading: string;
  digits: string;
  note: string;
  confirmed: boolean;
}

export const emptyReplacement = (h: Pick<House, 'meterDigits'>, today: string): ReplaceFormValues => ({
  date: today,
  period: '',
  oldFinalReading: '',
  newMeterNumber: '',
  newInitialReading: '0',
  digits: String(h.meterDigits),
  note: '',
  confirmed: false,
});

export type ReplaceMeterInput = z.output<typeof replaceMeterBody>;

export function checkReplaceForm(v: ReplaceFormValues): FormCheck<ReplaceMeterInput> {
  return checkWith(replaceMeterBody, {
    ...v,
    // An empty final reading is missing ("required"), not a malformed number.
    oldFinalReading: v.oldFinalReading.trim() || undefined,
    period: v.period.trim() || undefined,
    confirmed: v.confirmed || undefined,
  });
}

/** The billing period of the final reading when none is typed: the month of the replacement date. */
export const periodOfDate = (date: string) => (/^\d{4}-\d{2}/.test(date) ? date.slice(0, 7) : '');
