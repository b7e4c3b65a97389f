// GET /api/finance/incomestatement: income and expense accounts over a period from the monthly and daily
// balances (ledger balanceSums), less year-end closing entries (which empty those accounts into retained
// earnings and would otherwise make a closed year show no result).
import { type SQL, sql } from 'drizzle-orm';
import type { AccountSubtype, AccountType, IncomeStatement, IncomeStatementQuery, Lang, StatementRow } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { balanceSums, CLOSING_SOURCE_TYPE, Decimal, money, naturalBalance } from '../../ledger/index.ts';
import { accountName } from './list-accounts.ts';

interface Row {
  id: number;
  code: string;
  name_en: string;
  name_so: string;
  type: AccountType;
  subtype: AccountSubtype;
  parent_id: number | null;
  debit: string;
  credit: string;
}

export async function incomeStatement(opts: { tx: Db; clientId: number; lang: Lang; query: IncomeStatementQuery }): Promise<IncomeStatement> {
  const { tx, clientId, lang, query } = opts;
  const range = (column: SQL) =>
    sql`${query.startDate ? sql`and ${column} >= ${query.startDate}::date` : sql``} ${query.endDate ? sql`and ${column} <= ${query.endDate}::date` : sql``}`;
  const rows = await queryRows<Row>(
    tx,
    sql`
    with period as (
      select account_id, debit, credit from ${balanceSums(clientId, { from: query.startDate, to: query.endDate })} b
    ), closing as (
      select l.account_id, sum(l.debit) as debit, sum(l.credit) as credit
      from journal_entries e join journal_lines l on l.entry_id = e.id
      where e.client_id = ${clientId} and e.source_type = ${CLOSING_SOURCE_TYPE} ${range(sql`e.date`)}
      group by l.account_id
    )
    select a.id, a.code, a.name_en, a.name_so, a.type, a.subtype, a.parent_id,
           coalesce(p.debit, 0) - coalesce(c.debit, 0) as debit, coalesce(p.credit, 0) - coalesce(c.credit, 0) as credit
    from accounts a
    left join period p on p.account_id = a.id
    left join closing c on c.account_id = a.id
    where a.client_id = ${clientId} and a.type in ('income', 'expense') and (p.account_id is not null or c.account_id is not null)
    order by a.code`,
  );

  const income: StatementRow[] = [];
  const expenses: StatementRow[] = [];
  let totalIncome = new Decimal(0);
  let totalExpenses = new Decimal(0);
  for (const row of rows) {
    const amount = naturalBalance(row.type, row.debit, row.credit);
    if (amount.isZero()) continue;
    const line = { accountId: row.id, code: row.code, name: accountName(row, lang), subtype: row.subtype, parentId: row.parent_id, amount: money(amount) };
    if (row.type === 'income') {
      income.push(line);
      totalIncome = totalIncome.plus(amount);
    } else {
      expenses.push(line);
      totalExpenses = totalExpenses.plus(amount);
    }
  }
  return {
    startDate: query.startDate ?? null,
    endDate: query.endDate ?? null,
    income,
    expenses,
    totals: { income: money(totalIncome), expenses: money(totalExpenses) },
    netIncome: money(totalIncome.minus(totalExpenses)),
  };
}
