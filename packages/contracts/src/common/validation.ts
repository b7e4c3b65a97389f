// Zod issues carry message keys (see messages.ts) instead of English text, so the server and the
// web can each render them in the user's language. Importing this module installs the mapping.
import { z } from 'zod';

z.config({
  customError: (iss) => {
    const input = (iss as { input?: unknown }).input;
    if (iss.code === 'invalid_type' && (input === undefined || input === null)) return 'v.required';
    if (iss.code === 'invalid_type' && iss.expected === 'number') return 'v.number';
    if (iss.code === 'too_small' && iss.origin === 'string') return Number(iss.minimum) <= 1 ? 'v.required' : `v.minLength|${iss.minimum}`;
    if (iss.code === 'too_big' && iss.origin === 'string') return `v.maxLength|${iss.maximum}`;
    if (iss.code === 'too_small') return `v.min|${iss.minimum}`;
    if (iss.code === 'too_big') return `v.max|${iss.maximum}`;
    if (iss.code === 'invalid_format' && iss.format === 'email') return 'v.email';
    if (iss.code === 'invalid_format' && iss.format === 'regex') return 'v.pattern';
    return 'v.invalid';
  },
});

export { z };

/** The user-form password rule of spec section 5: 6-100 chars, a digit, a letter or !@#$%^&*, no whitespace. */
export const userPassword = z
  .string()
  .min(1)
  .refine((v) => v.length >= 6 && v.length <= 100 && /\d/.test(v) && /[A-Za-z!@#$%^&*]/.test(v) && !/\s/.test(v), {
    message: 'password.rule',
  });

/** Text may hold any character but NUL, which PostgreSQL cannot store (the server refuses it anywhere too). */
export const noNul = (s: z.ZodString) => s.refine((v) => !v.includes('\u0000'), { message: 'v.nul', abort: true });
export const trimmed = (max = 200) => noNul(z.string()).trim().min(1).max(max);
export const optionalText = (max = 500) =>
  noNul(z.string())
    .trim()
    .max(max)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** The bounds of a 32-bit integer column (serial ids, counts): a larger number is a field error, never a database error. */
export const INT_MAX = 2147483647;
/** A whole number that fits an integer column, within [min, max]. */
export const int = (min = -INT_MAX - 1, max = INT_MAX) => z.coerce.number().int().min(min).max(max);
// Missing or empty means "required", not "enter a number": preprocess before the number check.
export const id = z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), z.number().int().positive().max(INT_MAX));

/** Dates the books accept: real calendar days in this range (PostgreSQL refuses year 0, reports loop over months). */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2999-12-31';
/** True for a YYYY-MM-DD that exists on the calendar (2026-02-30 does not) and lies in [MIN_DATE, MAX_DATE]. */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
// Each check looks only at values the one before it passed, so a field gets one message. No check aborts:
// zod skips every cross-field check of the object (even one with `when`) once a field aborts, and a form
// should still show "enter a house number or an address" beside a bad date.
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'v.date')
  .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || isCalendarDate(v), 'v.date')
  .refine((v) => !isCalendarDate(v) || (v >= MIN_DATE && v <= MAX_DATE), 'v.dateOutOfRange');
/** A month YYYY-MM within the supported date range (billing periods, reconciliations): '0000-01' is refused. */
export const MONTH_PATTERN = /^(19\d\d|2\d\d\d)-(0[1-9]|1[0-2])$/;
export const MONEY_PATTERN = /^-?\d{1,14}(\.\d{1,2})?$/;
// Not aborting (see isoDate): a refine chained on money that does arithmetic must first test MONEY_PATTERN,
// so decimal.js never sees "1,000.00".
export const money = z.string().regex(MONEY_PATTERN, 'v.money');

/**
 * Options of a cross-field check (refine or superRefine on an object): it runs only when every field
 * passed its own rules, so it never computes on a value already refused (a date of 1e309, an amount of
 * "1,000.00"). test/input-walker.test.ts (server) refuses a route input whose object check lacks it.
 */
export const onValidFields = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 } as const;
/**
 * Like onValidFields, for a check that reads only these fields: it runs when the value is an object and these
 * fields passed, whatever the others did (so the form still shows every error it can at once).
 */
export const whenValid = (...fields: string[]) => ({
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((i) => !i.path?.length || fields.includes(String(i.path[0]))),
});
/**
 * Money in answers (totals, balances, report figures): any sum of valid postings, so no 14-digit cap. The
 * balance tables are unconstrained numeric (migration 0034); 38 digits is far beyond any real ledger and
 * still bounds the text. The input format stays `money`: a report must never fail on a valid ledger.
 */
export const moneyTotal = z.string().regex(/^-?\d{1,38}(\.\d{1,2})?$/, 'v.money');
/** Somali mobile and landline numbers, local (06x..., 07x...) or international (+252 / 00252). */
export const phone = z
  .string()
  .trim()
  .regex(/^(\+252|00252|0)?[1-9]\d{6,9}$/, 'v.phone');
export const statusValues = ['Cancelled', 'Pending', 'Active', 'Inactive', 'Deleted', 'Enabled', 'Disabled', 'Connected', 'Disconnected'] as const;
export const status = z.enum(statusValues);
export type Status = (typeof statusValues)[number];

/** Paging of spec section 7: _page from 1, _limit default 100. */
export const listQuery = z.object({
  _page: int(1).default(1),
  _limit: int(1, 1000).default(100),
  q: z.string().trim().max(200).optional(),
  status: z.string().max(40).optional(),
  _sort: z.string().max(60).optional(),
  _order: z.enum(['asc', 'desc']).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

export const apiError = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiError>;

export const okResponse = z.object({ ok: z.literal(true), message: z.string().optional() });
