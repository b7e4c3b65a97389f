// Failure counters for sign-in and password checks (table login_throttle), one row per key: a user name
// in an organisation, a client address, a known device, a signed-in user's password check. Failures count
// in a 15-minute window; from the key's limit on, each further failure locks the key for twice as long as
// the one before (30 s, 1 min, 2 min, ... at most 15 minutes), so a burst is slowed at once and a
// forgotten password costs a short wait, not a quarter of an hour.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const WINDOW = sql`interval '15 minutes'`;
/** Seconds of the first lock; doubled per further failure. */
const FIRST_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;

/** Whole seconds until every given key is free again (0 when none is locked). */
export async function lockedFor(db: Db, keys: string[]): Promise<number> {
  const [row] = await queryRows<{ wait: number | null }>(
    db,
    sql`
    select ceil(extract(epoch from max(locked_until) - now()))::int as wait
    from login_throttle where key in ${keys} and locked_until > now()`,
  );
  return Math.max(0, row?.wait ?? 0);
}

/** Counts one failure against key; returns the seconds it is now locked for (0 below the limit). */
export async function recordFailure(db: Db, key: string, limit: number): Promise<number> {
  const [row] = await queryRows<{ wait: number | null }>(
    db,
    sql`
    with next as (
      select case when t.window_start < now() - ${WINDOW} and coalesce(t.locked_until, '-infinity') < now()
                  then 1 else t.failures + 1 end as failures,
             t.window_start < now() - ${WINDOW} and coalesce(t.locked_until, '-infinity') < now() as fresh
      from login_throttle t where t.key = ${key}
    )
    insert into login_throttle (key, failures, window_start, locked_until)
    values (${key}, 1, now(), case when 1 >= ${limit} then now() + make_interval(secs => ${FIRST_LOCK_SECONDS}) end)
    on conflict (key) do update set
      failures = (select failures from next),
      window_start = case when (select fresh from next) then now() else login_throttle.window_start end,
      locked_until = case when (select failures from next) >= ${limit}
        then now() + make_interval(secs => least(${MAX_LOCK_SECONDS}, ${FIRST_LOCK_SECONDS} * power(2, least(20, (select failures from next) - ${limit}))))
        else login_throttle.locked_until end
    returning ceil(extract(epoch from locked_until - now()))::int as wait`,
  );
  return Math.max(0, row?.wait ?? 0);
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  await db.execute(sql`delete from login_throttle where key in ${keys}`);
}
