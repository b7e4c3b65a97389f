// GET /api/elc/houses/transaction (the spec's elc/houses/transaction; privilege list-house): one house's
// history as a statement over a date range: its meter readings, its bills (and their cancellation), the
// payments allocated to its bills, meter installations and removals, and its disconnections and
// reconnections. Charges (bills) and payments carry amounts with a running balance of the house's bills
// (opening: what the house's bills left unpaid before the range). Also as CSV or XLSX (format, or /export).
import { isoDate, moneyTotal, z } from '../common/validation.ts';
import { rangeIsOrdered, rangeIssue } from '../finance-reports/common.ts';
import { calendarDate } from '../settings/fields.ts';
import { queryId } from './common.ts';

export const houseTransactionQuery = z
  .object({
    houseId: queryId,
    startDate: calendarDate.optional(),
    endDate: calendarDate.optional(),
  })
  .refine(rangeIsOrdered, rangeIssue);
export type HouseTransactionQuery = z.infer<typeof houseTransactionQuery>;

export const houseEventKindValues = ['reading', 'bill', 'billCancelled', 'payment', 'meterInstalled', 'meterRemoved', 'disconnected', 'connected'] as const;
export type HouseEventKind = (typeof houseEventKindValues)[number];

export const houseEvent = z.object({
  date: isoDate,
  kind: z.enum(houseEventKindValues),
  /** Bill B-000042, receipt RC-000007, the meter's number, or null. */
  document: z.string().nullable(),
  description: z.string(),
  /** Units used (readings and bills), plain decimal; null otherwise. */
  consumption: z.string().nullable(),
  charge: moneyTotal.nullable(),
  paid: moneyTotal.nullable(),
  /** What the house's bills leave unpaid after this event. */
  balance: moneyTotal,
});
export type HouseEvent = z.infer<typeof houseEvent>;

export const houseTransaction = z.object({
  house: z.object({
    id: z.number().int(),
    houseNo: z.string().nullable(),
    address: z.string().nullable(),
    status: z.string(),
    customerId: z.number().int(),
    customerNo: z.string(),
    customerName: z.string(),
    zoneName: z.string(),
  }),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  openingBalance: moneyTotal,
  events: z.array(houseEvent),
  totals: z.object({ charge: moneyTotal, paid: moneyTotal, consumption: z.string() }),
  closingBalance: moneyTotal,
});
export type HouseTransaction = z.infer<typeof houseTransaction>;
