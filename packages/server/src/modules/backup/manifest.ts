// What a backup says about itself (manifest.json, the first member of the backup file): when and by which
// version it was taken, the migrations applied, the organisations, every table's row count, and the
// payload's size and SHA-256. Restore checks the file against it and prints the restored counts beside it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface BackupManifest {
  format: 'ubo-backup';
  formatVersion: 1;
  createdAt: string;
  /** The product version (root package.json) that took it. */
  appVersion: string;
  database: 'pglite' | 'postgres';
  postgresVersion: string;
  reason: 'manual' | 'automatic' | 'pre-upgrade';
  migrations: string[];
  organisations: { id: number; code: number; name: string }[];
  rowCounts: Record<string, number>;
  payload: { name: string; bytes: number; sha256: string };
}

export const appVersion: string = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../../../../package.json', import.meta.url)), 'utf8')) as { version: string }
).version;

export type Rows = (text: string) => Promise<Record<string, unknown>[]>;

/** Quoted for SQL text: table names come from the catalogue, never from input. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of the public schema, from the catalogue. */
export async function publicTables(rows: Rows): Promise<string[]> {
  const list = await rows(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  return list.map((r) => String(r.name));
}

/** Every table's row count (one statement, so one snapshot). */
export async function rowCounts(rows: Rows): Promise<Record<string, number>> {
  const tables = await publicTables(rows);
  if (tables.length === 0) return {};
  const [row] = await rows(`SELECT ${tables.map((t) => `(SELECT count(*) FROM ${ident(t)})::bigint AS ${ident(t)}`).join(', ')}`);
  return Object.fromEntries(tables.map((t) => [t, Number(row[t])]));
}

/** What the manifest says of the database, read through `rows` (inside the snapshot's transaction). */
export async function databaseFacts(rows: Rows): Promise<Pick<BackupManifest, 'migrations' | 'organisations' | 'rowCounts' | 'postgresVersion'>> {
  const [version] = await rows(`SELECT current_setting('server_version') AS v`);
  const tables = new Set(await publicTables(rows));
  const migrations = tables.has('schema_migrations') ? (await rows('SELECT name FROM schema_migrations ORDER BY name')).map((r) => String(r.name)) : [];
  const organisations = tables.has('clients')
    ? (await rows('SELECT id, code, name FROM clients ORDER BY code')).map((r) => ({ id: Number(r.id), code: Number(r.code), name: String(r.name) }))
    : [];
  return { postgresVersion: String(version.v), migrations, organisations, rowCounts: await rowCounts(rows) };
}
