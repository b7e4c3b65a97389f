// The organisation's name, for the subtitle of an exported report.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export async function organisationName(tx: Db, clientId: number): Promise<string> {
  const [row] = await queryRows<{ name: string }>(tx, sql`select name from clients where id = ${clientId}`);
  return row?.name ?? '';
}
