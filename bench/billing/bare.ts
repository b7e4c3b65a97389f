// The yardstick for the bill run save: the same writes as POST /api/bills/saveCustomersBill for a period
// (run row, gapless bill and JV numbers, bills, their priced lines, journal entries with two lines each
// and their balances (kept by the lines' trigger, as for the app), readings marked billed) as bare
// set-based SQL in one tenant transaction, with the same tables, constraints and triggers, and no application code: the pricing is done in SQL. The
// deferred checks (entry balance, customer credit) are fired with SET CONSTRAINTS ALL IMMEDIATE, then
// everything is rolled back, so the real run bills the same readings afterwards.
import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { inTenant } from '../../packages/server/src/db/tenant.ts';
import { billDates, periodEnd } from '../../packages/server/src/modules/bills/index.ts';

class RollBack extends Error {}

export async function bareBillRun(db: Db, opts: { clientId: number; userId: number; period: string }): Promise<{ ms: number; bills: number }> {
  const { clientId, userId, period } = opts;
  const { billDate, dueDate } = billDates(periodEnd(period));
  let bills = 0;
  const start = process.hrtime.bigint();
  let ms = 0;
  try {
    await inTenant(db, clientId, async (tx) => {
      const [acc] = await queryRows<{ receivable: number; sales: number; n: number }>(
        tx,
        sql`
        select (select id from accounts where client_id = ${clientId} and code = '1100') as receivable,
               (select id from accounts where client_id = ${clientId} and code = '4020') as sales,
               (select count(*)::int from meter_readings where client_id = ${clientId} and period = ${period} and billed_bill_id is null) as n`,
      );
      const [numbers] = await queryRows<{ bill: string; jv: string; run: string }>(
        tx,
        sql`
        with b as (
          insert into document_counters (client_id, series, next_no) values (${clientId}, 'bill', ${acc.n + 1})
          on conflict (client_id, series) do update set next_no = document_counters.next_no + ${acc.n} returning next_no - ${acc.n} as first
        ), j as (
          insert into document_counters (client_id, series, next_no) values (${clientId}, 'JV', ${acc.n + 1})
          on conflict (client_id, series) do update set next_no = document_counters.next_no + ${acc.n} returning next_no - ${acc.n} as first
        ), r as (
          insert into bill_runs (client_id, period, service, bill_count, total, created_by) values (${clientId}, ${period}, 'electricity', ${acc.n}, 0, ${userId})
          returning id
        )
        select b.first::text as bill, j.first::text as jv, r.id::text as run from b, j, r`,
      );
      const [done] = await queryRows<{ n: number }>(
        tx,
        sql`
        with src as (
          select r.id as reading_id, r.house_id, h.customer_id, h.zone_id, r.meter_id, t.id as tariff_id, t.service_charge,
                 r.previous_reading, r.current_reading, r.consumption,
                 coalesce(bal.amount, 0) as previous_balance,
                 row_number() over (order by h.zone_id, h.id) - 1 as k,
                 nextval(pg_get_serial_sequence('bills', 'id')) as bill_id
          from meter_readings r
          join houses h on h.client_id = r.client_id and h.id = r.house_id
          join customers c on c.client_id = h.client_id and c.id = h.customer_id
          join tariffs t on t.client_id = r.client_id and t.customer_class = coalesce(h.tariff_class, c.customer_class) and t.zone_id is null
            and t.effective_from <= ${billDate}::date and (t.effective_to is null or t.effective_to >= ${billDate}::date)
          left join (
            select l.party_id, sum(l.debit - l.credit) as amount from journal_lines l
            where l.client_id = ${clientId} and l.party_type = 'customer' and l.account_id = ${acc.receivable} group by l.party_id
          ) bal on bal.party_id = h.customer_id
          where r.client_id = ${clientId} and r.period = ${period} and r.billed_bill_id is null and h.status = 'Connected'
        ),
        blocks as (
          select src.bill_id, b.position, b.from_units, b.to_units, b.rate,
                 least(src.consumption, coalesce(b.to_units, src.consumption)) - b.from_units as units
          from src join tariff_blocks b on b.client_id = ${clientId} and b.tariff_id = src.tariff_id and src.consumption > b.from_units
        ),
        block_sums as (
          select bill_id, sum(round(units * rate, 2)) as amount from blocks group by bill_id
        ),
        priced as (
          select src.*, src.service_charge + coalesce(s.amount, 0) as amount
          from src left join block_sums s on s.bill_id = src.bill_id
        ),
        entries as (
          insert into journal_entries (client_id, series, entry_no, date, reference, memo, source_type, source_id, user_id, total)
          select ${clientId}, 'JV', ${numbers.jv}::bigint + k, ${billDate}::date, 'B-' || lpad((${numbers.bill}::bigint + k)::text, 6, '0'),
                 'Bill B-' || lpad((${numbers.bill}::bigint + k)::text, 6, '0') || ' ' || ${period}, 'bill', bill_id, ${userId}, amount
          from priced order by k
          returning id, source_id, total
        ),
        lines as (
          insert into journal_lines (client_id, entry_id, account_id, debit, credit, party_type, party_id, date)
          select ${clientId}, e.id, v.account_id, v.debit, v.credit, v.party_type, v.party_id, ${billDate}::date
          from entries e join priced p on p.bill_id = e.source_id
          cross join lateral (values (${acc.receivable}::int, e.total, 0::numeric, 'customer', p.customer_id),
                                     (${acc.sales}::int, 0::numeric, e.total, null::text, null::int)) v(account_id, debit, credit, party_type, party_id)
          order by e.id
        ),
        inserted_bills as (
          insert into bills (id, client_id, run_id, bill_no, period, service, house_id, customer_id, zone_id, meter_id, tariff_id,
                             previous_reading, current_reading, consumption, subtotal, tax, amount, previous_balance, amount_due,
                             bill_date, due_date, journal_entry_id, created_by)
          select p.bill_id, ${clientId}, ${numbers.run}::bigint, ${numbers.bill}::bigint + p.k, ${period}, 'electricity', p.house_id, p.customer_id,
                 p.zone_id, p.meter_id, p.tariff_id, p.previous_reading, p.current_reading, p.consumption, p.amount, 0, p.amount,
                 p.previous_balance, p.previous_balance + p.amount, ${billDate}::date, ${dueDate}::date, e.id, ${userId}
          from priced p join entries e on e.source_id = p.bill_id
          order by p.k
          returning id
        ),
        inserted_lines as (
          insert into bill_lines (client_id, bill_id, position, kind, block, from_units, to_units, units, rate, amount)
          select ${clientId}::int, p.bill_id, 1, 'service_charge', null::int, null::numeric, null::numeric, null::numeric, null::numeric, p.service_charge
          from priced p where p.service_charge > 0
          union all
          select ${clientId}::int, x.bill_id, 1 + x.position, 'block', x.position, x.from_units, x.to_units, x.units, x.rate, round(x.units * x.rate, 2) from blocks x
        ),
        readings as (
          update meter_readings m set billed_bill_id = p.bill_id, updated_at = now()
          from priced p where m.client_id = ${clientId} and m.id = p.reading_id
        )
        select count(*)::int as n from priced`,
      );
      bills = done.n;
      await tx.execute(sql`set constraints all immediate`);
      ms = Number(process.hrtime.bigint() - start) / 1e6;
      throw new RollBack();
    });
  } catch (err) {
    if (!(err instanceof RollBack)) throw err;
  }
  return { ms, bills };
}
