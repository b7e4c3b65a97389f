// The lines every trade document carries (quotation, sales invoice and receipt, purchase order, vendor
// bill, returns) and how they add up: one schema and one rule for server, web preview and PDF, so the
// figures a clerk sees while typing are the figures posted.
//
// A line is an item, or free text on an account (a service bought, a fee sold): quantity x unit price,
// less a discount percent, plus a tax percent, each rounded to the cent where it is shown:
//   net = round(qty x price), discount = round(net x discount%), tax = round((net - discount) x tax%),
//   total = net - discount + tax. The document's totals are the sums of its lines' figures.
import { type BillingDecimal, bdec, billMoney } from '../billing/decimal.ts';
import { amount, optionalId, percent } from '../billing/fields.ts';
import { positiveQuantity } from '../items/items.ts';
import { moneyTotal, z } from '../common/validation.ts';
import { nullableText } from '../settings/fields.ts';

export const tradeLineBody = z.object({
  /** The item sold or bought; none for a free line. */
  itemId: optionalId,
  /** A free line's account (income on a sale, expense on a purchase); an item line uses the item's. */
  accountId: optionalId,
  description: nullableText(300),
  quantity: positiveQuantity,
  unitPrice: amount,
  discountPercent: percent.default('0'),
  taxPercent: percent.default('0'),
});
export type TradeLineBody = z.input<typeof tradeLineBody>;

/** A line as documents answer it: what was asked plus its figures. */
export const tradeLine = z.object({
  position: z.number().int(),
  itemId: z.number().int().nullable(),
  itemCode: z.string().nullable(),
  itemName: z.string().nullable(),
  accountId: z.number().int().nullable(),
  description: z.string().nullable(),
  quantity: z.string(),
  unitPrice: z.string(),
  discountPercent: z.string(),
  taxPercent: z.string(),
  net: moneyTotal,
  discount: moneyTotal,
  tax: moneyTotal,
  total: moneyTotal,
});
export type TradeLine = z.infer<typeof tradeLine>;

export interface LineFigures {
  net: string;
  discount: string;
  tax: string;
  total: string;
}
export interface DocumentFigures {
  lines: LineFigures[];
  /** Sum of the lines' net amounts (before discount and tax). */
  subtotal: string;
  discount: string;
  tax: string;
  total: string;
}

const cents = (d: BillingDecimal) => bdec(billMoney(d));

/** The figures of one line; inputs are the schema's decimal strings (a blank discount or tax is 0). */
export function lineFigures(line: { quantity: string; unitPrice: string; discountPercent?: string | null; taxPercent?: string | null }): LineFigures {
  const net = cents(bdec(line.quantity).mul(bdec(line.unitPrice)));
  const discount = cents(net.mul(bdec(line.discountPercent ?? '0')).div(100));
  const tax = cents(
    net
      .minus(discount)
      .mul(bdec(line.taxPercent ?? '0'))
      .div(100),
  );
  const total = net.minus(discount).plus(tax);
  return { net: billMoney(net), discount: billMoney(discount), tax: billMoney(tax), total: billMoney(total) };
}

/** The figures of a document: each line's, and their sums. */
export function documentFigures(lines: readonly Parameters<typeof lineFigures>[0][]): DocumentFigures {
  const each = lines.map(lineFigures);
  const sum = (k: keyof LineFigures) => billMoney(each.reduce((s, f) => s.plus(bdec(f[k])), bdec(0)));
  return { lines: each, subtotal: sum('net'), discount: sum('discount'), tax: sum('tax'), total: sum('total') };
}
