// Raw parameterised SQL (drizzle's sql`` template binds every value) returning typed rows; both
// drivers answer with { rows }.
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
