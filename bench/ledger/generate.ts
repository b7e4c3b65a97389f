// Builds a benchmark organisation fast with set-based SQL: the default chart plus 140 accounts (200 in
// all), then N journal lines over two years (2024-2025) in one transaction through the real tables:
// entries with generate_series, their lines with one INSERT ... SELECT, the JV counter, and the daily
// balances with one INSERT ... SELECT ... GROUP BY (and the monthly ones from them), exactly as postJournal
// would have left them. Entry
// kinds (sales, expenses, receipts, four-line entries) and amounts come from the entry number, so a run
// is reproducible. The row triggers (balance check per line at commit, lock date per line) are
// switched off for the load when the role may (superuser), and the ledger self-check afterwards proves
// the loaded books satisfy what they check.
import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { inSystem } from '../../packages/server/src/db/tenant.ts';

export interface GeneratedBooks {
  accounts: number;
  entries: number;
  lines: number;
  dailyBalances: number;
  seconds: number;
  triggersDuringLoad: 'off (replica role)' | 'on';
}

/** Lines per entry: kinds 0-7 of every ten have two lines, kinds 8 and 9 have four (2.4 on average). */
export const entriesFor = (lines: number) => Math.max(1, Math.round(lines / 2.4));

// Deterministic pseudo-random parts of entry i (bench text, no input: safe to inline).
const kind = sql.raw('(i % 10)');
const x = sql.raw('(((i::bigint * 7919 + 13) % 99900 + 100)::numeric / 100)');
const y = sql.raw('(((i::bigint * 104729 + 7) % 49900 + 100)::numeric / 100)');
// Skewed like a utility's books: a third of the picks go to the pool's first account (the main cash
// account, customer receivables, water sales, ...), the rest spread over the whole pool.
const pick = (pool: string, salt: number) =>
  sql.raw(`p.${pool}[case when (i::bigint * ${salt}) % 3 = 0 then 1 else 1 + ((i::bigint * ${salt} + ${salt * 3}) % array_length(p.${pool}, 1))::int end]`);

async function addAccounts(tx: Db, clientId: number): Promise<void> {
  const groups: Array<[number, number, string, string, string]> = [
    [1600, 20, 'asset', 'bank', 'Bank'],
    [1700, 20, 'asset', 'receivable', 'Receivable'],
    [2600, 20, 'liability', 'payable', 'Payable'],
    [4600, 40, 'income', 'revenue', 'Revenue'],
    [6600, 40, 'expense', 'operating_expense', 'Expense'],
  ];
  for (const [base, count, type, subtype, label] of groups) {
    await tx.execute(sql`
      insert into accounts (client_id, code, name_en, name_so, type, subtype)
      select ${clientId}, (${base} + g)::text, ${label} || ' ' || g, ${label} || ' ' || g, ${type}, ${subtype}
      from generate_series(1, ${count}) g
      on conflict (client_id, code) do nothing`);
  }
}

export async function generateBooks(db: Db, opts: { clientId: number; userId: number; lines: number; keepTriggers?: boolean }): Promise<GeneratedBooks> {
  const { clientId, userId } = opts;
  const entries = entriesFor(opts.lines);
  const start = process.hrtime.bigint();
  let triggersDuringLoad: GeneratedBooks['triggersDuringLoad'] = 'on';
  await inSystem(db, async (tx) => {
    const [role] = await queryRows<{ rolsuper: boolean }>(tx, sql`select rolsuper from pg_roles where rolname = current_user`);
    if (role?.rolsuper && !opts.keepTriggers) {
      await tx.execute(sql`set local session_replication_role = replica`);
      triggersDuringLoad = 'off (replica role)';
    }
    await addAccounts(tx, clientId);
    await tx.execute(sql`
      insert into journal_entries (client_id, series, entry_no, date, reference, memo, source_type, user_id, total)
      select ${clientId}, 'JV', i, date '2024-01-01' + ((i - 1)::bigint * 731 / ${entries}::bigint)::int, 'BENCH-' || i, 'Generated entry ' || i,
             'journal', ${userId}, case when ${kind} >= 8 then ${x} + ${y} else ${x} end
      from generate_series(1, ${entries}) i`);
    await tx.execute(sql`
      with p as (
        select (select array_agg(id order by id) from accounts where client_id = ${clientId} and subtype in ('cash', 'bank', 'mobile_money')) as cash,
               (select array_agg(id order by id) from accounts where client_id = ${clientId} and subtype = 'receivable') as recv,
               (select array_agg(id order by id) from accounts where client_id = ${clientId} and type = 'income') as inc,
               (select array_agg(id order by id) from accounts where client_id = ${clientId} and type = 'expense') as exp,
               (select array_agg(id order by id) from accounts where client_id = ${clientId} and type = 'liability') as liab
      ), e as (
        select id, entry_no as i, date from journal_entries where client_id = ${clientId} and series = 'JV'
      )
      insert into journal_lines (client_id, entry_id, account_id, debit, credit, date)
      select ${clientId}, e.id, l.account_id, l.debit, l.credit, e.date
      from e cross join p cross join lateral (
        select * from (values
          -- 0-3 sale (receivable or cash / income), 4-6 expense (expense / cash or payable), 7 receipt (cash / receivable),
          -- 8 two expenses paid by cash and on credit, 9 a sale paid partly in cash.
          (1, case when ${kind} <= 1 then ${pick('recv', 31)} when ${kind} <= 3 then ${pick('cash', 37)} when ${kind} <= 6 then ${pick('exp', 41)}
                   when ${kind} = 7 then ${pick('cash', 43)} when ${kind} = 8 then ${pick('exp', 47)} else ${pick('recv', 53)} end, ${x}, 0::numeric),
          (2, case when ${kind} <= 3 then ${pick('inc', 59)} when ${kind} <= 5 then ${pick('cash', 61)} when ${kind} = 6 then ${pick('liab', 67)}
                   when ${kind} = 7 then ${pick('recv', 71)} when ${kind} = 8 then ${pick('cash', 73)} else ${pick('inc', 79)} end, 0::numeric, ${x}),
          (3, case when ${kind} = 8 then ${pick('exp', 83)} else ${pick('cash', 89)} end, ${y}, 0::numeric),
          (4, case when ${kind} = 8 then ${pick('liab', 97)} else ${pick('inc', 101)} end, 0::numeric, ${y})
        ) v(n, account_id, debit, credit)
        where v.n <= case when ${kind} >= 8 then 4 else 2 end
      ) l`);
    await tx.execute(sql`
      insert into document_counters (client_id, series, next_no) values (${clientId}, 'JV', ${entries + 1})
      on conflict (client_id, series) do update set next_no = excluded.next_no`);
    // The lines' trigger keeps the daily and monthly balances; with the triggers off for the load, here.
    if (triggersDuringLoad !== 'on') {
      await tx.execute(sql`
        insert into account_daily_balances (client_id, account_id, date, debit, credit, line_count)
        select client_id, account_id, date, sum(debit), sum(credit), count(*)
        from journal_lines where client_id = ${clientId}
        group by client_id, account_id, date`);
      await tx.execute(sql`
        insert into account_monthly_balances (client_id, account_id, month, debit, credit, line_count)
        select client_id, account_id, date_trunc('month', date)::date, sum(debit), sum(credit), sum(line_count)
        from account_daily_balances where client_id = ${clientId}
        group by 1, 2, 3`);
    }
  });
  await db.execute(sql`analyze accounts`);
  await db.execute(sql`analyze journal_entries`);
  await db.execute(sql`analyze journal_lines`);
  await db.execute(sql`analyze account_daily_balances`);
  await db.execute(sql`analyze account_monthly_balances`);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const [counts] = await inSystem(db, (tx) =>
    queryRows<{ accounts: number; entries: number; lines: number; balances: number }>(
      tx,
      sql`
      select (select count(*)::int from accounts where client_id = ${clientId}) as accounts,
             (select count(*)::int from journal_entries where client_id = ${clientId}) as entries,
             (select count(*)::int from journal_lines where client_id = ${clientId}) as lines,
             (select count(*)::int from account_daily_balances where client_id = ${clientId}) as balances`,
    ),
  );
  return { accounts: counts.accounts, entries: counts.entries, lines: counts.lines, dailyBalances: counts.balances, seconds, triggersDuringLoad };
}
