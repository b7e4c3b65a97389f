// The issue's yardstick, as literally as it is written: bills, journal entries and two lines each for
// every reading of the period, set-based, in one transaction, into plain (logged) tables with a primary
// key and nothing else (no other index, no trigger, no row-level security, no foreign key), amounts
// priced in SQL. What it leaves out and the app must do: bill lines, readings marked billed, daily and
// customer balances, gapless numbers, and every check. Timed to its commit; the caller drops the tables
// (dropPlainTables) after reading the run's database work.
import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { inSystem } from '../../packages/server/src/db/tenant.ts';

export async function plainBillRun(db: Db, opts: { clientId: number; period: string }): Promise<{ ms: number; bills: number }> {
  await inSystem(db, async (tx) => {
    await tx.execute(
      sql`create table bench_plain_bills (id bigint primary key, customer_id int, house_id int, period text, consumption numeric, amount numeric, entry_id bigint)`,
    );
    await tx.execute(sql`create table bench_plain_entries (id bigint primary key, date date, reference text, total numeric)`);
    await tx.execute(
      sql`create table bench_plain_lines (id bigserial primary key, entry_id bigint, account_id int, debit numeric, credit numeric, party_id int)`,
    );
  });
  try {
    const start = process.hrtime.bigint();
    const [row] = await inSystem(db, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`
        with src as (
          select row_number() over (order by r.house_id) as k, r.house_id, h.customer_id, r.consumption,
                 2 + r.consumption * 0.8 as amount
          from meter_readings r join houses h on h.client_id = r.client_id and h.id = r.house_id
          where r.client_id = ${opts.clientId} and r.period = ${opts.period} and r.billed_bill_id is null
        ), e as (
          insert into bench_plain_entries (id, date, reference, total) select k, ${`${opts.period}-28`}::date, 'B-' || k, amount from src returning id
        ), l as (
          insert into bench_plain_lines (entry_id, account_id, debit, credit, party_id)
          select k, 1, amount, 0, customer_id from src union all select k, 2, 0, amount, null from src returning 1
        ), b as (
          insert into bench_plain_bills (id, customer_id, house_id, period, consumption, amount, entry_id)
          select k, customer_id, house_id, ${opts.period}, consumption, amount, k from src returning 1
        )
        select (select count(*) from b)::int + 0 * (select count(*) from e) + 0 * (select count(*) from l) as n`,
      ),
    );
    // Committed, as the app's save is.
    return { ms: Number(process.hrtime.bigint() - start) / 1e6, bills: row.n };
  } catch (err) {
    await dropPlainTables(db);
    throw err;
  }
}

/**
 * Drops the yardstick's tables; called once its database work has been read (PostgreSQL adds a table's
 * buffer counts to the database's when the backend reports them, and drops them with the table).
 */
export function dropPlainTables(db: Db): Promise<unknown> {
  return inSystem(db, (tx) => tx.execute(sql`drop table bench_plain_bills, bench_plain_entries, bench_plain_lines`));
}
