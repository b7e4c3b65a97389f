// The ledger impact of paying an approved request: the expense (or, for a cash advance, the advance or
// receivable account) up on the debit side, money out of the paying cash, bank or mobile-money account on
// the credit side. Pure: no database.
import type { PostingLine } from '../../ledger/index.ts';

export const REQUEST_PAYMENT_SOURCE_TYPE = 'request-payment';

export function requestPaymentPosting(p: { accountId: number; debitAccountId: number; amount: string; memo?: string | null }): PostingLine[] {
  return [
    { accountId: p.debitAccountId, debit: p.amount, memo: p.memo ?? null },
    { accountId: p.accountId, credit: p.amount, memo: p.memo ?? null },
  ];
}
