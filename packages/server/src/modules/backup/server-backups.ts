// The backups the server process takes by itself on the embedded database, and its door for the
// operator's `backup` command while it runs (PGlite admits one process, so the command asks the server):
// - before an upgrade: a backup first, then the migrations (all in one transaction, db/migrate.ts); a
//   failed upgrade leaves the database as it was and names the backup taken before it (nothing deleted);
//   after a successful one only the newest BACKUP_KEEP pre-upgrade backups are kept;
// - automatic: every BACKUP_EVERY_HOURS into DATA_DIR/backups, keeping the last BACKUP_KEEP; each attempt
//   is a row of installation_backups, so a failure reaches administrators (the bell) as well as the log;
// - the control socket DATA_DIR/control.sock (mode 0600: only the server's own user): POST /backup.
import { existsSync } from 'node:fs';
import { chmod, readdir, rm, unlink } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appliedMigrations, MigrationError, migrate, pendingMigrations } from '../../db/migrate.ts';
import { queryRows } from '../../db/rows.ts';
import type { BackupManifest } from './manifest.ts';
import { BackupError, type TakenBackup, takeBackup } from './take-backup.ts';

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');
export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

/** An upgrade whose migration failed: nothing of it was applied; `backupFile` was taken just before. */
export class UpgradeError extends Error {
  constructor(
    readonly cause: MigrationError,
    readonly backupFile: string | undefined,
  ) {
    super(
      `${cause.message}\nThe database is as it was before the upgrade (no migration of it was applied).` +
        (backupFile ? `\nA backup was taken just before: ${backupFile}\nIf needed: npm run admin -- restore ${backupFile} --force` : ''),
    );
  }
}

async function record(database: Database, reason: BackupManifest['reason'], outcome: { file?: string; bytes?: number; error?: string }): Promise<void> {
  await queryRows(
    database.db,
    sql`insert into installation_backups (reason, finished_at, ok, file, bytes, error)
        values (${reason}, now(), ${outcome.error === undefined}, ${outcome.file ?? null}, ${outcome.bytes ?? null}, ${outcome.error ?? null})`,
  );
}

/**
 * Migrates; on the embedded database with migrations pending on a database that has some already (an
 * upgrade, not a first start), a backup is taken first and the upgrade does not start without it.
 */
export async function migrateWithBackup(
  database: Database,
  opts: { dataDir: string; keep: number; migrationsDir?: string; log?: (line: string) => void },
): Promise<string[]> {
  let backup: TakenBackup | undefined;
  if (database.kind === 'pglite' && (await appliedMigrations(database)).length > 0) {
    const pending = await pendingMigrations(database, { dir: opts.migrationsDir });
    if (pending.length > 0) {
      backup = await takeBackup({ database, dir: backupsDir(opts.dataDir), reason: 'pre-upgrade' });
      opts.log?.(`Backup before applying ${pending.length} migration(s): ${backup.file}`);
    }
  }
  let applied: string[];
  try {
    applied = await migrate(database, { dir: opts.migrationsDir });
  } catch (err) {
    if (err instanceof MigrationError) throw new UpgradeError(err, backup?.file);
    throw err;
  }
  if (backup) {
    await record(database, 'pre-upgrade', { file: backup.file, bytes: backup.manifest.payload.bytes }).catch(() => undefined);
    // Only after the upgrade succeeded: the backups of earlier upgrades beyond the newest `keep` go.
    const removed = await pruneBackups(backupsDir(opts.dataDir), 'pre-upgrade', opts.keep).catch(() => []);
    if (removed.length > 0) opts.log?.(`Removed ${removed.length} older pre-upgrade backup(s) (BACKUP_KEEP=${opts.keep})`);
  }
  return applied;
}

/**
 * Removes all but the newest `keep` backups of one reason (automatic, pre-upgrade; names sort by time)
 * and any left-over partial file. Manual backups (no reason in the name) are never touched.
 */
export async function pruneBackups(dir: string, reason: 'automatic' | 'pre-upgrade', keep: number): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const names = await readdir(dir);
  const pattern = new RegExp(`^ubo-backup-${reason}-.*\\.tar$`);
  const ofReason = names.filter((n) => pattern.test(n)).sort();
  const removed = ofReason.slice(0, Math.max(0, ofReason.length - Math.max(1, keep)));
  for (const name of [...removed, ...names.filter((n) => n.endsWith('.partial'))]) await rm(join(dir, name), { force: true });
  return removed;
}

/** Removes all but the newest `keep` automatic backups and any left-over partial file. */
export const pruneAutomaticBackups = (dir: string, keep: number) => pruneBackups(dir, 'automatic', keep);

/** One automatic backup: taken, recorded, pruned; a failure is recorded and answered, never thrown away. */
export async function runAutomaticBackup(
  database: Database,
  opts: { dataDir: string; keep: number },
): Promise<{ ok: true; file: string } | { ok: false; error: string }> {
  const dir = backupsDir(opts.dataDir);
  try {
    const backup = await takeBackup({ database, dir, reason: 'automatic' });
    await record(database, 'automatic', { file: backup.file, bytes: backup.manifest.payload.bytes });
    await pruneAutomaticBackups(dir, opts.keep);
    return { ok: true, file: backup.file };
  } catch (err) {
    const error = err instanceof BackupError ? err.key : String((err as Error).message ?? err).split('\n')[0];
    await record(database, 'automatic', { error }).catch(() => undefined);
    return { ok: false, error };
  }
}

/** When the last automatic backup finished well (null: never), to keep the rhythm across restarts. */
async function lastAutomatic(database: Database): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | Date | null }>(
    database.db,
    sql`select max(finished_at) as at from installation_backups where reason = 'automatic' and ok`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** Starts the automatic backups (embedded database); answers the stop function. everyHours 0: off. */
export function startAutomaticBackups(
  database: Database,
  opts: { dataDir: string; everyHours: number; keep: number; onResult: (result: Awaited<ReturnType<typeof runAutomaticBackup>>) => void },
): () => void {
  if (database.kind !== 'pglite' || !(opts.everyHours > 0)) return () => undefined;
  const everyMs = opts.everyHours * 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(
      async () => {
        const result = await runAutomaticBackup(database, opts);
        opts.onResult(result);
        schedule(everyMs);
      },
      Math.min(Math.max(delayMs, 0), 2_147_000_000),
    );
    timer.unref();
  };
  void lastAutomatic(database)
    .catch(() => null)
    .then((last) => schedule(last ? last.getTime() + everyMs - Date.now() : 60_000));
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/** The server's side of the control socket; answers the close function. */
export async function startControlSocket(database: Database, opts: { dataDir: string; databaseUrl?: string }): Promise<() => Promise<void>> {
  const path = controlSocketPath(opts.dataDir);
  if (existsSync(path)) await unlink(path).catch(() => undefined); // left by a process that died
  let busy = false;
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/backup') return answer(404, { error: { key: 'backup.failed', values: { detail: 'unknown request' } } });
    let text = '';
    req.on('data', (d) => {
      if (text.length < 10_000) text += String(d);
    });
    req.on('end', async () => {
      if (busy) return answer(409, { error: { key: 'backup.busy', values: {} } });
      busy = true;
      try {
        const { dir } = JSON.parse(text || '{}') as { dir?: string };
        const backup = await takeBackup({ database, databaseUrl: opts.databaseUrl, dir: dir ?? backupsDir(opts.dataDir), reason: 'manual' });
        await record(database, 'manual', { file: backup.file, bytes: backup.manifest.payload.bytes }).catch(() => undefined);
        answer(200, backup);
      } catch (err) {
        const error =
          err instanceof BackupError
            ? { key: err.key, values: err.values }
            : { key: 'backup.failed', values: { detail: String((err as Error).message).split('\n')[0] } };
        answer(500, { error });
      } finally {
        busy = false;
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
}

/** The operator command's side: asks the running server for a backup into dir. */
export function requestServerBackup(dataDir: string, dir: string): Promise<TakenBackup> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: controlSocketPath(dataDir), path: '/backup', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (d) => {
        text += String(d);
      });
      res.on('end', () => {
        try {
          const body = JSON.parse(text) as TakenBackup & { error?: { key: string; values: Record<string, string | number> } };
          if (body.error) reject(new BackupError(body.error.key, body.error.values));
          else resolve(body);
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify({ dir }));
  });
}
