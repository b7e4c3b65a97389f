// Sales reports (/Sales-reports): sales activity (by item, customer or month: quantity, revenue, cost,
// margin; invoices and cash sales less returns) and return transactions (the sales returns of a period,
// or the purchase returns (kind 'purchase'), line by line).
import { isoDate, moneyTotal, z } from '../common/validation.ts';
import { choice, optionalId } from '../billing/fields.ts';
import { pageFields, reportPaging } from '../billing-reports/common.ts';
import { rangeIsOrdered, rangeIssue, requiredRange } from '../finance-reports/common.ts';

export const salesActivityGroupValues = ['item', 'customer', 'month'] as const;
export type SalesActivityGroup = (typeof salesActivityGroupValues)[number];

export const salesActivityQuery = z
  .object({
    ...requiredRange,
    groupBy: choice(salesActivityGroupValues).default('item'),
    branchId: optionalId,
    customerId: optionalId,
    itemId: optionalId,
    ...reportPaging,
  })
  .refine(rangeIsOrdered, rangeIssue);
export type SalesActivityQuery = z.input<typeof salesActivityQuery>;

export const salesActivityRow = z.object({
  /** The item's or customer's id, or the month (YYYY-MM). */
  key: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  quantity: z.string(),
  revenue: moneyTotal,
  cost: moneyTotal,
  margin: moneyTotal,
  /** Margin as a percent of revenue (two decimals), null without revenue. */
  marginPercent: z.string().nullable(),
});
export type SalesActivityRow = z.infer<typeof salesActivityRow>;

export const salesActivity = z.object({
  startDate: isoDate,
  endDate: isoDate,
  groupBy: z.enum(salesActivityGroupValues),
  rows: z.array(salesActivityRow),
  totals: z.object({ quantity: z.string(), revenue: moneyTotal, cost: moneyTotal, margin: moneyTotal, marginPercent: z.string().nullable() }),
  ...pageFields,
});
export type SalesActivity = z.infer<typeof salesActivity>;

export const returnKindValues = ['sales', 'purchase'] as const;
export type ReturnKind = (typeof returnKindValues)[number];
export const returnTransactionQuery = z
  .object({
    ...requiredRange,
    kind: choice(returnKindValues).default('sales'),
    customerId: optionalId,
    vendorId: optionalId,
    itemId: optionalId,
    ...reportPaging,
  })
  .refine(rangeIsOrdered, rangeIssue);
export type ReturnTransactionQuery = z.input<typeof returnTransactionQuery>;

export const returnTransactionRow = z.object({
  returnId: z.number().int(),
  date: isoDate,
  number: z.string(),
  /** The sale (invoice, cash sale) or purchase (vendor bill, cash purchase) the goods came back from. */
  fromNumber: z.string(),
  /** The customer (sales returns) or vendor (purchase returns). */
  partyId: z.number().int(),
  partyNo: z.string(),
  partyName: z.string(),
  itemCode: z.string().nullable(),
  itemName: z.string(),
  quantity: z.string(),
  amount: moneyTotal,
  /** Value at cost of what moved: the stock that came back (sales) or left (purchases); a free line's amount. */
  cost: moneyTotal,
});
export type ReturnTransactionRow = z.infer<typeof returnTransactionRow>;

export const returnTransaction = z.object({
  kind: z.enum(returnKindValues),
  startDate: isoDate,
  endDate: isoDate,
  rows: z.array(returnTransactionRow),
  totals: z.object({ returns: z.number().int(), quantity: z.string(), amount: moneyTotal, cost: moneyTotal }),
  ...pageFields,
});
export type ReturnTransaction = z.infer<typeof returnTransaction>;
