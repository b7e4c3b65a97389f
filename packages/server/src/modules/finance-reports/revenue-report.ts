// GET /api/finance/reports/revenue: income accounts by month, from the daily balances (closing entries
// left out, as in the income statement). groupBy=account: a row per income account with a column per
// month; groupBy=month: a row per month with a column per income account. Totals per row and column.
import type { Lang, RevenueColumn, RevenueReport, RevenueReportQuery, RevenueRow } from '@ubo/contracts';
import { monthsBetween } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { Decimal, money } from '../../ledger/index.ts';
import { incomeExpenseByMonth } from './income-expense-months.ts';
import { nameIn } from './labels.ts';

export async function revenueReport(opts: { tx: Db; clientId: number; lang: Lang; query: RevenueReportQuery }): Promise<RevenueReport> {
  const { tx, clientId, lang, query } = opts;
  const months = monthsBetween(query.startDate, query.endDate);
  const cells = await incomeExpenseByMonth({ tx, clientId, startDate: query.startDate, endDate: query.endDate, types: ['income'] });

  // Accounts in code order (the query's order), each with an amount per month.
  const accounts = new Map<number, { code: string; name: string; amounts: Map<string, Decimal> }>();
  for (const c of cells) {
    const a = accounts.get(c.accountId) ?? { code: c.code, name: nameIn(c, lang), amounts: new Map<string, Decimal>() };
    a.amounts.set(c.month, (a.amounts.get(c.month) ?? new Decimal(0)).plus(c.amount));
    accounts.set(c.accountId, a);
  }
  for (const [id, a] of accounts) if ([...a.amounts.values()].every((v) => v.isZero())) accounts.delete(id);
  const amount = (accountId: number, month: string) => accounts.get(accountId)?.amounts.get(month) ?? new Decimal(0);
  const sum = (values: Decimal[]) => values.reduce((x, y) => x.plus(y), new Decimal(0));

  const accountIds = [...accounts.keys()];
  const monthColumn = (m: string): RevenueColumn => ({ key: m, label: m, accountId: null, code: null, month: m });
  const accountColumn = (id: number): RevenueColumn => {
    const a = accounts.get(id)!;
    return { key: String(id), label: `${a.code} ${a.name}`, accountId: id, code: a.code, month: null };
  };

  let columns: RevenueColumn[];
  let rows: RevenueRow[];
  if (query.groupBy === 'account') {
    columns = months.map(monthColumn);
    rows = accountIds.map((id) => {
      const values = months.map((m) => amount(id, m));
      const a = accounts.get(id)!;
      return { key: String(id), label: a.name, accountId: id, code: a.code, month: null, amounts: values.map(money), total: money(sum(values)) };
    });
  } else {
    columns = accountIds.map(accountColumn);
    rows = months.map((m) => {
      const values = accountIds.map((id) => amount(id, m));
      return { key: m, label: m, accountId: null, code: null, month: m, amounts: values.map(money), total: money(sum(values)) };
    });
  }
  const columnTotals =
    query.groupBy === 'account' ? months.map((m) => sum(accountIds.map((id) => amount(id, m)))) : accountIds.map((id) => sum(months.map((m) => amount(id, m))));
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    groupBy: query.groupBy,
    columns,
    rows,
    totals: { amounts: columnTotals.map(money), total: money(sum(columnTotals)) },
  };
}
