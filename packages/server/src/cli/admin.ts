// Operator command line: `npm run admin -- <command> [--options]` from the repository root.
// Opens the same database the server uses (PostgreSQL at DATABASE_URL, or the embedded one in
// DATA_DIR), applies pending migrations, runs one command as the installation and exits:
// 0 done, 2 bad input (nothing changed), 1 anything else. Errors are one line, never a stack trace.
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migrateWithBackup, UpgradeError } from '../modules/backup/index.ts';
import { assertTenantIsolation } from '../db/tenant.ts';
import { CliError } from './cli-input.ts';
import { type CommandResult, failure, helpText, type ParsedCommandLine, parseCommandLine, runParsed } from './commands.ts';
import { cliLang, say } from './messages.ts';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** True when something accepts connections on the server's port on this machine. */
function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function main(argv: string[]): Promise<CommandResult> {
  let parsed: ParsedCommandLine;
  try {
    parsed = parseCommandLine(argv);
  } catch (err) {
    const lang = cliLang(undefined);
    const result = failure(err, lang);
    // A bare `npm run admin` shows what there is to run.
    if (argv.length === 0) result.stderr.push('', ...helpText(lang));
    return result;
  }
  if (parsed.spec.runInstallation) {
    try {
      process.chdir(repositoryRoot);
      const config = loadConfig([]);
      const out = await parsed.spec.runInstallation({ config, serverRunning: () => portAnswers(config.port) }, parsed.args, parsed.lang);
      return Array.isArray(out) ? { exitCode: 0, stdout: out, stderr: [] } : { ...out, stderr: [] };
    } catch (err) {
      return failure(err, parsed.lang);
    }
  }
  if (!parsed.spec.needsDatabase) return runParsed(undefined, parsed);

  let database: Database | undefined;
  try {
    // `npm start` runs the server from the repository root (scripts/start.mjs), and npm runs this
    // script inside packages/server: work from the root too, so a relative DATA_DIR (default ./data)
    // names the same embedded database the server uses.
    process.chdir(repositoryRoot);
    const config = loadConfig([]);
    if (!config.databaseUrl && (await portAnswers(config.port))) {
      throw new CliError(say('cli.serverRunning', parsed.lang, { port: config.port, dir: config.dataDir }), 1);
    }
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
    // An upgrade of the embedded database from here is preceded by a backup too.
    await migrateWithBackup(database, { dataDir: config.dataDir, keep: config.backupKeep }).catch((err) => {
      throw err instanceof UpgradeError ? new CliError(err.message, 1) : err;
    });
    await assertTenantIsolation(database.db);
    return await runParsed(database.db, parsed);
  } catch (err) {
    return failure(err, parsed.lang);
  } finally {
    await database?.close().catch(() => undefined);
  }
}

const result = await main(process.argv.slice(2));
for (const line of result.stdout) process.stdout.write(`${line}\n`);
for (const line of result.stderr) process.stderr.write(`${line}\n`);
process.exitCode = result.exitCode;
