// Customer numbers C-000001, C-000002, ... gapless per organisation: the counter row is locked by the
// upsert until the caller's transaction ends and rolls back with it, so a failed create uses no number.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export const CUSTOMER_SERIES = 'C';

export async function nextCustomerNumber(tx: Db, clientId: number): Promise<string> {
  const [row] = await queryRows<{ no: string | number }>(
    tx,
    sql`
    insert into billing_counters (client_id, series, next_no) values (${clientId}, ${CUSTOMER_SERIES}, 2)
    on conflict (client_id, series) do update set next_no = billing_counters.next_no + 1
    returning next_no - 1 as no`,
  );
  return `${CUSTOMER_SERIES}-${String(row.no).padStart(6, '0')}`;
}
