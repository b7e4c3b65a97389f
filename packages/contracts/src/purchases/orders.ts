// Purchase orders (/vendors/orders): what the organisation asks a vendor for. An order posts nothing; it
// is approved, then received (whole or part, line by line): each receipt brings the received lines into
// stock as a vendor bill (lines linked to the order's). Draft -> Approved -> PartlyReceived -> Received,
// or ClosedShort (nothing more is expected) or Cancelled (nothing received).
import { id, int, isoDate, listQuery, moneyTotal, page, trimmed, whenValid, z } from '../common/validation.ts';
import { optionalId } from '../billing/fields.ts';
import { quantity } from '../items/items.ts';
import { nullableText } from '../settings/fields.ts';
import { tradeLine } from '../trade/lines.ts';
import { MAX_PURCHASE_LINES, purchaseLineBody } from './documents.ts';

export const purchaseOrderStatusValues = ['Draft', 'Approved', 'PartlyReceived', 'Received', 'ClosedShort', 'Cancelled'] as const;
export type PurchaseOrderStatus = (typeof purchaseOrderStatusValues)[number];

const blankDate = isoDate.optional().or(z.literal('').transform(() => undefined));

export const purchaseOrderBody = z
  .object({
    vendorId: id,
    date: isoDate,
    expectedDate: blankDate,
    branchId: id,
    notes: nullableText(1000),
    lines: z.array(purchaseLineBody).min(1, 'items.linesRequired').max(MAX_PURCHASE_LINES),
    /** The approved staff request this order fulfils (taken when the order is created; an edit keeps it). */
    requestId: optionalId,
  })
  .refine((b) => !b.expectedDate || b.expectedDate >= b.date, {
    ...whenValid('date', 'expectedDate'),
    path: ['expectedDate'],
    message: 'purchases.expectedBeforeDate',
  });
export type PurchaseOrderBody = z.input<typeof purchaseOrderBody>;

export const purchaseOrderLine = tradeLine.extend({
  received: z.string(),
  billed: z.string(),
  /** Still expected: ordered less received (0 once the order is closed short). */
  outstanding: z.string(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLine>;

export const purchaseOrder = z.object({
  id: z.number().int(),
  number: z.string(),
  vendorId: z.number().int(),
  vendorNumber: z.string(),
  vendorName: z.string(),
  date: z.string(),
  expectedDate: z.string().nullable(),
  branchId: z.number().int(),
  branchName: z.string(),
  notes: z.string().nullable(),
  /** The staff request it fulfils, and that request's reference. */
  requestId: z.number().int().nullable(),
  requestRefNo: z.string().nullable(),
  subtotal: moneyTotal,
  discount: moneyTotal,
  tax: moneyTotal,
  total: moneyTotal,
  status: z.enum(purchaseOrderStatusValues),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(purchaseOrderLine),
  /** The vendor bills its receipts made. */
  bills: z.array(
    z.object({ id: z.number().int(), number: z.string(), vendorBillNo: z.string().nullable(), date: z.string(), total: moneyTotal, status: z.string() }),
  ),
});
export type PurchaseOrder = z.infer<typeof purchaseOrder>;

export const purchaseOrderListQuery = listQuery.extend({
  status: z
    .union([z.enum(purchaseOrderStatusValues), z.literal('0'), z.literal('')])
    .optional()
    .transform((v) => (v === '0' || v === '' ? undefined : v)),
  vendorId: optionalId,
  branchId: optionalId,
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const purchaseOrderPage = page(purchaseOrder.omit({ lines: true, bills: true }));

/** POST /api/elc/vendors/orders/:id/receive: what arrived (per order line), billed on the vendor's bill. */
export const purchaseReceiptBody = z
  .object({
    vendorBillNo: trimmed(60),
    date: isoDate,
    dueDate: blankDate,
    lines: z
      .array(z.object({ position: int(1, MAX_PURCHASE_LINES), quantity }))
      .min(1, 'items.linesRequired')
      .max(MAX_PURCHASE_LINES),
  })
  .refine((b) => b.lines.some((l) => !/^[0.]+$/.test(l.quantity)), { ...whenValid('lines'), path: ['lines'], message: 'purchases.nothingReceived' })
  .refine((b) => !b.dueDate || b.dueDate >= b.date, { ...whenValid('date', 'dueDate'), path: ['dueDate'], message: 'purchases.dueBeforeDate' });
export type PurchaseReceiptBody = z.input<typeof purchaseReceiptBody>;

export const purchaseOrderReasonBody = z.object({ reason: trimmed(500) });
export type PurchaseOrderReasonBody = z.input<typeof purchaseOrderReasonBody>;
