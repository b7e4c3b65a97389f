// GET /api/finance/customer/aging (privilege customer-aging): what each customer owes on a date, by how
// long it is past due. Open bill amounts (amount less the payments allocated up to the date) fall in
// current (not yet due), 1-30, 31-60, 61-90 or over 90 days past the due date; `unallocated` is the rest
// of the customer's ledger balance (unallocated payments as a negative credit, opening balances and
// transfers), so that total is exactly the customer's receivable balance in the ledger on that date.
// A customer belongs to the zone of their first house (one zone each, so zone totals add up).
import { isoDate, moneyTotal, z } from '../common/validation.ts';
import { optionalId, queryBoolean } from '../billing/fields.ts';
import { calendarDate } from '../settings/fields.ts';
import { pageFields, reportPaging, sortOrder } from './common.ts';

export const agingBucketValues = ['current', 'd1_30', 'd31_60', 'd61_90', 'over90'] as const;
export type AgingBucket = (typeof agingBucketValues)[number];

export const agingSortValues = ['name', 'customerNo', 'total', 'over90'] as const;

export const agingQuery = z.object({
  /** Default: today (the database's date). */
  date: calendarDate.optional(),
  zoneId: optionalId,
  /** Also list customers whose every figure is zero. */
  includeZero: queryBoolean,
  /** Also answer the totals of every zone (`zones`; otherwise empty). */
  withZones: queryBoolean,
  ...reportPaging,
  _sort: z.enum(agingSortValues).optional(),
  _order: sortOrder,
});
export type AgingQuery = z.infer<typeof agingQuery>;
export type AgingQueryInput = z.input<typeof agingQuery>;

const figures = {
  current: moneyTotal,
  d1_30: moneyTotal,
  d31_60: moneyTotal,
  d61_90: moneyTotal,
  over90: moneyTotal,
  /** Ledger balance not tied to an open bill: unallocated payments (negative), opening balances, transfers. */
  unallocated: moneyTotal,
  /** The customer's receivable balance in the ledger on the date. */
  total: moneyTotal,
};

export const agingRow = z.object({
  customerId: z.number().int(),
  customerNo: z.string(),
  name: z.string(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  ...figures,
});
export type AgingRow = z.infer<typeof agingRow>;

export const agingZone = z.object({
  zoneId: z.number().int().nullable(),
  name: z.string().nullable(),
  customers: z.number().int(),
  ...figures,
});
export type AgingZone = z.infer<typeof agingZone>;

export const agingReport = z.object({
  date: isoDate,
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  rows: z.array(agingRow),
  totals: z.object({ customers: z.number().int(), ...figures }),
  /** With withZones: every zone's totals (with the zone filter: that zone only); otherwise empty. */
  zones: z.array(agingZone),
  /** Balance of the receivable account on the date, every line counted (lines without a customer too). */
  receivableBalance: moneyTotal,
  ...pageFields,
});
export type AgingReport = z.infer<typeof agingReport>;
