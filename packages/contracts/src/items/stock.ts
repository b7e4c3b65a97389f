// Stock documents of the items module: opening stock and adjustments (posted to the books at cost),
// transfers between branches (at average cost), the stock card of an item, and the stock settings.
import { id, isoDate, listQuery, moneyTotal, page, trimmed, whenValid, z } from '../common/validation.ts';
import { choice, optionalId, rate } from '../billing/fields.ts';
import { nullableText } from '../settings/fields.ts';
import { positiveQuantity, signedQuantity } from './items.ts';

export const stockAdjustmentKindValues = ['opening', 'adjustment'] as const;
/** Kinds of the documents: a count's adjustment is made by posting the count. */
export const stockAdjustmentDocumentKindValues = ['opening', 'adjustment', 'count'] as const;
export type StockAdjustmentKind = (typeof stockAdjustmentKindValues)[number];
export const stockDocumentStatusValues = ['Posted', 'Cancelled'] as const;

export const MAX_STOCK_LINES = 500;

const adjustmentLine = z
  .object({
    itemId: id,
    /** + found or received, - lost or damaged. */
    quantity: signedQuantity,
    /** Cost per unit of what comes in (required when the quantity is above zero); what goes out leaves at average cost. */
    unitCost: rate.optional().or(z.literal('').transform(() => undefined)),
    memo: nullableText(300),
  })
  .refine((line) => line.quantity.startsWith('-') || line.unitCost !== undefined, {
    ...whenValid('quantity', 'unitCost'),
    path: ['unitCost'],
    message: 'items.unitCostRequired',
  });

export const stockAdjustmentBody = z
  .object({
    kind: choice(stockAdjustmentKindValues),
    branchId: id,
    date: isoDate,
    reason: nullableText(500),
    lines: z.array(adjustmentLine).min(1, 'items.linesRequired').max(MAX_STOCK_LINES),
  })
  .superRefine(
    (body, ctx) => {
      if (body.kind !== 'opening') return;
      body.lines.forEach((line, i) => {
        if (line.quantity.startsWith('-')) ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: 'items.openingPositive' });
      });
    },
    whenValid('kind', 'lines'),
  );
export type StockAdjustmentBody = z.input<typeof stockAdjustmentBody>;

const documentLine = z.object({
  position: z.number().int(),
  itemId: z.number().int(),
  itemCode: z.string(),
  itemName: z.string(),
  quantity: z.string(),
  value: moneyTotal,
  memo: z.string().nullable(),
});

export const stockAdjustment = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(stockAdjustmentDocumentKindValues),
  branchId: z.number().int(),
  branchName: z.string(),
  date: z.string(),
  reason: z.string().nullable(),
  total: moneyTotal,
  status: z.enum(stockDocumentStatusValues),
  journalEntryId: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  lines: z.array(documentLine),
});
export type StockAdjustment = z.infer<typeof stockAdjustment>;

export const stockAdjustmentListQuery = listQuery.extend({
  branchId: optionalId,
  kind: z
    .union([z.enum(stockAdjustmentDocumentKindValues), z.literal('')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const stockAdjustmentPage = page(stockAdjustment.omit({ lines: true }));

export const stockTransferBody = z
  .object({
    fromBranchId: id,
    toBranchId: id,
    date: isoDate,
    memo: nullableText(500),
    lines: z
      .array(z.object({ itemId: id, quantity: positiveQuantity }))
      .min(1, 'items.linesRequired')
      .max(MAX_STOCK_LINES),
  })
  .refine((b) => b.fromBranchId !== b.toBranchId, { ...whenValid('fromBranchId', 'toBranchId'), path: ['toBranchId'], message: 'items.sameBranch' });
export type StockTransferBody = z.input<typeof stockTransferBody>;

export const stockTransfer = z.object({
  id: z.number().int(),
  number: z.string(),
  fromBranchId: z.number().int(),
  fromBranchName: z.string(),
  toBranchId: z.number().int(),
  toBranchName: z.string(),
  date: z.string(),
  memo: z.string().nullable(),
  total: moneyTotal,
  status: z.enum(stockDocumentStatusValues),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  lines: z.array(documentLine.omit({ memo: true })),
});
export type StockTransfer = z.infer<typeof stockTransfer>;
export const stockTransferListQuery = listQuery.extend({ branchId: optionalId, from: isoDate.optional(), to: isoDate.optional() });
export const stockTransferPage = page(stockTransfer.omit({ lines: true }));

export const stockCancelBody = z.object({ reason: trimmed(500) });
export type StockCancelBody = z.input<typeof stockCancelBody>;

/** GET /api/elc/stock-moves?itemId=: the stock card, an item's moves oldest first, with the balance after each. */
export const stockCardQuery = z.object({
  itemId: id,
  branchId: optionalId,
  from: isoDate.optional(),
  to: isoDate.optional(),
  _page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  _limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type StockCardQuery = z.input<typeof stockCardQuery>;

export const stockMoveKindValues = ['opening', 'purchase', 'purchase_return', 'sale', 'sales_return', 'adjustment', 'transfer_in', 'transfer_out'] as const;
export type StockMoveKind = (typeof stockMoveKindValues)[number];

export const stockCardRow = z.object({
  id: z.number().int(),
  date: z.string(),
  kind: z.enum(stockMoveKindValues),
  sourceType: z.string(),
  sourceId: z.number().int(),
  sourceNo: z.string().nullable(),
  branchId: z.number().int(),
  branchName: z.string(),
  quantityIn: z.string().nullable(),
  quantityOut: z.string().nullable(),
  unitCost: z.string(),
  value: moneyTotal,
  /** The balance at the move's branch right after it. */
  quantityAfter: z.string(),
  valueAfter: moneyTotal,
});
export type StockCardRow = z.infer<typeof stockCardRow>;
export const stockCardPage = page(stockCardRow);

export const stockSettings = z.object({ allowNegativeStock: z.boolean() });
export type StockSettings = z.infer<typeof stockSettings>;
