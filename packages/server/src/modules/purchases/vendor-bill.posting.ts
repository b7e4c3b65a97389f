// What purchasing documents post, as debit/credit lines for postJournal. Pure (no database).
//
// A purchase (vendor bill or cash purchase): each line's amount less discount debits the account it is
// posted to (a stocked good's inventory account, at the value its stock move takes; a non-stocked good's
// or service's expense account; a free line's account), the tax debits tax paid (1320), and the total
// credits the payable (2010, naming the vendor) for a bill, or the account paid from for a cash purchase.
// A return posts the mirror: payable (naming the vendor) or the refund account debit, inventory or
// expense credit at what the returned lines took, tax paid credit.
import { Decimal, type PostingLine } from '../../ledger/index.ts';

export const VENDOR_BILL_SOURCE_TYPE = 'vendor-bill';
export const CASH_PURCHASE_SOURCE_TYPE = 'cash-purchase';
export const PURCHASE_RETURN_SOURCE_TYPE = 'purchase-return';
/** Document counter series: vendor bills VB-000001, cash purchases CP-000001, returns PR-000001, orders PO-000001. */
export const VENDOR_BILL_SERIES = 'VB';
export const CASH_PURCHASE_SERIES = 'CP';
export const PURCHASE_RETURN_SERIES = 'PR';
export const PURCHASE_ORDER_SERIES = 'PO';

export interface PurchasePostingInput {
  /** One per line: the account it goes to and its amount less discount (before tax). */
  lines: Array<{ accountId: number; amount: string | Decimal }>;
  tax: string | Decimal;
  taxAccountId: number;
  /** The other side: the payable naming the vendor (a bill), or the account paid from (cash). */
  counter: { accountId: number; vendorId?: number | null };
  memo: string | null;
}

function byAccount(lines: PurchasePostingInput['lines']): Array<[number, Decimal]> {
  const sums = new Map<number, Decimal>();
  for (const l of lines) sums.set(l.accountId, (sums.get(l.accountId) ?? new Decimal(0)).plus(l.amount));
  return [...sums.entries()].filter(([, v]) => !v.isZero()).sort((a, b) => a[0] - b[0]);
}

function counterLine(p: PurchasePostingInput, side: 'debit' | 'credit', total: Decimal): PostingLine {
  const party = p.counter.vendorId ? { partyType: 'vendor' as const, partyId: p.counter.vendorId } : {};
  return { accountId: p.counter.accountId, [side]: total.toFixed(2), memo: p.memo, ...party };
}

/** A purchase: lines and tax debit, payable (vendor) or cash credit. [] when it comes to nothing (all free of charge). */
export function purchasePosting(p: PurchasePostingInput): PostingLine[] {
  const debits = byAccount(p.lines);
  const tax = new Decimal(p.tax);
  const total = debits.reduce((s, [, v]) => s.plus(v), new Decimal(0)).plus(tax);
  if (total.isZero()) return [];
  const lines: PostingLine[] = debits.map(([accountId, v]) => ({ accountId, debit: v.toFixed(2), memo: p.memo }));
  if (!tax.isZero()) lines.push({ accountId: p.taxAccountId, debit: tax.toFixed(2), memo: p.memo });
  lines.push(counterLine(p, 'credit', total));
  return lines;
}

/** A purchase return: payable (vendor) or refund account debit; inventory or expense and tax paid credit. */
export function purchaseReturnPosting(p: PurchasePostingInput): PostingLine[] {
  const credits = byAccount(p.lines);
  const tax = new Decimal(p.tax);
  const total = credits.reduce((s, [, v]) => s.plus(v), new Decimal(0)).plus(tax);
  if (total.isZero()) return [];
  const lines: PostingLine[] = [counterLine(p, 'debit', total)];
  for (const [accountId, v] of credits) lines.push({ accountId, credit: v.toFixed(2), memo: p.memo });
  if (!tax.isZero()) lines.push({ accountId: p.taxAccountId, credit: tax.toFixed(2), memo: p.memo });
  return lines;
}
