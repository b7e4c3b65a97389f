// Row count and content hash of every table in the public schema, read as the owner past row-level
// security: the walkers take one before and one after their requests to prove nothing was written.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';

export async function tableSnapshot(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; h: string }>(
      db,
      // The installation's periodic jobs (the SMS dispatcher) keep their own bookkeeping on their timer.
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.identifier(name)} t
          ${name === 'jobs' ? sql`where t.client_id is not null` : sql``}`,
    );
    out[name] = `${row.n} rows, ${row.h}`;
  }
  return out;
}
