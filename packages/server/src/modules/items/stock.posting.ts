// What stock documents post, as debit/credit lines for postJournal. Pure (no database): the value each
// inventory account gains (+) or loses (-) comes from the stock plan, the other side is the document's.
import { Decimal, type PostingLine } from '../../ledger/index.ts';

export const STOCK_ADJUSTMENT_SOURCE_TYPE = 'stock-adjustment';
export const STOCK_TRANSFER_SOURCE_TYPE = 'stock-transfer';
/** Document counter series: stock adjustments SA-000001, transfers ST-000001. */
export const STOCK_ADJUSTMENT_SERIES = 'SA';
export const STOCK_TRANSFER_SERIES = 'ST';

/**
 * Stock found, counted or brought in as opening stock debits its inventory account; stock lost or
 * damaged credits it. The other side is one line on `contraAccountId` (opening balance equity for
 * opening stock, stock adjustments and losses otherwise) for the net amount. No line for a zero amount:
 * a document whose values net to nothing on every account posts nothing (answers []).
 */
export function stockAdjustmentPosting(byInventoryAccount: Map<number, Decimal>, contraAccountId: number, memo: string | null): PostingLine[] {
  const lines: PostingLine[] = [];
  let net = new Decimal(0);
  for (const [accountId, value] of [...byInventoryAccount.entries()].sort((a, b) => a[0] - b[0])) {
    if (value.isZero()) continue;
    net = net.plus(value);
    lines.push(value.isPositive() ? { accountId, debit: value.toFixed(2), memo } : { accountId, credit: value.negated().toFixed(2), memo });
  }
  if (lines.length === 0) return [];
  if (!net.isZero())
    lines.push(
      net.isPositive() ? { accountId: contraAccountId, credit: net.toFixed(2), memo } : { accountId: contraAccountId, debit: net.negated().toFixed(2), memo },
    );
  return lines;
}
