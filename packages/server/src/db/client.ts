// Database factory: PGlite (embedded, files in DATA_DIR) when no URL is given, node-postgres otherwise.
// Both speak the same SQL and run the same migrations; callers see one Drizzle type.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

// No schema is handed to drizzle: queries name their tables (modules' *.tables.ts) and the relational
// query API is not used, so the database layer imports no module.
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a trusted multi-statement SQL script in one transaction (migrations, operator set-up). */
  execScript(sqlText: string): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (a template for openDatabase's loadDataDir). */
  dumpDataDir?(): Promise<Blob | File>;
  close(): Promise<void>;
}

/**
 * url: PostgreSQL; otherwise PGlite in dataDir (or in memory). loadDataDir starts an in-memory PGlite from a
 * dump of another one (the tests' migrated template), skipping initdb and the migrations.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
    // An idle connection can be ended by the server (restart, admin command); without a listener
    // node-postgres would crash the process. The pool replaces the connection on next use.
    pool.on('error', (err) => {
      if ((err as { code?: string }).code !== '57P01') console.error('database connection error:', err.message);
    });
    // numeric and bigint stay strings (exact money); dates stay 'YYYY-MM-DD'.
    pg.types.setTypeParser(1082, (v) => v);
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      execScript: async (text) => {
        const conn = await pool.connect();
        try {
          await conn.query('BEGIN');
          await conn.query(text);
          await conn.query('COMMIT');
        } catch (err) {
          await conn.query('ROLLBACK');
          throw err;
        } finally {
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    execScript: async (text) => {
      await client.exec(text);
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
