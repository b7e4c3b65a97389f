// Field rules shared by the billing payloads: customer classes, exact decimal strings for units, rates,
// percentages and non-negative amounts, billing periods (YYYY-MM) and the id of an optional reference.
import { listQuery, MONTH_PATTERN, z } from '../common/validation.ts';
import { BillingDecimal } from './decimal.ts';

/** A choice from a fixed list: missing is "required", anything else outside the list "not valid". */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (iss) => (iss.input === undefined || iss.input === null ? 'v.required' : 'v.invalid') });

export const customerClassValues = ['residential', 'commercial', 'institutional', 'industrial', 'government'] as const;
export const customerClass = choice(customerClassValues);
export type CustomerClass = (typeof customerClassValues)[number];

/** Meter units (readings, consumption, block bounds): up to 10 whole digits and 3 decimals, never negative. */
export const units = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,3})?$/, 'v.units');
/** A price per unit: up to 8 whole digits and 6 decimals. */
export const rate = z
  .string()
  .trim()
  .regex(/^\d{1,8}(\.\d{1,6})?$/, 'v.rate');
/** A percentage from 0 to 100 with up to 4 decimals. */
export const percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, 'v.percent')
  // Tests the format first: not aborting keeps the object's cross-field checks (see isoDate in validation.ts).
  .refine((v) => !/^\d{1,3}(\.\d{1,4})?$/.test(v) || new BillingDecimal(v).lte(100), 'v.percent');
/** A charge that cannot be negative (service charge, minimum charge). */
export const amount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'v.money');
/** A billing period: the month a reading or bill belongs to, YYYY-MM. */
export const period = z.string().trim().regex(MONTH_PATTERN, 'v.period');

/** An optional reference id: '', 0 and null mean none (the filter dialog sends 0 for "all"). */
export const optionalId = z
  .union([z.coerce.number().int().min(0).max(2147483647), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : undefined));

/** The paging, search and sort of a billing list, with `status` narrowed to the entity's values. */
export const billingListQuery = <const S extends readonly [string, ...string[]], const K extends readonly [string, ...string[]]>(statuses: S, sortable: K) =>
  listQuery.extend({
    status: z
      .union([z.enum(statuses), z.literal('0'), z.literal('')])
      .optional()
      .transform((v) => (v === '0' || v === '' ? undefined : (v as S[number] | undefined))),
    _sort: z.enum(sortable).optional(),
  });

/** Query strings carry booleans as text. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', ''])])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === true || v === 'true' || v === '1' || v === 'yes'));
