// Operator commands for the whole installation's data: backup (while the server runs: on the embedded
// database the running server takes it through its control socket, else this process opens the database;
// PostgreSQL with pg_dump) and restore (checked first, nothing changed on bad input). They open the
// database themselves, without migrating it (a backup must describe the database as it is; restore
// brings the restored copy up to this version itself). Texts (English and Somali) in messages.ts.
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { resolve } from 'node:path';
import type { Lang } from '@ubo/contracts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import {
  BackupError,
  BackupFileError,
  type BackupManifest,
  backupsDir,
  controlSocketPath,
  type RestoreResult,
  requestServerBackup,
  restorePglite,
  restorePostgres,
  type TakenBackup,
  takeBackup,
} from '../modules/backup/index.ts';
import { type CliArgs, CliError, one } from './cli-input.ts';
import { verifyLedgerCommand } from './ledger-commands.ts';
import { say } from './messages.ts';

export interface InstallationContext {
  config: Config;
  /** Whether a server answers on the configured port on this machine. */
  serverRunning: () => Promise<boolean>;
}

const size = (bytes: number) => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Bad input (exit 2) or a failure (exit 1) as one line in the operator's language. */
export function backupFailure(err: unknown, lang: Lang): never {
  if (err instanceof BackupFileError) throw new CliError(say(err.key, lang, err.values), 2);
  if (err instanceof BackupError) {
    const badInput = ['backup.newer', 'backup.wrongKind', 'backup.notEmpty'].includes(err.key);
    throw new CliError(say(err.key, lang, err.values), badInput ? 2 : 1);
  }
  throw err;
}

export function manifestLines(manifest: BackupManifest, lang: Lang): string[] {
  const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
  return [
    say('backup.summary', lang, {
      at: manifest.createdAt,
      version: manifest.appVersion,
      database: manifest.database,
      pg: manifest.postgresVersion,
      migrations: manifest.migrations.length,
      last: manifest.migrations.at(-1) ?? '-',
    }),
    say('backup.organisations', lang, { list: manifest.organisations.map((o) => `${o.code} ${o.name}`).join(', ') || '-' }),
    say('backup.rows', lang, { rows, tables: Object.keys(manifest.rowCounts).length, sha: manifest.payload.sha256 }),
  ];
}

/** Whether the Unix socket answers (the server of this version runs on this DATA_DIR). */
function socketAnswers(path: string): Promise<boolean> {
  return new Promise((done) => {
    if (!existsSync(path)) return done(false);
    const socket = createConnection({ path });
    socket.setTimeout(1000, () => {
      socket.destroy();
      done(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

export async function backupCommand(ctx: InstallationContext, args: CliArgs, lang: Lang): Promise<string[]> {
  const { config } = ctx;
  const to = one(args, 'to');
  const dir = to ? resolve(to) : backupsDir(config.dataDir);
  let backup: TakenBackup;
  const lines: string[] = [];
  try {
    if (config.databaseUrl) {
      const database = await openDatabase({ url: config.databaseUrl });
      try {
        backup = await takeBackup({ database, databaseUrl: config.databaseUrl, dir });
      } finally {
        await database.close();
      }
    } else if (await socketAnswers(controlSocketPath(config.dataDir))) {
      backup = await requestServerBackup(config.dataDir, dir);
      lines.push(say('backup.byServer', lang, { dir: config.dataDir }));
    } else if (await ctx.serverRunning()) {
      throw new CliError(say('backup.noControl', lang, { port: config.port, socket: controlSocketPath(config.dataDir) }), 1);
    } else {
      const dataDir = `${config.dataDir}/pglite`;
      if (!existsSync(`${dataDir}/PG_VERSION`)) throw new CliError(say('backup.noDatabase', lang, { dir: dataDir }), 2);
      const database = await openDatabase({ dataDir });
      try {
        backup = await takeBackup({ database, dir });
      } finally {
        await database.close();
      }
    }
  } catch (err) {
    backupFailure(err, lang);
  }
  return [
    say('backup.written', lang, { file: backup.file, size: size(backup.manifest.payload.bytes) }),
    ...lines,
    ...manifestLines(backup.manifest, lang),
    say('backup.copyOff', lang),
  ];
}

export function restoreLines(result: RestoreResult, file: string, lang: Lang): { exitCode: number; stdout: string[] } {
  const m = result.manifest;
  const lines = [say('backup.restored', lang, { file, at: m.createdAt, version: m.appVersion })];
  if (result.keptAside) lines.push(say('backup.keptAside', lang, { dir: result.keptAside }));
  if (result.upgraded.length > 0) lines.push(say('backup.upgraded', lang, { migrations: result.upgraded.join(', ') }));
  const differing = result.counts.filter((c) => c.manifest !== c.restored);
  const rows = result.counts.reduce((a, c) => a + (c.restored ?? 0), 0);
  lines.push(say('backup.countsHeader', lang));
  const width = Math.max(...result.counts.map((c) => c.table.length));
  for (const c of result.counts)
    lines.push(
      `  ${c.table.padEnd(width)}  ${String(c.manifest ?? '-').padStart(9)} / ${String(c.restored ?? '-').padStart(9)}${c.manifest === c.restored ? '' : '  !'}`,
    );
  lines.push(
    differing.length === 0
      ? say('backup.countsEqual', lang, { tables: result.counts.length, rows })
      : say('backup.countsDiffer', lang, { n: differing.length }),
  );
  lines.push(say('backup.verifyHeader', lang), ...result.verify.stdout.map((l) => `  ${l}`));
  return { exitCode: differing.length === 0 && result.verify.exitCode === 0 ? 0 : 1, stdout: lines };
}

export async function restoreCommand(ctx: InstallationContext, args: CliArgs, lang: Lang): Promise<{ exitCode: number; stdout: string[] }> {
  const { config } = ctx;
  const fileArg = one(args, 'file');
  if (!fileArg) throw new CliError(say('cli.missingValue', lang, { name: 'file' }));
  const file = resolve(fileArg);
  const force = args.force !== undefined;
  const verify = async (database: { db: Parameters<typeof verifyLedgerCommand>[0] }) => verifyLedgerCommand(database.db, {}, lang);
  try {
    if (config.databaseUrl) {
      return restoreLines(await restorePostgres({ file, databaseUrl: config.databaseUrl, force, verify }), file, lang);
    }
    if (await ctx.serverRunning()) throw new CliError(say('cli.serverRunning', lang, { port: config.port, dir: config.dataDir }), 1);
    return restoreLines(await restorePglite({ file, dataDir: config.dataDir, force, verify }), file, lang);
  } catch (err) {
    if (err instanceof CliError) throw err;
    backupFailure(err, lang);
  }
}
