// What sales documents post, as debit/credit lines for postJournal. Pure (no database).
//
// Sale (invoice or cash sale): receivable debit naming the customer for the total; income credit per
// income account (net less discount); tax payable credit; cost of goods sold debit per expense account
// and inventory credit per inventory account at the stock plan's value.
// Cash sale, paid at once: the receiving account debit, receivable credit naming the customer.
// Return (credit note): the sale mirrored: income and tax payable debit, receivable credit; inventory
// debit, cost of goods sold credit at the cost the goods left with. A cash sale's refund: receivable
// debit naming the customer, the refund account credit.
import { Decimal, type PostingLine } from '../../ledger/index.ts';

export const SALES_SOURCE_TYPE = {
  invoice: 'sales-invoice',
  receipt: 'sales-receipt',
  return: 'sales-return',
} as const;

export interface SaleFigures {
  customerId: number;
  receivableId: number;
  taxPayableId: number;
  total: string;
  tax: string;
  /** Income per account: net less discount of the lines sold on it. */
  income: Array<{ accountId: number; amount: string }>;
  /** Stock moved per line: cost of goods sold (expense) and inventory accounts, value at cost (positive). */
  cost: Array<{ expenseAccountId: number; inventoryAccountId: number; value: string }>;
}

function sumBy(rows: Array<{ accountId: number; amount: Decimal }>): Map<number, Decimal> {
  const m = new Map<number, Decimal>();
  for (const r of rows) m.set(r.accountId, (m.get(r.accountId) ?? new Decimal(0)).plus(r.amount));
  return m;
}

/** Lines on one side per account (in account order), zero amounts dropped. */
function side(m: Map<number, Decimal>, which: 'debit' | 'credit', memo: string | null): PostingLine[] {
  return [...m.entries()]
    .sort((a, b) => a[0] - b[0])
    .filter(([, v]) => !v.isZero())
    .map(([accountId, v]) => ({ accountId, [which]: v.toFixed(2), memo }));
}

/**
 * The sale's entry; `direction` 'return' mirrors it (a credit note). Answers [] when every amount is zero.
 */
export function salePosting(f: SaleFigures, memo: string | null, direction: 'sale' | 'return' = 'sale'): PostingLine[] {
  const flip = direction === 'return';
  const dr = flip ? 'credit' : 'debit';
  const cr = flip ? 'debit' : 'credit';
  const lines: PostingLine[] = [];
  const total = new Decimal(f.total);
  if (!total.isZero()) lines.push({ accountId: f.receivableId, [dr]: total.toFixed(2), partyType: 'customer', partyId: f.customerId, memo });
  lines.push(...side(sumBy(f.income.map((i) => ({ accountId: i.accountId, amount: new Decimal(i.amount) }))), cr, memo));
  const tax = new Decimal(f.tax);
  if (!tax.isZero()) lines.push({ accountId: f.taxPayableId, [cr]: tax.toFixed(2), memo });
  lines.push(...side(sumBy(f.cost.map((c) => ({ accountId: c.expenseAccountId, amount: new Decimal(c.value) }))), dr, memo));
  lines.push(...side(sumBy(f.cost.map((c) => ({ accountId: c.inventoryAccountId, amount: new Decimal(c.value) }))), cr, memo));
  return lines;
}

/** A cash sale paid at once ('pay'), or a cash sale's return refunded ('refund'). */
export function settlementPosting(
  p: { accountId: number; receivableId: number; customerId: number; amount: string },
  memo: string | null,
  direction: 'pay' | 'refund',
): PostingLine[] {
  if (new Decimal(p.amount).isZero()) return [];
  const money = { accountId: p.accountId, memo };
  const receivable = { accountId: p.receivableId, partyType: 'customer' as const, partyId: p.customerId, memo };
  return direction === 'pay'
    ? [
        { ...money, debit: p.amount },
        { ...receivable, credit: p.amount },
      ]
    : [
        { ...receivable, debit: p.amount },
        { ...money, credit: p.amount },
      ];
}
