// What a year-end closing works from: the income and expense accounts' balances at the end of the
// period (cumulative, from the daily balances) and the preview of the entry a closing would post.
import { sql } from 'drizzle-orm';
import type { ClosingPreview, Lang } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { money } from '../../ledger/index.ts';
import { type ClosingBalance, closingPosting } from './treasury.posting.ts';

export interface BalanceRow {
  id: number;
  code: string;
  name_en: string;
  name_so: string;
  type: 'income' | 'expense';
  status: string;
  debit: string;
  credit: string;
}

/** Income and expense accounts with a balance at the end of periodEnd (from the daily balances). */
export async function readClosingBalances(tx: Db, clientId: number, periodEnd: string): Promise<BalanceRow[]> {
  return queryRows<BalanceRow>(
    tx,
    sql`
    select a.id, a.code, a.name_en, a.name_so, a.type, a.status, sum(b.debit) as debit, sum(b.credit) as credit
    from account_daily_balances b
    join accounts a on a.client_id = b.client_id and a.id = b.account_id
    where b.client_id = ${clientId} and b.date <= ${periodEnd}::date and a.type in ('income', 'expense')
    group by a.id, a.code, a.name_en, a.name_so, a.type, a.status
    having sum(b.debit) <> sum(b.credit)
    order by a.code`,
  );
}

export const toBalances = (rows: BalanceRow[]): ClosingBalance[] =>
  rows.map((r) => ({ accountId: Number(r.id), type: r.type, debit: r.debit, credit: r.credit }));

/** The day after a date (YYYY-MM-DD). */
export function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** What closing up to periodEnd would post now (GET /api/finance/closing?periodEnd=). */
export async function previewClosing(opts: { tx: Db; clientId: number; lang: Lang; periodEnd: string; lockDate: string | null }): Promise<ClosingPreview> {
  const { tx, clientId, lang, periodEnd, lockDate } = opts;
  const rows = await readClosingBalances(tx, clientId, periodEnd);
  const plan = closingPosting(toBalances(rows), 0);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return {
    periodStart: lockDate === null ? null : dayAfter(lockDate),
    periodEnd,
    lines: plan.amounts.map(({ accountId, amount }) => {
      const r = byId.get(accountId) as BalanceRow;
      return { account: { id: accountId, code: r.code, name: lang === 'so' ? r.name_so : r.name_en, type: r.type }, amount: money(amount) };
    }),
    totals: { income: money(plan.income), expenses: money(plan.expenses) },
    netIncome: money(plan.netIncome),
  };
}
