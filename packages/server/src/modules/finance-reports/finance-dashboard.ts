// The finance panels of the dashboard, at the business date (the database's current_date):
// GET /api/finance/dashboard/cash: the balance of every active cash, bank and mobile money account at
// the end of today, by kind and in all (monthly and daily balances, ledger balanceSums);
// GET /api/finance/dashboard/income-expense: income and expenses per month over the last twelve months
// (incomeExpenseByMonth, closing entries left out as in the income statement) and the year to date with
// its five largest expense accounts (the income statement of the year).
import { sql } from 'drizzle-orm';
import type { AccountSubtype, AccountType, CashPosition, IncomeExpenseSummary, Lang } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { balanceSums, Decimal, money, naturalBalance } from '../../ledger/index.ts';
import { incomeStatement } from '../finance/index.ts';
import { CASH_SUBTYPES } from './cash-flow.ts';
import { incomeExpenseByMonth } from './income-expense-months.ts';
import { nameIn } from './labels.ts';

const TOP_EXPENSES = 5;

async function businessDate(tx: Db): Promise<string> {
  const [row] = await queryRows<{ today: string }>(tx, sql`select current_date::text as today`);
  return row.today;
}

export async function cashPosition(opts: { tx: Db; clientId: number; lang: Lang }): Promise<CashPosition> {
  const { tx, clientId, lang } = opts;
  const date = await businessDate(tx);
  const rows = await queryRows<{
    id: number;
    code: string;
    name_en: string;
    name_so: string;
    type: AccountType;
    subtype: AccountSubtype;
    debit: string | null;
    credit: string | null;
  }>(
    tx,
    sql`
    select a.id, a.code, a.name_en, a.name_so, a.type, a.subtype, b.debit, b.credit
    from accounts a
    left join ${balanceSums(clientId, { to: date })} b on b.account_id = a.id
    where a.client_id = ${clientId} and a.type = 'asset' and a.subtype = any(${`{${CASH_SUBTYPES.join(',')}}`}::text[])
      and (a.status = 'Active' or b.debit <> b.credit)
    order by a.code`,
  );
  const bySubtype = new Map<AccountSubtype, Decimal>(CASH_SUBTYPES.map((s) => [s, new Decimal(0)]));
  let total = new Decimal(0);
  const accounts = rows.map((r) => {
    const balance = naturalBalance(r.type, r.debit ?? '0', r.credit ?? '0');
    bySubtype.set(r.subtype, (bySubtype.get(r.subtype) ?? new Decimal(0)).plus(balance));
    total = total.plus(balance);
    return { accountId: Number(r.id), code: r.code, name: nameIn(r, lang), subtype: r.subtype, balance: money(balance) };
  });
  return {
    date,
    accounts,
    bySubtype: [...bySubtype].map(([subtype, balance]) => ({ subtype, balance: money(balance) })),
    total: money(total),
  };
}

/** The twelve months ending with date's month, oldest first ('YYYY-MM'). */
export function lastTwelveMonths(date: string): string[] {
  const [y, m] = date.split('-').map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const index = y * 12 + (m - 1) - (11 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

export async function incomeExpenseSummary(opts: { tx: Db; clientId: number; lang: Lang }): Promise<IncomeExpenseSummary> {
  const { tx, clientId, lang } = opts;
  const date = await businessDate(tx);
  const months = lastTwelveMonths(date);
  const perAccount = await incomeExpenseByMonth({ tx, clientId, startDate: `${months[0]}-01`, endDate: date, types: ['income', 'expense'] });
  const totals = new Map(months.map((month) => [month, { income: new Decimal(0), expenses: new Decimal(0) }]));
  for (const row of perAccount) {
    const month = totals.get(row.month);
    if (!month) continue;
    if (row.type === 'income') month.income = month.income.plus(row.amount);
    else month.expenses = month.expenses.plus(row.amount);
  }
  const year = Number(date.slice(0, 4));
  const startDate = `${year}-01-01`;
  const statement = await incomeStatement({ tx, clientId, lang, query: { startDate, endDate: date } });
  const topExpenses = [...statement.expenses]
    .filter((e) => e.accountId !== null && new Decimal(e.amount).gt(0))
    .sort((a, b) => new Decimal(b.amount).comparedTo(a.amount) || a.code.localeCompare(b.code))
    .slice(0, TOP_EXPENSES)
    .map((e) => ({ accountId: e.accountId as number, code: e.code, name: e.name, amount: e.amount }));
  return {
    date,
    months: months.map((month) => {
      const t = totals.get(month) as { income: Decimal; expenses: Decimal };
      return { month, income: money(t.income), expenses: money(t.expenses), net: money(t.income.minus(t.expenses)) };
    }),
    year: { year, startDate, income: statement.totals.income, expenses: statement.totals.expenses, net: statement.netIncome },
    topExpenses,
  };
}
