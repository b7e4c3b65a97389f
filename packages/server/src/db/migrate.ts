// Applies the committed SQL migrations in file-name order, each once. All the migrations an upgrade
// applies run in ONE transaction under an advisory lock (several server processes starting together do
// not race): a migration that fails rolls the whole upgrade back, so the database is left as it was,
// and the error names the file that failed.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { queryRows } from './rows.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The upgrade stopped at `file`; nothing of it was applied. */
export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly detail: string,
  ) {
    super(`Migration ${file} failed: ${detail}`);
  }
}

/** The migration files the code carries, in the order they apply. */
export async function migrationFiles(dir = migrationsDir): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
}

/** The migrations recorded in the database (none when it has no schema_migrations table yet). */
export async function appliedMigrations(database: Database): Promise<string[]> {
  const [exists] = await queryRows<{ present: boolean }>(database.db, sql`select to_regclass('public.schema_migrations') is not null as present`);
  if (!exists.present) return [];
  const rows = await queryRows<{ name: string }>(database.db, sql`select name from schema_migrations order by name`);
  return rows.map((r) => r.name);
}

/** The code's migrations the database has not applied yet. */
export async function pendingMigrations(database: Database, opts: { dir?: string } = {}): Promise<string[]> {
  const applied = new Set(await appliedMigrations(database));
  return (await migrationFiles(opts.dir)).filter((f) => !applied.has(f));
}

export async function migrate(database: Database, opts: { dir?: string } = {}): Promise<string[]> {
  const dir = opts.dir ?? migrationsDir;
  await database.execScript('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const files = await migrationFiles(dir);
  if ((await pendingMigrations(database, { dir })).length === 0) return [];
  return database.scriptTransaction(async (exec, rows) => {
    await exec('SELECT pg_advisory_xact_lock(7291)');
    // Read again under the lock: another process may have applied them meanwhile.
    const done = new Set((await rows('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const body = await readFile(dir + (dir.endsWith('/') ? '' : '/') + file, 'utf8');
      // File names are ours (no user input); the script itself is trusted, committed SQL.
      const escapedName = file.replace(/'/g, "''");
      try {
        await exec(`${body}\n;\nINSERT INTO schema_migrations(name) VALUES ('${escapedName}');`);
      } catch (err) {
        throw new MigrationError(file, (err as Error).message);
      }
      applied.push(file);
    }
    return applied;
  });
}
