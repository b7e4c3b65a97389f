// GET /api/finance/reports/budget-vs-actual?year&month?: per income and expense account the budget of the
// year (or of one month), the actual from the ledger (as the income statement counts it), the variance
// (actual - budget) and the variance as a percentage of the budget; totals for income, expenses and net.
import { sql } from 'drizzle-orm';
import type { AccountSubtype, AccountType, BudgetComparison, BudgetVsActual, BudgetVsActualQuery, BudgetVsActualRow, Lang } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { Decimal, money } from '../../ledger/index.ts';
import { incomeExpenseByMonth } from './income-expense-months.ts';
import { nameIn } from './labels.ts';

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

/** Variance as a percentage of the budget, two decimals (half-even); null without a budget. */
export function variancePercent(variance: Decimal, budget: Decimal): string | null {
  if (budget.isZero()) return null;
  return money(variance.times(100).div(budget).toDecimalPlaces(2));
}

function compare(budget: Decimal, actual: Decimal): BudgetComparison {
  const variance = actual.minus(budget);
  return { budget: money(budget), actual: money(actual), variance: money(variance), variancePercent: variancePercent(variance, budget) };
}

interface Line {
  accountId: number;
  code: string;
  name_en: string;
  name_so: string;
  type: 'income' | 'expense';
  subtype: AccountSubtype;
  budget: Decimal;
  actual: Decimal;
}

export async function budgetVsActual(opts: { tx: Db; clientId: number; lang: Lang; query: BudgetVsActualQuery }): Promise<BudgetVsActual> {
  const { tx, clientId, lang, query } = opts;
  const { year } = query;
  const month = query.month ?? null;
  const startDate = `${year}-${pad(month ?? 1)}-01`;
  const endDate = lastDay(year, month ?? 12);

  const budgetRows = await queryRows<{
    id: number;
    code: string;
    name_en: string;
    name_so: string;
    type: AccountType;
    subtype: AccountSubtype;
    amount: string;
  }>(
    tx,
    sql`
    select a.id, a.code, a.name_en, a.name_so, a.type, a.subtype, sum(b.amount) as amount
    from budgets b join accounts a on a.id = b.account_id
    where b.client_id = ${clientId} and a.client_id = ${clientId} and b.year = ${year}
      ${month === null ? sql`` : sql`and b.month = ${month}`} and a.type in ('income', 'expense')
    group by a.id, a.code, a.name_en, a.name_so, a.type, a.subtype`,
  );
  const actuals = await incomeExpenseByMonth({ tx, clientId, startDate, endDate, types: ['income', 'expense'] });

  const lines = new Map<number, Line>();
  const lineOf = (r: { code: string; name_en: string; name_so: string; type: AccountType; subtype: AccountSubtype }, accountId: number) => {
    const cur = lines.get(accountId) ?? {
      accountId,
      code: r.code,
      name_en: r.name_en,
      name_so: r.name_so,
      type: r.type as Line['type'],
      subtype: r.subtype,
      budget: new Decimal(0),
      actual: new Decimal(0),
    };
    lines.set(accountId, cur);
    return cur;
  };
  for (const b of budgetRows) lineOf(b, Number(b.id)).budget = new Decimal(b.amount);
  for (const a of actuals) {
    const line = lineOf(a, a.accountId);
    line.actual = line.actual.plus(a.amount);
  }

  const sections = { income: [] as BudgetVsActualRow[], expense: [] as BudgetVsActualRow[] };
  const totals = { income: { budget: new Decimal(0), actual: new Decimal(0) }, expense: { budget: new Decimal(0), actual: new Decimal(0) } };
  for (const line of [...lines.values()].sort((a, b) => a.code.localeCompare(b.code))) {
    if (line.budget.isZero() && line.actual.isZero()) continue;
    const c = compare(line.budget, line.actual);
    const variance = line.actual.minus(line.budget);
    sections[line.type].push({
      accountId: line.accountId,
      code: line.code,
      name: nameIn(line, lang),
      subtype: line.subtype,
      ...c,
      isFavourable: line.type === 'income' ? variance.gte(0) : variance.lte(0),
    });
    totals[line.type].budget = totals[line.type].budget.plus(line.budget);
    totals[line.type].actual = totals[line.type].actual.plus(line.actual);
  }
  return {
    year,
    month,
    startDate,
    endDate,
    income: sections.income,
    expenses: sections.expense,
    totals: {
      income: compare(totals.income.budget, totals.income.actual),
      expenses: compare(totals.expense.budget, totals.expense.actual),
      net: compare(totals.income.budget.minus(totals.expense.budget), totals.income.actual.minus(totals.expense.actual)),
    },
  };
}
