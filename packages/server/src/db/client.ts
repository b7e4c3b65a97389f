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
  /**
   * Runs trusted scripts in ONE transaction (an upgrade's migrations): `run` gets exec (multi-statement
   * SQL) and rows (one statement, its rows); a throw rolls everything back.
   */
  scriptTransaction<T>(run: (exec: (text: string) => Promise<void>, rows: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T>;
  /** PGlite only: the whole data directory as a tarball (a template for openDatabase's loadDataDir). */
  dumpDataDir?(): Promise<Blob | File>;
  /**
   * PGlite only: a consistent snapshot of the data directory (gzip tarball) taken through PGlite while no
   * transaction runs (new ones wait), after a checkpoint; `inside` runs in the same quiet moment (the
   * backup's row counts), in a read-only transaction.
   */
  snapshotDataDir?<T>(inside: (rows: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<{ tarball: Blob; inside: T }>;
  close(): Promise<void>;
}

/**
 * url: PostgreSQL; otherwise PGlite in dataDir (or in memory). loadDataDir starts a PGlite from a dump of
 * another one (the tests' migrated template; a restored backup into a new dataDir), skipping initdb.
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
      scriptTransaction: async (run) => {
        const conn = await pool.connect();
        try {
          await conn.query('BEGIN');
          const result = await run(
            async (text) => {
              await conn.query(text);
            },
            async (text) => (await conn.query(text)).rows,
          );
          await conn.query('COMMIT');
          return result;
        } catch (err) {
          await conn.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // dataDir with loadDataDir: a new directory filled from the dump (a restore).
  const loaded = opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {};
  const client = opts.dataDir ? new PGlite(opts.dataDir, loaded) : new PGlite(loaded);
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    execScript: async (text) => {
      await client.exec(text);
    },
    scriptTransaction: (run) =>
      client.transaction((tx) =>
        run(
          async (text) => {
            await tx.exec(text);
          },
          async (text) => (await tx.query<Record<string, unknown>>(text)).rows,
        ),
      ),
    dumpDataDir: () => client.dumpDataDir('none'),
    snapshotDataDir: async (inside) => {
      // Dirty pages to the files first, so the snapshot needs no recovery; then hold the transaction
      // lock (a transaction in flight finishes first, new ones wait) while the files are read.
      await client.exec('CHECKPOINT');
      return client.transaction(async (tx) => {
        await tx.exec('SET TRANSACTION READ ONLY');
        const result = await inside(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
        const tarball = await client.dumpDataDir('gzip');
        return { tarball, inside: result };
      });
    },
    close: () => client.close(),
  };
}
