// Applies the committed SQL migrations in file-name order, each once, each in its own transaction,
// under an advisory lock so several server processes starting together do not race.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { queryRows } from './rows.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

export async function migrate(database: Database): Promise<string[]> {
  const { db } = database;
  await database.execScript('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    const done = await queryRows(db, sql`select 1 from schema_migrations where name = ${file}`);
    if (done.length > 0) continue;
    const body = await readFile(migrationsDir + file, 'utf8');
    // File names are ours (no user input); the script itself is trusted, committed SQL.
    const escapedName = file.replace(/'/g, "''");
    try {
      await database.execScript(
        `SELECT pg_advisory_xact_lock(7291);\n` +
          `DO $m$ BEGIN IF EXISTS (SELECT 1 FROM schema_migrations WHERE name = '${escapedName}') THEN RAISE EXCEPTION 'already-applied'; END IF; END $m$;\n` +
          `${body}\n;\nINSERT INTO schema_migrations(name) VALUES ('${escapedName}');`,
      );
      applied.push(file);
    } catch (err) {
      if (!String((err as Error).message).includes('already-applied')) throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
    }
  }
  return applied;
}
