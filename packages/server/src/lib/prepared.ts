// A drizzle select built ONCE and then run as a named prepared statement: drizzle builds and renders a
// query on every call (a third of a millisecond for a page and its count, the largest part of the cheapest
// read's own CPU time), and node-postgres then sends its text to be parsed and planned again. Here the
// query is rendered the first time, with sql.placeholder() for what varies, and each call only binds the
// values; PostgreSQL parses it once per pooled connection. PGlite runs it as usual.
import * as drizzle from 'drizzle-orm';
import type { Query, SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

type Fields = Parameters<PgSession['prepareQuery']>[1];
// drizzle's own ordering of a select's fields for mapping result rows (exported at run time, untyped).
const { orderSelectedFields } = drizzle as unknown as { orderSelectedFields(fields: unknown): Fields };

/** What a drizzle select builder exposes to be rendered (its selected fields are internal to drizzle). */
interface SelectBuilder {
  getSQL(): SQL;
}

interface Compiled {
  query: Query;
  fields: Fields;
}

export class PreparedSelect<R> {
  private compiled?: Compiled;

  /**
   * name: unique in the installation, at most 63 characters (PostgreSQL's limit) and always for the same
   * query text (a pooled connection keeps it); build: the select, with sql.placeholder() for every value
   * that varies between calls.
   */
  constructor(
    private readonly name: string,
    private readonly build: (db: Db) => SelectBuilder,
  ) {
    if (name.length > 63) throw new Error(`prepared statement name too long: ${name}`);
  }

  async execute(tx: Db, values: Record<string, unknown>): Promise<R[]> {
    const { session, dialect } = tx as unknown as { session: PgSession; dialect: PgDialect };
    if (!this.compiled) {
      const builder = this.build(tx);
      const { fields } = (builder as unknown as { config: { fields: unknown } }).config;
      this.compiled = { query: dialect.sqlToQuery(builder.getSQL()), fields: orderSelectedFields(fields) };
    }
    const { query, fields } = this.compiled;
    return (await session.prepareQuery(query, fields, this.name, true).execute(values)) as R[];
  }
}
