// Income and expense movements per account per month in the accounts' natural sign, from the monthly
// balances (days from the daily ones where the range cuts a month), less year-end closing entries (which
// empty these accounts into retained earnings and would otherwise wipe out a closed year's figures),
// exactly as the income statement counts them. Read by the revenue report, the budget comparison and the
// finance dashboard.
import { sql } from 'drizzle-orm';
import type { AccountSubtype, AccountType } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { CLOSING_SOURCE_TYPE, type Decimal, monthlySums, naturalBalance } from '../../ledger/index.ts';

export interface AccountMonth {
  accountId: number;
  code: string;
  name_en: string;
  name_so: string;
  type: AccountType;
  subtype: AccountSubtype;
  /** YYYY-MM */
  month: string;
  amount: Decimal;
}

export async function incomeExpenseByMonth(opts: {
  tx: Db;
  clientId: number;
  startDate: string;
  endDate: string;
  types: ReadonlyArray<'income' | 'expense'>;
}): Promise<AccountMonth[]> {
  const { tx, clientId, startDate, endDate } = opts;
  const types = JSON.stringify(opts.types);
  const rows = await queryRows<Omit<AccountMonth, 'amount' | 'accountId'> & { id: number; debit: string; credit: string }>(
    tx,
    sql`
    with wanted as (
      select id from accounts where client_id = ${clientId} and type in (select jsonb_array_elements_text(${types}::jsonb))
    ), period as (
      select account_id, month, debit, credit from ${monthlySums(clientId, { from: startDate, to: endDate }, sql`account_id in (select id from wanted)`)} m
    ), closing as (
      select l.account_id, to_char(e.date, 'YYYY-MM') as month, sum(l.debit) as debit, sum(l.credit) as credit
      from journal_entries e join journal_lines l on l.entry_id = e.id
      where e.client_id = ${clientId} and e.source_type = ${CLOSING_SOURCE_TYPE} and e.date between ${startDate}::date and ${endDate}::date
        and l.account_id in (select id from wanted)
      group by l.account_id, to_char(e.date, 'YYYY-MM')
    )
    select a.id, a.code, a.name_en, a.name_so, a.type, a.subtype, p.month,
           p.debit - coalesce(c.debit, 0) as debit, p.credit - coalesce(c.credit, 0) as credit
    from period p
    join accounts a on a.id = p.account_id
    left join closing c on c.account_id = p.account_id and c.month = p.month
    where a.client_id = ${clientId}
    order by a.code, p.month`,
  );
  // Closing lines are always part of the daily balances of the same day, so period covers closing.
  return rows.map((r) => ({ ...r, accountId: Number(r.id), amount: naturalBalance(r.type, r.debit, r.credit) }));
}
