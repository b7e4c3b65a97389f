// The treasury documents as debit/credit lines for postJournal: a transfer, a cheque and the year-end
// closing. Pure functions (no database), so the accounting of each document is read and tested here.
import type { PartyType } from '@ubo/contracts';
import { Decimal, dec, money, type PostingLine } from '../../ledger/index.ts';

export const TRANSFER_SOURCE_TYPE = 'transfer';
export const CHEQUE_SOURCE_TYPE = 'cheque';
/** Document counter series of transfer numbers (TR-000001). */
export const TRANSFER_SERIES = 'TR';
/** Document counter series of a bank account's cheque numbers. */
export const chequeSeries = (bankAccountId: number) => `cheque:${bankAccountId}`;

/** Money leaves one account and arrives in the other: debit the receiving account, credit the sending one. */
export function transferPosting(t: { fromAccountId: number; toAccountId: number; amount: string; memo?: string | null }): PostingLine[] {
  return [
    { accountId: t.toAccountId, debit: t.amount, memo: t.memo ?? null },
    { accountId: t.fromAccountId, credit: t.amount, memo: t.memo ?? null },
  ];
}

/**
 * A cheque pays what its lines say (expenses, a vendor's payable, an employee's salary ...): each line
 * is a debit, the bank account is credited with the cheque amount. A known vendor or employee payee is
 * recorded as the party of every debit line, so their statement shows the payment.
 */
export function chequePosting(c: {
  bankAccountId: number;
  amount: string;
  memo?: string | null;
  partyType: PartyType | null;
  partyId: number | null;
  lines: Array<{ accountId: number; amount: string; memo?: string | null }>;
}): PostingLine[] {
  return [
    ...c.lines.map((l) => ({ accountId: l.accountId, debit: l.amount, memo: l.memo ?? c.memo ?? null, partyType: c.partyType, partyId: c.partyId })),
    { accountId: c.bankAccountId, credit: c.amount, memo: c.memo ?? null },
  ];
}

export interface ClosingBalance {
  accountId: number;
  type: 'income' | 'expense';
  /** Sums of the account's debits and credits up to the period end. */
  debit: string;
  credit: string;
}

export interface ClosingPlan {
  lines: PostingLine[];
  /** Per account, the balance moved, in the account's natural sign (income credit, expense debit). */
  amounts: Array<{ accountId: number; amount: Decimal }>;
  income: Decimal;
  expenses: Decimal;
  netIncome: Decimal;
}

/**
 * The closing entry: every income and expense account is brought to zero by the opposite of its
 * balance, and the difference (the period's net income) goes to retained earnings, a credit for a
 * profit, a debit for a loss. No lines when nothing has a balance.
 */
export function closingPosting(balances: ClosingBalance[], retainedEarningsAccountId: number): ClosingPlan {
  const lines: PostingLine[] = [];
  const amounts: ClosingPlan['amounts'] = [];
  let income = new Decimal(0);
  let expenses = new Decimal(0);
  for (const b of balances) {
    const net = dec(b.debit).minus(dec(b.credit));
    if (net.isZero()) continue;
    lines.push(net.gt(0) ? { accountId: b.accountId, credit: money(net) } : { accountId: b.accountId, debit: money(net.negated()) });
    const natural = b.type === 'income' ? net.negated() : net;
    amounts.push({ accountId: b.accountId, amount: natural });
    if (b.type === 'income') income = income.plus(natural);
    else expenses = expenses.plus(natural);
  }
  const netIncome = income.minus(expenses);
  if (netIncome.gt(0)) lines.push({ accountId: retainedEarningsAccountId, credit: money(netIncome) });
  else if (netIncome.lt(0)) lines.push({ accountId: retainedEarningsAccountId, debit: money(netIncome.negated()) });
  return { lines, amounts, income, expenses, netIncome };
}
