// Field rules shared by the settings payloads: optional texts that arrive as '' or null are stored as
// null, reference lists switch between Active and Inactive, and list queries sort on named columns only.
import { isoDate, listQuery, phone, z } from '../common/validation.ts';

/** Optional free text: '' and null become null, longer than max is a field error. */
export const nullableText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional Somali phone number (the `phone` rule); '' and null become null. */
export const nullablePhone = nullableText(30).pipe(phone.nullable());

/** Optional e-mail address; '' and null become null. */
export const nullableEmail = nullableText(200).pipe(z.email('v.email').nullable());

/** Optional http(s) web address; '' and null become null. */
export const nullableUrl = nullableText(300).pipe(z.url({ protocol: /^https?$/, message: 'v.url' }).nullable());

/** A calendar date written YYYY-MM-DD that exists (2026-02-30 does not), in the supported range: `isoDate`. */
export const calendarDate = isoDate;

/** Reference lists (cities, categories, units, branches) are either in use or retired. */
export const referenceStatusValues = ['Active', 'Inactive'] as const;
export const referenceStatus = z.enum(referenceStatusValues);
export type ReferenceStatus = z.infer<typeof referenceStatus>;

/** Body of PATCH <path>/:id/status. */
export const referenceStatusBody = z.object({ status: referenceStatus });
export type ReferenceStatusBody = z.infer<typeof referenceStatusBody>;

/** The filter dialog sends 0 (or nothing) for "all statuses". */
const statusFilter = z
  .union([referenceStatus, z.literal('0'), z.literal('')])
  .optional()
  .transform((v) => (v === '0' || v === '' ? undefined : v));

/** List query of a reference list: paging, q, status and a sort on one of the given columns. */
export const referenceListQuery = <const K extends readonly [string, ...string[]]>(sortable: K) =>
  listQuery.extend({ status: statusFilter, _sort: z.enum(sortable).optional() });

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
