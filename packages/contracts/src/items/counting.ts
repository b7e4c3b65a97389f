// Inventory counting (/reports/inventory-counting, privilege inventory-counting): a count sheet of one
// branch (every stocked good, or one category) with the system quantity and average cost frozen when it
// is started; counted quantities entered in a grid or imported from CSV (item code, counted quantity);
// posting makes one stock adjustment (kind 'count') of counted minus frozen for each counted line.
import { id, isoDate, listQuery, moneyTotal, page, trimmed, z } from '../common/validation.ts';
import { optionalId } from '../billing/fields.ts';
import { nullableText } from '../settings/fields.ts';
import { quantity } from './items.ts';

export const stockCountStatusValues = ['Draft', 'Posted', 'Cancelled'] as const;
export type StockCountStatus = (typeof stockCountStatusValues)[number];
/** The most lines a count sheet holds (a branch's stocked goods, or one category of them). */
export const MAX_COUNT_LINES = 5000;
/** The largest CSV file of counted quantities, in characters. */
export const MAX_COUNT_CSV = 500_000;

export const stockCountBody = z.object({
  branchId: id,
  /** Empty: every stocked good. */
  categoryId: optionalId,
  date: isoDate,
  memo: nullableText(500),
});
export type StockCountBody = z.input<typeof stockCountBody>;

/** Counted quantities of some lines; null clears a count (not counted). */
export const stockCountLinesBody = z.object({
  lines: z
    .array(z.object({ itemId: id, countedQuantity: quantity.nullable().or(z.literal('').transform(() => null)) }))
    .min(1, 'items.linesRequired')
    .max(MAX_COUNT_LINES),
});
export type StockCountLinesBody = z.input<typeof stockCountLinesBody>;

/** A CSV file: item code, counted quantity (a header line is allowed). */
export const stockCountImportBody = z.object({ csv: trimmed(MAX_COUNT_CSV) });
export type StockCountImportBody = z.input<typeof stockCountImportBody>;

export const stockCountCancelBody = z.object({ reason: trimmed(500) });

export const stockCountLine = z.object({
  position: z.number().int(),
  itemId: z.number().int(),
  itemCode: z.string(),
  itemName: z.string(),
  unitName: z.string().nullable(),
  categoryName: z.string().nullable(),
  frozenQuantity: z.string(),
  frozenValue: moneyTotal,
  frozenUnitCost: z.string(),
  countedQuantity: z.string().nullable(),
  /** counted - frozen (null while not counted). */
  difference: z.string().nullable(),
  /** The difference at the frozen average cost. */
  differenceValue: moneyTotal.nullable(),
});
export type StockCountLine = z.infer<typeof stockCountLine>;

export const stockCount = z.object({
  id: z.number().int(),
  number: z.string(),
  branchId: z.number().int(),
  branchName: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  date: z.string(),
  memo: z.string().nullable(),
  status: z.enum(stockCountStatusValues),
  startedAt: z.string(),
  lineCount: z.number().int(),
  countedCount: z.number().int(),
  /** Sum of the differences' values. */
  differenceValue: moneyTotal,
  adjustmentId: z.number().int().nullable(),
  adjustmentNumber: z.string().nullable(),
  createdByName: z.string().nullable(),
  postedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Stock moves of the sheet's items at its branch since it was started (posted as well: the count posts counted - frozen). */
  movesSince: z.number().int(),
  lines: z.array(stockCountLine),
});
export type StockCount = z.infer<typeof stockCount>;

export const stockCountListQuery = listQuery.extend({
  branchId: optionalId,
  status: z
    .union([z.enum(stockCountStatusValues), z.literal(''), z.literal('0')])
    .optional()
    .transform((v) => (v === '' || v === '0' ? undefined : v)),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const stockCountPage = page(stockCount.omit({ lines: true, movesSince: true }));
