// Stock reports: the item transaction report (/Sales-reports/item-transaction, privilege item-transaction:
// the stock card of one item over a period, with the stock brought forward and carried) and stock on hand
// and value as at a date (/items/stock-on-hand, privilege list-item). Both read stock_daily_balances for
// the stock at a date, so they answer as fast with a million moves as with ten.
import { isoDate, moneyTotal, z } from '../common/validation.ts';
import { optionalId } from '../billing/fields.ts';
import { pageFields, queryId, reportPaging } from '../billing-reports/common.ts';
import { rangeIsOrdered, rangeIssue } from '../finance-reports/common.ts';
import { stockMoveKindValues } from './stock.ts';

export const itemTransactionQuery = z
  .object({
    itemId: queryId,
    branchId: optionalId,
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    ...reportPaging,
  })
  .refine(rangeIsOrdered, rangeIssue);
export type ItemTransactionQuery = z.input<typeof itemTransactionQuery>;

export const itemTransactionLine = z.object({
  id: z.number().int(),
  date: z.string(),
  kind: z.enum(stockMoveKindValues),
  sourceType: z.string(),
  sourceId: z.number().int(),
  document: z.string().nullable(),
  branchName: z.string(),
  quantityIn: z.string().nullable(),
  quantityOut: z.string().nullable(),
  unitCost: z.string(),
  /** Signed, at cost. */
  value: moneyTotal,
  /** Running, in date order, at the branch filtered (or all). */
  balance: z.string(),
  balanceValue: moneyTotal,
});
export type ItemTransactionLine = z.infer<typeof itemTransactionLine>;

const stockFigures = z.object({ quantity: z.string(), value: moneyTotal });

export const itemTransactionReport = z.object({
  item: z.object({ id: z.number().int(), code: z.string(), name: z.string(), unitName: z.string().nullable() }),
  branchName: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  opening: stockFigures,
  lines: z.array(itemTransactionLine),
  totals: z.object({ quantityIn: z.string(), quantityOut: z.string(), value: moneyTotal }),
  closing: stockFigures,
  ...pageFields,
});
export type ItemTransactionReport = z.infer<typeof itemTransactionReport>;

export const stockOnHandQuery = z.object({
  /** Empty: today. */
  date: isoDate.optional(),
  branchId: optionalId,
  categoryId: optionalId,
  q: z.string().trim().max(200).optional(),
  ...reportPaging,
});
export type StockOnHandQuery = z.input<typeof stockOnHandQuery>;

export const stockOnHandRow = z.object({
  itemId: z.number().int(),
  code: z.string(),
  name: z.string(),
  categoryName: z.string().nullable(),
  unitName: z.string().nullable(),
  quantity: z.string(),
  averageCost: z.string(),
  value: moneyTotal,
});
export type StockOnHandRow = z.infer<typeof stockOnHandRow>;

export const stockOnHandReport = z.object({
  date: z.string(),
  rows: z.array(stockOnHandRow),
  totals: z.object({ items: z.number().int(), value: moneyTotal }),
  ...pageFields,
});
export type StockOnHandReport = z.infer<typeof stockOnHandReport>;

/** The largest stock report file (rows); beyond it, filter by branch or category. */
export const STOCK_EXPORT_MAX_ROWS = 100_000;
