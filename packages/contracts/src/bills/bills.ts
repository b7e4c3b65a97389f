// Bill runs (bills/generateCustomersBill, bills/saveCustomersBill), customer bills, cancelling a run and
// the ungenerated bill report. A run bills a period's pending readings house by house with the tariff in
// force on the period's last day; houses it cannot bill are listed with the reason. A bill is dated the
// day it is issued (today, or a chosen day not in the future), whatever its period.
import { id, page, z } from '../common/validation.ts';
import { breakdownLine } from '../billing/pricing.ts';
import { billingListQuery, choice, optionalId, period } from '../billing/fields.ts';
import { calendarDate } from '../settings/fields.ts';

/** Which sales account a run credits. */
export const billServiceValues = ['water', 'electricity'] as const;
export const billService = choice(billServiceValues);
export type BillService = (typeof billServiceValues)[number];

export const billExceptionReasonValues = ['no_reading', 'flagged_unconfirmed', 'no_tariff', 'disconnected', 'already_billed', 'negative_consumption'] as const;
export const billExceptionReason = z.enum(billExceptionReasonValues);
export type BillExceptionReason = (typeof billExceptionReasonValues)[number];

export const billRunBody = z.object({
  period,
  zoneId: optionalId,
  service: billService.default('electricity'),
  /** The bills' date (and their entries'): missing or empty, today. Not in the future, after the lock date. */
  issueDate: calendarDate.optional().or(z.literal('').transform(() => undefined)),
});
export type BillRunBody = z.input<typeof billRunBody>;

export const saveBillRunBody = billRunBody.extend({
  /** Only these houses (from the preview); missing: every billable house of the period (and zone). */
  houseIds: z.array(id).min(1).max(100000).optional(),
});
export type SaveBillRunBody = z.input<typeof saveBillRunBody>;

export const billPreviewRow = z.object({
  houseId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  meterNumber: z.string().nullable(),
  previousReading: z.string(),
  currentReading: z.string(),
  consumption: z.string(),
  tariffId: z.number().int(),
  subtotal: z.string(),
  tax: z.string(),
  amount: z.string(),
  previousBalance: z.string(),
  amountDue: z.string(),
  dueDate: z.string(),
  lines: z.array(breakdownLine),
});
export type BillPreviewRow = z.infer<typeof billPreviewRow>;

export const billException = z.object({
  houseId: z.number().int(),
  customerId: z.number().int(),
  meterNumber: z.string().nullable(),
  reason: billExceptionReason,
});
export type BillException = z.infer<typeof billException>;

export const billPreview = z.object({
  period: z.string(),
  billDate: z.string(),
  dueDate: z.string(),
  bills: z.array(billPreviewRow),
  exceptions: z.array(billException),
  totals: z.object({ houses: z.number().int(), billed: z.number().int(), amount: z.string() }),
});
export type BillPreview = z.infer<typeof billPreview>;

export const billRunSaved = z.object({ runId: z.number().int(), billCount: z.number().int(), total: z.string() });
export type BillRunSaved = z.infer<typeof billRunSaved>;

/**
 * What a bill's reader sees, from its paid amount and due date (today: the database's date): Paid in full,
 * Overdue (not paid in full after the due date), PartlyPaid, Unpaid, or Cancelled with its run.
 */
export const billStatusValues = ['Unpaid', 'PartlyPaid', 'Paid', 'Overdue', 'Cancelled'] as const;
export type BillStatus = (typeof billStatusValues)[number];
/** The list's status filter: a shown status, or Open for every bill not cancelled. */
export const billStatusFilterValues = [...billStatusValues, 'Open'] as const;
export type BillStatusFilter = (typeof billStatusFilterValues)[number];
export const billRunStatusValues = ['Posted', 'Cancelled'] as const;

export const bill = z.object({
  id: z.number().int(),
  number: z.string(),
  runId: z.number().int(),
  period: z.string(),
  service: billService,
  houseId: z.number().int(),
  houseNo: z.string().nullable(),
  customerId: z.number().int(),
  customerNo: z.string(),
  customerName: z.string(),
  zoneId: z.number().int(),
  zoneName: z.string(),
  meterNumber: z.string().nullable(),
  tariffId: z.number().int(),
  previousReading: z.string(),
  currentReading: z.string(),
  consumption: z.string(),
  subtotal: z.string(),
  tax: z.string(),
  amount: z.string(),
  paidAmount: z.string(),
  previousBalance: z.string(),
  amountDue: z.string(),
  billDate: z.string(),
  dueDate: z.string(),
  status: z.enum(billStatusValues),
  journalEntryId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Bill = z.infer<typeof bill>;

export const billListQuery = billingListQuery(billStatusFilterValues, ['id', 'period', 'amount', 'dueDate'] as const).extend({
  period: period.optional().or(z.literal('').transform(() => undefined)),
  zoneId: optionalId,
  customerId: optionalId,
});
export type BillListQuery = z.input<typeof billListQuery>;
export const billPage = page(bill);

export const billDetail = bill.extend({
  lines: z.array(breakdownLine),
  house: z.object({ id: z.number().int(), houseNo: z.string().nullable(), address: z.string().nullable() }),
  customer: z.object({ id: z.number().int(), customerNo: z.string(), name: z.string(), phone: z.string(), address: z.string().nullable() }),
  meter: z.object({ id: z.number().int(), meterNumber: z.string() }).nullable(),
  readings: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      readingDate: z.string(),
      previousReading: z.string(),
      currentReading: z.string(),
      consumption: z.string(),
    }),
  ),
  company: z.object({ name: z.string(), phone: z.string().nullable(), address: z.string().nullable() }),
});
export type BillDetail = z.infer<typeof billDetail>;

export const billRun = z.object({
  id: z.number().int(),
  period: z.string(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  service: billService,
  status: z.enum(billRunStatusValues),
  billCount: z.number().int(),
  total: z.string(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
});
export type BillRun = z.infer<typeof billRun>;

export const billRunListQuery = billingListQuery(billRunStatusValues, ['id', 'period'] as const).extend({
  period: period.optional().or(z.literal('').transform(() => undefined)),
});
export const billRunPage = page(billRun);
export const billRunDetail = billRun.extend({ bills: z.array(bill) });
export type BillRunDetail = z.infer<typeof billRunDetail>;

export const ungeneratedBillQuery = z.object({ period, zoneId: optionalId });
export type UngeneratedBillQuery = z.input<typeof ungeneratedBillQuery>;

/** A connected house without a bill for the period; `ready` means the run can bill it now. */
export const ungeneratedBillRow = z.object({
  houseId: z.number().int(),
  houseNo: z.string().nullable(),
  customerId: z.number().int(),
  customerName: z.string(),
  zoneId: z.number().int(),
  meterNumber: z.string().nullable(),
  reason: z.union([billExceptionReason, z.literal('ready')]),
});
export const ungeneratedBillReport = z.object({ period: z.string(), data: z.array(ungeneratedBillRow), total: z.number().int() });
export type UngeneratedBillReport = z.infer<typeof ungeneratedBillReport>;
