// Builds a billing organisation fast with set-based SQL through the real tables (their triggers on, so
// the customer search words are filled as the app fills them): N zones, N customers with one house and
// one installed meter each, a residential and a commercial tariff, and one month of readings (one per
// house, period 2025-06). Names, phones, classes and consumptions come from the row number, so a run is
// reproducible. Used by the billing benchmark and by the bill run crash test.
import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { inSystem } from '../../packages/server/src/db/tenant.ts';

export const BENCH_PERIOD = '2025-06';

export interface GeneratedBilling {
  zones: number;
  customers: number;
  houses: number;
  readings: number;
  seconds: number;
}

const FIRST = [
  'Ahmed',
  'Amina',
  'Abdi',
  'Fadumo',
  'Hassan',
  'Hodan',
  'Ismail',
  'Khadra',
  'Mohamed',
  'Nimco',
  'Omar',
  'Sahra',
  'Yusuf',
  'Zahra',
  'Ali',
  'Faisal',
];
const LAST = [
  'Abdullahi',
  'Aden',
  'Ali',
  'Farah',
  'Guled',
  'Hersi',
  'Jama',
  'Mohamud',
  'Nur',
  'Osman',
  'Said',
  'Warsame',
  'Yasin',
  'Egal',
  'Dirie',
  'Samatar',
  'Barre',
];
const arr = (values: string[]) => `{${values.join(',')}}`;

export async function generateBilling(db: Db, opts: { clientId: number; userId: number; customers: number; zones?: number }): Promise<GeneratedBilling> {
  const { clientId, userId, customers } = opts;
  const zoneCount = opts.zones ?? 50;
  const start = process.hrtime.bigint();
  await inSystem(db, async (tx) => {
    const [branch] = await queryRows<{ id: number }>(tx, sql`select id from branches where client_id = ${clientId} order by id limit 1`);
    await tx.execute(sql`
      insert into zones (client_id, name, branch_id)
      select ${clientId}, 'Zone ' || lpad(g::text, 2, '0'), ${branch.id} from generate_series(1, ${zoneCount}) g`);
    // Residential: 2.00 a month, 0-10 units at 0.50, 10-30 at 0.80, above at 1.20; commercial: 5.00 and 1.50 a unit. No tax,
    // so every bill posts two lines (receivable, sales).
    await tx.execute(sql`
      with t as (
        insert into tariffs (client_id, name, customer_class, effective_from, service_charge)
        values (${clientId}, 'Residential 2025', 'residential', '2025-01-01', 2), (${clientId}, 'Commercial 2025', 'commercial', '2025-01-01', 5)
        returning id, customer_class
      )
      insert into tariff_blocks (client_id, tariff_id, position, from_units, to_units, rate)
      select ${clientId}, t.id, b.position, b.from_units, b.to_units, b.rate
      from t join (values ('residential', 1, 0, 10, 0.5), ('residential', 2, 10, 30, 0.8), ('residential', 3, 30, null, 1.2),
                          ('commercial', 1, 0, null, 1.5)) as b(class, position, from_units, to_units, rate)
        on b.class = t.customer_class`);
    await tx.execute(sql`
      insert into customers (client_id, customer_no, name, phone, customer_class, created_by)
      select ${clientId}, 'C-' || lpad(g::text, 6, '0'),
             (${arr(FIRST)}::text[])[1 + g % ${FIRST.length}] || ' ' || (${arr(LAST)}::text[])[1 + (g / ${FIRST.length}) % ${LAST.length}]
               || ' ' || (${arr(LAST)}::text[])[1 + (g * 7) % ${LAST.length}],
             '061' || lpad(((g::bigint * 7919) % 10000000)::text, 7, '0'),
             case when g % 10 = 0 then 'commercial' else 'residential' end, ${userId}
      from generate_series(1, ${customers}) g`);
    await tx.execute(sql`
      insert into billing_counters (client_id, series, next_no) values (${clientId}, 'C', ${customers + 1})
      on conflict (client_id, series) do update set next_no = excluded.next_no`);
    await tx.execute(sql`
      with z as (select array_agg(id order by id) as ids from zones where client_id = ${clientId})
      insert into houses (client_id, customer_id, zone_id, house_no, address)
      select ${clientId}, c.id, z.ids[1 + (c.id % array_length(z.ids, 1))], 'H-' || substr(c.customer_no, 3), 'Street ' || (c.id % 400 + 1)
      from customers c cross join z where c.client_id = ${clientId}`);
    await tx.execute(sql`
      insert into meters (client_id, house_id, meter_no, digits, initial_reading, installed_on, created_by)
      select ${clientId}, h.id, 'M' || lpad(h.id::text, 8, '0'), 6, (h.id * 37) % 5000, '2025-01-01', ${userId}
      from houses h where h.client_id = ${clientId}`);
    // 1 to 60 units (a few zero-free, spike-free regular readings).
    await tx.execute(sql`
      insert into meter_readings (client_id, house_id, meter_id, period, reading_date, type, previous_reading, previous_date,
                                  current_reading, consumption, created_by)
      select ${clientId}, m.house_id, m.id, ${BENCH_PERIOD}, ${`${BENCH_PERIOD}-28`}::date, 'regular', m.initial_reading, m.installed_on,
             m.initial_reading + u.units, u.units, ${userId}
      from meters m cross join lateral (select (1 + (m.id::bigint * 7919) % 60)::numeric as units) u
      where m.client_id = ${clientId}`);
  });
  // Vacuumed as well as analyzed, as a live installation's autovacuum (PostgreSQL) or maintenance round
  // (PGlite) leaves them: without the visibility map the search's covering index reads the table too.
  for (const table of ['customers', 'customer_search_words', 'houses', 'meters', 'meter_readings', 'zones', 'tariffs']) {
    await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const [counts] = await inSystem(db, (tx) =>
    queryRows<{ zones: number; customers: number; houses: number; readings: number }>(
      tx,
      sql`
      select (select count(*)::int from zones where client_id = ${clientId}) as zones,
             (select count(*)::int from customers where client_id = ${clientId}) as customers,
             (select count(*)::int from houses where client_id = ${clientId}) as houses,
             (select count(*)::int from meter_readings where client_id = ${clientId}) as readings`,
    ),
  );
  return { ...counts, seconds };
}
