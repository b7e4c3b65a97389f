// Takes a consistent backup of the whole installation while the server runs.
// - Embedded database: PGlite's own snapshot of its data directory (never a copy of files in use), taken
//   while no transaction runs, gzip-compressed; the row counts are read in the same quiet moment.
// - PostgreSQL: pg_dump in custom format (compressed) on a snapshot exported by a repeatable-read
//   transaction, which also reads the manifest's counts, so counts and dump describe the same instant.
// Either way: one file (backup-file.ts) written under a temporary name and renamed when complete.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { sha256Of, writeBackupFile } from './backup-file.ts';
import { appVersion, type BackupManifest, databaseFacts, type Rows } from './manifest.ts';

/** A backup or restore that cannot go on; `key` is a text of cli/messages (English and Somali). */
export class BackupError extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(values)}`);
  }
}

export const pgDumpPath = () => process.env.PG_DUMP ?? 'pg_dump';
export const pgRestorePath = () => process.env.PG_RESTORE ?? 'pg_restore';

/** Runs a program; answers its exit code and stderr. ENOENT (not installed) answers code null. */
export function runProgram(program: string, args: string[]): Promise<{ code: number | null; stderr: string; missing: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      if (stderr.length < 4000) stderr += String(d);
    });
    child.on('error', (err: NodeJS.ErrnoException) => resolve({ code: null, stderr: err.message, missing: err.code === 'ENOENT' }));
    child.on('close', (code) => resolve({ code, stderr: stderr.trim(), missing: false }));
  });
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.(\d+)Z$/, '$1Z')
    .replace('T', '-');

export function backupFileName(reason: BackupManifest['reason'], at: Date, database: BackupManifest['database']): string {
  const tag = reason === 'manual' ? '' : `${reason}-`;
  return `ubo-backup-${tag}${stamp(at)}-${database}.tar`;
}

export interface TakenBackup {
  file: string;
  manifest: BackupManifest;
}

export interface BackupOptions {
  database: Database;
  databaseUrl?: string;
  dir: string;
  reason?: BackupManifest['reason'];
  /** Reads more in the backup's own snapshot (the tests' content hashes of every table). */
  alsoRead?: (rows: Rows) => Promise<void>;
}

export async function takeBackup(opts: BackupOptions): Promise<TakenBackup> {
  const reason = opts.reason ?? 'manual';
  await mkdir(opts.dir, { recursive: true });
  if (opts.database.kind === 'pglite') {
    if (!opts.database.snapshotDataDir) throw new BackupError('backup.failed', { detail: 'no snapshot' });
    const { tarball, inside: facts } = await opts.database.snapshotDataDir(async (rows) => {
      await opts.alsoRead?.(rows);
      return databaseFacts(rows);
    });
    const bytes = new Uint8Array(await tarball.arrayBuffer());
    const createdAt = new Date();
    const manifest: BackupManifest = {
      format: 'ubo-backup',
      formatVersion: 1,
      createdAt: createdAt.toISOString(),
      appVersion,
      database: 'pglite',
      reason,
      ...facts,
      payload: { name: 'database.tar.gz', bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
    };
    const file = join(opts.dir, backupFileName(reason, createdAt, 'pglite'));
    await writeBackupFile(file, manifest, { name: 'database.tar.gz', bytes });
    return { file, manifest };
  }
  if (!opts.databaseUrl) throw new BackupError('backup.failed', { detail: 'DATABASE_URL' });
  return takePostgresBackup(opts.databaseUrl, opts.dir, reason, opts.alsoRead);
}

async function takePostgresBackup(url: string, dir: string, reason: BackupManifest['reason'], alsoRead?: (rows: Rows) => Promise<void>): Promise<TakenBackup> {
  const version = await runProgram(pgDumpPath(), ['--version']);
  if (version.missing) throw new BackupError('backup.noPgDump', { program: pgDumpPath() });
  const work = await mkdtemp(join(tmpdir(), 'ubo-pgdump-'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot }] = (await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot')).rows;
    const rows: Rows = async (text) => (await client.query(text)).rows;
    await alsoRead?.(rows);
    const facts = await databaseFacts(rows);
    const dumpFile = join(work, 'database.pgdump');
    const dump = await runProgram(pgDumpPath(), ['--format=custom', `--snapshot=${snapshot}`, `--file=${dumpFile}`, `--dbname=${url}`]);
    await client.query('COMMIT');
    if (dump.code !== 0) throw new BackupError('backup.pgDumpFailed', { detail: dump.stderr.split('\n')[0] ?? '' });
    const size = (await stat(dumpFile)).size;
    const createdAt = new Date();
    const manifest: BackupManifest = {
      format: 'ubo-backup',
      formatVersion: 1,
      createdAt: createdAt.toISOString(),
      appVersion,
      database: 'postgres',
      reason,
      ...facts,
      payload: { name: 'database.pgdump', bytes: size, sha256: await sha256Of(dumpFile) },
    };
    const file = join(dir, backupFileName(reason, createdAt, 'postgres'));
    await writeBackupFile(file, manifest, { name: 'database.pgdump', file: dumpFile });
    return { file, manifest };
  } finally {
    await client.end().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}
