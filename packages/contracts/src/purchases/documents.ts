// Purchasing documents (issue 14): vendor bills (credit purchases, elc/vendors/bill), cash purchases (the
// same document paid at once from a cash, bank or mobile-money account) and purchase returns (a debit
// note against a bill, or a refund of a cash purchase). Lines are the trade lines every document shares
// (contracts/src/trade), so the figures typed are the figures posted.
import { id, int, isoDate, listQuery, moneyTotal, page, trimmed, whenValid, z } from '../common/validation.ts';
import { optionalId } from '../billing/fields.ts';
import { positiveQuantity } from '../items/items.ts';
import { nullableText } from '../settings/fields.ts';
import { tradeLine, tradeLineBody } from '../trade/lines.ts';

export const MAX_PURCHASE_LINES = 200;
export const purchaseKindValues = ['bill', 'cash'] as const;
export type PurchaseKind = (typeof purchaseKindValues)[number];
export const purchaseStatusValues = ['Posted', 'Cancelled'] as const;
/** What a list shows: paid (settled), partly paid, unpaid, overdue, and cancelled. */
export const purchaseShownStatusValues = ['Unpaid', 'PartlyPaid', 'Paid', 'Overdue', 'Cancelled'] as const;
export type PurchaseShownStatus = (typeof purchaseShownStatusValues)[number];

/** A purchase line: an item, or a free line on an expense account (the vendor's default when none is named). */
export const purchaseLineBody = tradeLineBody.refine((l) => l.itemId !== undefined || !!l.description, {
  ...whenValid('itemId', 'description'),
  path: ['description'],
  message: 'purchases.lineNeedsItemOrText',
});
export type PurchaseLineBody = z.input<typeof purchaseLineBody>;

const blankDate = isoDate.optional().or(z.literal('').transform(() => undefined));
const purchaseLines = z.array(purchaseLineBody).min(1, 'items.linesRequired').max(MAX_PURCHASE_LINES);

/** POST /api/elc/vendors/bills: a credit purchase. The due date defaults to the date + the vendor's payment terms. */
export const vendorBillBody = z
  .object({
    vendorId: id,
    /** The vendor's own number on the bill: unique per vendor. */
    vendorBillNo: trimmed(60),
    date: isoDate,
    dueDate: blankDate,
    branchId: id,
    notes: nullableText(1000),
    lines: purchaseLines,
    /** The approved staff request this purchase fulfils (marked Fulfilled with it). */
    requestId: optionalId,
  })
  .refine((b) => !b.dueDate || b.dueDate >= b.date, { ...whenValid('date', 'dueDate'), path: ['dueDate'], message: 'purchases.dueBeforeDate' });
export type VendorBillBody = z.input<typeof vendorBillBody>;

/** POST /api/elc/vendors/cash-purchases: bought and paid at once from a cash, bank or mobile-money account. */
export const cashPurchaseBody = z.object({
  vendorId: id,
  vendorBillNo: nullableText(60),
  date: isoDate,
  branchId: id,
  paymentAccountId: id,
  notes: nullableText(1000),
  lines: purchaseLines,
  /** The approved staff request this purchase fulfils (marked Fulfilled with it). */
  requestId: optionalId,
});
export type CashPurchaseBody = z.input<typeof cashPurchaseBody>;

export const purchaseLine = tradeLine.extend({
  /** The account the line was posted to: the item's inventory account (stocked goods), its expense account, or the free line's. */
  postedAccountId: z.number().int(),
  postedAccountCode: z.string(),
  postedAccountName: z.string(),
  stocked: z.boolean(),
  returnedQuantity: z.string(),
  orderLinePosition: z.number().int().nullable(),
});
export type PurchaseLine = z.infer<typeof purchaseLine>;

export const purchaseDocument = z.object({
  id: z.number().int(),
  kind: z.enum(purchaseKindValues),
  number: z.string(),
  vendorId: z.number().int(),
  vendorNumber: z.string(),
  vendorName: z.string(),
  vendorBillNo: z.string().nullable(),
  date: z.string(),
  dueDate: z.string().nullable(),
  branchId: z.number().int(),
  branchName: z.string(),
  paymentAccountId: z.number().int().nullable(),
  paymentAccountName: z.string().nullable(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  /** The staff request it fulfils, and that request's reference. */
  requestId: z.number().int().nullable(),
  requestRefNo: z.string().nullable(),
  notes: z.string().nullable(),
  subtotal: moneyTotal,
  discount: moneyTotal,
  tax: moneyTotal,
  total: moneyTotal,
  /** Settled on the bill's open item (payments, debit notes); a cash purchase is paid in full. */
  paid: moneyTotal,
  open: moneyTotal,
  returned: moneyTotal,
  status: z.enum(purchaseStatusValues),
  shownStatus: z.enum(purchaseShownStatusValues),
  journalEntryId: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  lines: z.array(purchaseLine),
});
export type PurchaseDocument = z.infer<typeof purchaseDocument>;

export const purchaseListQuery = listQuery.extend({
  status: z
    .union([z.enum(purchaseShownStatusValues), z.literal('Posted'), z.literal('0'), z.literal('')])
    .optional()
    .transform((v) => (v === '0' || v === '' ? undefined : v)),
  vendorId: optionalId,
  branchId: optionalId,
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type PurchaseListQuery = z.input<typeof purchaseListQuery>;
export const purchasePage = page(purchaseDocument.omit({ lines: true }));

export const purchaseCancelBody = z.object({ reason: trimmed(500) });
export type PurchaseCancelBody = z.input<typeof purchaseCancelBody>;

/** POST /api/elc/vendors/purchase-returns: lines of a bill (or cash purchase) sent back. */
export const purchaseReturnBody = z.object({
  purchaseId: id,
  date: isoDate,
  reason: nullableText(500),
  /** A cash purchase's refund comes into this account (default: the account it was paid from). */
  refundAccountId: optionalId,
  lines: z
    .array(z.object({ position: int(1, MAX_PURCHASE_LINES), quantity: positiveQuantity }))
    .min(1, 'items.linesRequired')
    .max(MAX_PURCHASE_LINES),
});
export type PurchaseReturnBody = z.input<typeof purchaseReturnBody>;

export const purchaseReturnLine = z.object({
  position: z.number().int(),
  purchaseLinePosition: z.number().int(),
  itemId: z.number().int().nullable(),
  itemCode: z.string().nullable(),
  itemName: z.string().nullable(),
  description: z.string().nullable(),
  accountId: z.number().int(),
  accountCode: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  /** What the line takes off the purchase before tax (a stocked good: the cost it came in with). */
  amount: moneyTotal,
  tax: moneyTotal,
  total: moneyTotal,
});
export type PurchaseReturnLine = z.infer<typeof purchaseReturnLine>;

export const purchaseReturn = z.object({
  id: z.number().int(),
  number: z.string(),
  purchaseId: z.number().int(),
  purchaseNumber: z.string(),
  purchaseKind: z.enum(purchaseKindValues),
  vendorId: z.number().int(),
  vendorName: z.string(),
  branchId: z.number().int(),
  branchName: z.string(),
  date: z.string(),
  reason: z.string().nullable(),
  refundAccountId: z.number().int().nullable(),
  refundAccountName: z.string().nullable(),
  amount: moneyTotal,
  tax: moneyTotal,
  total: moneyTotal,
  status: z.enum(purchaseStatusValues),
  journalEntryId: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  lines: z.array(purchaseReturnLine),
});
export type PurchaseReturn = z.infer<typeof purchaseReturn>;

export const purchaseReturnListQuery = listQuery.extend({
  status: z
    .union([z.enum(purchaseStatusValues), z.literal('0'), z.literal('')])
    .optional()
    .transform((v) => (v === '0' || v === '' ? undefined : v)),
  vendorId: optionalId,
  purchaseId: optionalId,
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const purchaseReturnPage = page(purchaseReturn.omit({ lines: true }));

const option = z.object({ id: z.number().int(), name: z.string() });
const accountOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** GET /api/elc/purchases/vendor-choices: what the purchasing forms offer. */
export const purchaseChoices = z.object({
  vendors: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      name: z.string(),
      paymentTermsDays: z.number().int(),
      defaultExpenseAccountId: z.number().int().nullable(),
    }),
  ),
  items: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      kind: z.string(),
      purchasePrice: z.string(),
      taxPercent: z.string(),
    }),
  ),
  branches: z.array(option),
  expenseAccounts: z.array(accountOption),
  paymentAccounts: z.array(accountOption),
});
export type PurchaseChoices = z.infer<typeof purchaseChoices>;
