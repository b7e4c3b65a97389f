// GET /api/finance/budgets?year: the year's budget as a grid, one row per budgeted account with its twelve
// monthly amounts, and monthly totals of income and of expenses.
import { sql } from 'drizzle-orm';
import type { AccountSubtype, AccountType, BudgetRow, BudgetSheet, Lang } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, money } from '../../ledger/index.ts';
import { nameIn } from './labels.ts';

interface Row {
  account_id: number;
  code: string;
  name_en: string;
  name_so: string;
  type: AccountType;
  subtype: AccountSubtype;
  month: number;
  amount: string;
}

const twelve = () => Array.from({ length: 12 }, () => new Decimal(0));
const sum = (values: Decimal[]) => values.reduce((a, b) => a.plus(b), new Decimal(0));

export async function getBudgetSheet(opts: { tx: Db; clientId: number; lang: Lang; year: number }): Promise<BudgetSheet> {
  const { tx, clientId, lang, year } = opts;
  const rows = await queryRows<Row>(
    tx,
    sql`
    select b.account_id, a.code, a.name_en, a.name_so, a.type, a.subtype, b.month, b.amount
    from budgets b join accounts a on a.id = b.account_id
    where b.client_id = ${clientId} and a.client_id = ${clientId} and b.year = ${year}
    order by a.code, b.month`,
  );
  const accounts = new Map<number, { row: Row; months: Decimal[] }>();
  const totals = { income: twelve(), expense: twelve() };
  for (const r of rows) {
    const id = Number(r.account_id);
    const a = accounts.get(id) ?? { row: r, months: twelve() };
    a.months[r.month - 1] = new Decimal(r.amount);
    accounts.set(id, a);
    if (r.type === 'income' || r.type === 'expense') totals[r.type][r.month - 1] = totals[r.type][r.month - 1].plus(r.amount);
  }
  const out: BudgetRow[] = [...accounts.entries()].map(([accountId, { row, months }]) => ({
    accountId,
    code: row.code,
    name: nameIn(row, lang),
    type: row.type,
    subtype: row.subtype,
    months: months.map(money),
    total: money(sum(months)),
  }));
  return {
    year,
    rows: out,
    totals: {
      income: { months: totals.income.map(money), total: money(sum(totals.income)) },
      expense: { months: totals.expense.map(money), total: money(sum(totals.expense)) },
    },
  };
}
