// Statements the ledger runs for every posting, as named prepared statements: node-postgres parses and
// plans each once per pooled connection instead of on every call (planning was a third of a posting's
// database time). The name comes from the statement's text, so two texts never share a name. PGlite
// runs them as usual.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

export async function queryPrepared<T>(tx: Db, query: SQL): Promise<T[]> {
  const { session, dialect } = tx as unknown as { session: PgSession; dialect: PgDialect };
  const compiled = dialect.sqlToQuery(query);
  const name = `ubo_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 24)}`;
  const result = await session.prepareQuery(compiled, undefined, name, false).execute();
  return (result as unknown as { rows: T[] }).rows;
}
