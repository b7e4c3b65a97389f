// Restores a backup file made by take-backup.ts. Nothing changes until the file is known to be whole
// (size and SHA-256 as its manifest says), made by this version or an older one (no migration the code
// does not know), and of this kind of database; a non-empty database is replaced only with force.
// - Embedded database: the snapshot is loaded by PGlite into a new directory beside the current one,
//   counted, brought up to this version's migrations, verified (the caller's verify, verify-ledger); only
//   then is the current directory moved aside (kept, named in the answer) and the new one put in its place.
// - PostgreSQL: pg_restore in one transaction (--single-transaction --exit-on-error: a failure leaves the
//   database as it was), --clean with force; then counted and verified.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../db/client.ts';
import { migrate, migrationFiles } from '../../db/migrate.ts';
import { extractPayload, openBackupFile, readPayload } from './backup-file.ts';
import { BackupError, pgRestorePath, runProgram } from './take-backup.ts';
import { type BackupManifest, rowCounts } from './manifest.ts';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Each table's count in the manifest and in the restored database (before migrations of this version). */
  counts: { table: string; manifest: number | null; restored: number | null }[];
  /** Migrations of this version applied to the restored database after loading it. */
  upgraded: string[];
  verify: { exitCode: number; stdout: string[] };
  /** Embedded database: where the replaced data directory was kept. */
  keptAside?: string;
}

export type Verify = (database: Database) => Promise<{ exitCode: number; stdout: string[] }>;

/** What a database holds: its organisations and its tables (clients is read only when it exists). */
async function contents(rows: (text: string) => Promise<Record<string, unknown>[]>): Promise<{ organisations: number; tables: number }> {
  const [t] = await rows(
    `SELECT count(*)::int AS tables, bool_or(c.relname = 'clients') AS has_clients FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
  );
  const organisations = t.has_clients ? Number((await rows('SELECT count(*)::int AS n FROM clients'))[0].n) : 0;
  return { organisations, tables: Number(t.tables) };
}

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

function compareCounts(manifest: BackupManifest, restored: Record<string, number>): RestoreResult['counts'] {
  const tables = [...new Set([...Object.keys(manifest.rowCounts), ...Object.keys(restored)])].sort();
  return tables.map((table) => ({ table, manifest: manifest.rowCounts[table] ?? null, restored: restored[table] ?? null }));
}

/** Checks the file and that this code can take it: answers the opened backup or throws BackupError / BackupFileError. */
export async function checkBackup(file: string, kind: Database['kind']) {
  const backup = await openBackupFile(file);
  const known = new Set(await migrationFiles());
  const unknown = backup.manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0) throw new BackupError('backup.newer', { version: backup.manifest.appVersion, migrations: unknown.join(', ') });
  if (backup.manifest.database !== kind) throw new BackupError('backup.wrongKind', { made: backup.manifest.database, here: kind });
  return backup;
}

export async function restorePglite(opts: { file: string; dataDir: string; force: boolean; verify: Verify }): Promise<RestoreResult> {
  const backup = await checkBackup(opts.file, 'pglite');
  const target = join(opts.dataDir, 'pglite');
  if (existsSync(join(target, 'PG_VERSION'))) {
    const current = await openDatabase({ dataDir: target });
    try {
      const row = await current.scriptTransaction(async (_exec, rows) => contents(rows));
      if (Number(row.organisations) > 0 && !opts.force) {
        throw new BackupError('backup.notEmpty', { where: target, organisations: Number(row.organisations), tables: Number(row.tables) });
      }
    } finally {
      await current.close();
    }
  }
  await mkdir(opts.dataDir, { recursive: true });
  const staging = join(opts.dataDir, `pglite.restoring-${stamp()}`);
  let result: RestoreResult;
  try {
    const payload = await readPayload(backup);
    const restored = await openDatabase({ dataDir: staging, loadDataDir: new Blob([payload as Uint8Array<ArrayBuffer>]) });
    try {
      const counts = compareCounts(backup.manifest, await restored.scriptTransaction((_exec, rows) => rowCounts(rows)));
      const upgraded = await migrate(restored);
      const verify = await opts.verify(restored);
      result = { manifest: backup.manifest, counts, upgraded, verify };
    } finally {
      await restored.close();
    }
    if (result.verify.exitCode !== 0) throw new BackupError('backup.verifyFailed', { output: result.verify.stdout.join('\n') });
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
  if (existsSync(target)) {
    result.keptAside = join(opts.dataDir, `pglite.replaced-${stamp()}`);
    await rename(target, result.keptAside);
  }
  await rename(staging, target);
  return result;
}

export async function restorePostgres(opts: { file: string; databaseUrl: string; force: boolean; verify: Verify }): Promise<RestoreResult> {
  const backup = await checkBackup(opts.file, 'postgres');
  const probe = await runProgram(pgRestorePath(), ['--version']);
  if (probe.missing) throw new BackupError('backup.noPgRestore', { program: pgRestorePath() });
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    // Any table at all: pg_restore would collide with it.
    const row = await contents(async (text) => (await client.query(text)).rows);
    if (Number(row.tables) > 0 && !opts.force) {
      throw new BackupError('backup.notEmpty', {
        where: new URL(opts.databaseUrl).pathname.slice(1),
        organisations: Number(row.organisations),
        tables: Number(row.tables),
      });
    }
    // The grants in the dump name the application role; a new cluster may not have it yet (as migration 0001).
    await client.query(
      `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ubo_app') THEN CREATE ROLE ubo_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE; END IF; END $$`,
    );
  } finally {
    await client.end();
  }
  const work = await mkdtemp(join(tmpdir(), 'ubo-pgrestore-'));
  try {
    const dumpFile = join(work, 'database.pgdump');
    await extractPayload(backup, dumpFile);
    const args = ['--single-transaction', '--exit-on-error', '--no-owner', `--dbname=${opts.databaseUrl}`];
    if (opts.force) args.push('--clean', '--if-exists');
    const run = await runProgram(pgRestorePath(), [...args, dumpFile]);
    if (run.code !== 0) throw new BackupError('backup.pgRestoreFailed', { detail: run.stderr.split('\n').slice(0, 3).join(' ') });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const restored = await openDatabase({ url: opts.databaseUrl });
  try {
    const counts = compareCounts(backup.manifest, await restored.scriptTransaction((_exec, rows) => rowCounts(rows)));
    const upgraded = await migrate(restored);
    const verify = await opts.verify(restored);
    return { manifest: backup.manifest, counts, upgraded, verify };
  } finally {
    await restored.close();
  }
}
