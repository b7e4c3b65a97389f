// Backups, restores, automatic backups, the backup before an upgrade and the organisation's export, on
// the database the run uses (PGlite, or PostgreSQL with TEST_DATABASE_URL: pg_dump and pg_restore).
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganisation, nextIp, signIn, startTestApp, type TestContext } from '../../../test/harness.ts';
import { backupCommand, restoreCommand } from '../../cli/backup-commands.ts';
import { CliError } from '../../cli/cli-input.ts';
import { runCommandLine } from '../../cli/commands.ts';
import { verifyLedgerCommand } from '../../cli/ledger-commands.ts';
import type { Config } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { migrationFiles } from '../../db/migrate.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { seedDemoIfEmpty, seedDemoStoreIfEmpty, seedDemoUtilityIfEmpty } from '../../seed/demo.ts';
import { seedDemoBilling } from '../../seed/demo-billing.ts';
import { seedDemoStore } from '../../seed/demo-store.ts';
import { pdfPageCount, pdfText } from '../document-print/pdf-inspect-test-kit.ts';
import { waitForJobs } from '../jobs/index.ts';
import { BackupFileError, openBackupFile, writeBackupFile } from './backup-file.ts';
import { ident, publicTables, type Rows } from './manifest.ts';
import { restorePglite, restorePostgres } from './restore-backup.ts';
import { migrateWithBackup, runAutomaticBackup, startControlSocket, UpgradeError } from './server-backups.ts';
import { BackupError, type TakenBackup, takeBackup } from './take-backup.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let ctx: TestContext;
let work: string;
let demo: { clientId: number; token: string };
let accounts: Record<string, number>;
const extraDatabases: string[] = [];

/** Every table's content hash (its rows as text, sorted), read through `rows`. */
async function tableHashes(rows: Rows): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const table of await publicTables(rows)) {
    const [row] = await rows(`SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS h FROM ${ident(table)} t`);
    hashes[table] = String(row.h);
  }
  return hashes;
}
const hashesOf = (database: Database) => database.scriptTransaction((_exec, rows) => tableHashes(rows));
const verify = (database: Database) => verifyLedgerCommand(database.db, {}, 'en');

/** A new empty PostgreSQL database next to the test's (dropped after the file). */
async function newPostgresDatabase(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `ubo_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`); // a generated hex name
  await admin.end();
  extraDatabases.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** RFC 4180 records (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return records;
}

function journalEntry(amount: number) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/finance/transaction',
    headers: bearer(demo.token),
    payload: {
      date: new Date().toISOString().slice(0, 10),
      reference: `BK-${amount}`,
      memo: 'posted while a backup is taken',
      lines: [
        { accountId: accounts['5020'], debit: `${amount}.00` },
        { accountId: accounts['1010'], credit: `${amount}.00` },
      ],
    },
  });
}

beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemoIfEmpty(ctx.database.db);
  await seedDemoUtilityIfEmpty(ctx.database.db);
  const [client] = await inSystem(ctx.database.db, (tx) => queryRows<{ id: number }>(tx, sql`select id from clients where code = 1000`));
  demo = { clientId: Number(client.id), token: await signIn(ctx, { username: 'admin', password: 'Admin@2026', code: 1000 }) };
  const rows = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ id: number; code: string }>(tx, sql`select id, code from accounts where client_id = ${demo.clientId} and code in ('5020', '1010')`),
  );
  accounts = Object.fromEntries(rows.map((r) => [r.code, Number(r.id)]));
  work = mkdtempSync(join(tmpdir(), 'ubo-backup-test-'));
}, 180_000);

afterAll(async () => {
  await ctx.close();
  rmSync(work, { recursive: true, force: true });
  if (extraDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    for (const name of extraDatabases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

let backup: TakenBackup;
let atSnapshot: Record<string, string> = {};
let restoredDir = '';
let restoredUrl = '';

describe('backup and restore', () => {
  it('backs up while requests are served; restored into a new place it is sound and every table is equal', async () => {
    const writes = Array.from({ length: 8 }, (_, i) => journalEntry(i + 1));
    const reads = Array.from({ length: 4 }, () => ctx.app.inject({ method: 'GET', url: '/api/finance/transaction', headers: bearer(demo.token) }));
    const taking = takeBackup({
      database: ctx.database,
      databaseUrl: ctx.databaseUrl,
      dir: join(work, 'backups'),
      alsoRead: async (rows) => {
        atSnapshot = await tableHashes(rows);
      },
    });
    const [taken, ...answers] = await Promise.all([taking, ...writes, ...reads]);
    backup = taken;
    expect(answers.map((a) => a.statusCode)).toEqual([...writes.map(() => 201), ...reads.map(() => 200)]);
    const m = backup.manifest;
    expect(m.database).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(m.migrations).toEqual(await migrationFiles());
    expect(m.organisations.map((o) => o.code)).toContain(1000);
    for (const table of ['bills', 'payments', 'journal_entries', 'journal_lines']) expect(m.rowCounts[table]).toBeGreaterThan(0);
    expect(readdirSync(join(work, 'backups')).filter((f) => f.endsWith('.partial'))).toEqual([]);

    const verifyRestored = async (restored: Database) => {
      expect(await hashesOf(restored)).toEqual(atSnapshot);
      return verify(restored);
    };
    if (onPostgres) restoredUrl = await newPostgresDatabase();
    else restoredDir = join(work, 'restored');
    const result = onPostgres
      ? await restorePostgres({ file: backup.file, databaseUrl: restoredUrl, force: false, verify: verifyRestored })
      : await restorePglite({ file: backup.file, dataDir: restoredDir, force: false, verify: verifyRestored });
    expect(result.verify.exitCode).toBe(0);
    expect(result.verify.stdout.join('\n')).toMatch(/sound/i);
    expect(result.counts.filter((c) => c.manifest !== c.restored)).toEqual([]);
    expect(result.upgraded).toEqual([]);
    // Opened again as the server would: the same content.
    const reopened = onPostgres ? await openDatabase({ url: restoredUrl }) : await openDatabase({ dataDir: join(restoredDir, 'pglite') });
    try {
      expect(await hashesOf(reopened)).toEqual(atSnapshot);
    } finally {
      await reopened.close();
    }
  }, 240_000);

  /** What a refused restore must leave alone: the restored database's content and the data directory. */
  async function untouched(): Promise<{ hashes: Record<string, string>; files: string[] }> {
    const database = onPostgres ? await openDatabase({ url: restoredUrl }) : await openDatabase({ dataDir: join(restoredDir, 'pglite') });
    try {
      return { hashes: await hashesOf(database), files: onPostgres ? [] : readdirSync(restoredDir).sort() };
    } finally {
      await database.close();
    }
  }
  const config = () => ({ dataDir: restoredDir || join(work, 'unused'), databaseUrl: restoredUrl || undefined, port: 1 }) as Config;
  const restoreCli = (file: string, force = false) =>
    restoreCommand({ config: config(), serverRunning: async () => false }, force ? { file, force: 'yes' } : { file }, 'en');

  async function expectRefused(file: string, message: RegExp, exitCode = 2) {
    const before = await untouched();
    const refusal = await restoreCli(file, true).then(
      () => null,
      (err) => err,
    );
    expect(refusal).toBeInstanceOf(CliError);
    expect(refusal.exitCode).toBe(exitCode);
    expect(refusal.message).toMatch(message);
    expect(await untouched()).toEqual(before);
  }

  it('refuses a cut-off file, a wrong checksum, a missing file and a backup from a newer version, changing nothing', async () => {
    const cut = join(work, 'cut.tar');
    copyFileSync(backup.file, cut);
    truncateSync(cut, Math.floor(readFileSync(backup.file).length / 2));
    await expect(openBackupFile(cut)).rejects.toMatchObject({ key: 'backup.truncated' });
    await expectRefused(cut, /is incomplete/);

    const damaged = join(work, 'damaged.tar');
    const bytes = readFileSync(backup.file);
    const opened = await openBackupFile(backup.file);
    bytes[opened.payloadOffset + 100] ^= 0xff;
    writeFileSync(damaged, bytes);
    await expect(openBackupFile(damaged)).rejects.toBeInstanceOf(BackupFileError);
    await expectRefused(damaged, /does not match its checksum/);

    await expectRefused(join(work, 'no-such-file.tar'), /There is no file/);
    writeFileSync(join(work, 'not-a-backup.tar'), 'hello');
    await expectRefused(join(work, 'not-a-backup.tar'), /not a backup/);

    // The same database, but its manifest names a migration this code does not have.
    const newer = join(work, 'newer.tar');
    const payload = readFileSync(backup.file).subarray(opened.payloadOffset, opened.payloadOffset + opened.payloadSize);
    await writeBackupFile(
      newer,
      { ...backup.manifest, appVersion: '9.0.0', migrations: [...backup.manifest.migrations, '9999_future.sql'] },
      { name: opened.payloadName, bytes: payload },
    );
    await expect(openBackupFile(newer)).resolves.toBeTruthy();
    await expectRefused(newer, /newer version \(9\.0\.0\).*9999_future\.sql/);
    await expect(restorePglite({ file: newer, dataDir: join(work, 'other'), force: false, verify })).rejects.toBeInstanceOf(BackupError);
    expect(existsSync(join(work, 'other'))).toBe(false);
  }, 120_000);

  it('refuses to replace a database with organisations without --force, and replaces it with --force', async () => {
    const before = await untouched();
    const refusal = await restoreCli(backup.file).catch((err) => err);
    expect(refusal).toBeInstanceOf(CliError);
    expect(refusal.message).toMatch(/already holds data.*--force/);
    expect(await untouched()).toEqual(before);

    const forced = await restoreCli(backup.file, true);
    expect(forced.exitCode).toBe(0);
    expect(forced.stdout.join('\n')).toMatch(/All \d+ tables have the counts the manifest records/);
    const after = await untouched();
    expect(after.hashes).toEqual(atSnapshot);
    if (!onPostgres) expect(after.files.some((f) => f.startsWith('pglite.replaced-'))).toBe(true);
  }, 180_000);

  it.skipIf(!onPostgres)('PostgreSQL without pg_dump says so clearly', async () => {
    const saved = process.env.PG_DUMP;
    process.env.PG_DUMP = '/nonexistent/pg_dump';
    try {
      const out = await backupCommand(
        { config: { dataDir: work, databaseUrl: ctx.databaseUrl, port: 1 } as Config, serverRunning: async () => false },
        { to: join(work, 'nothing') },
        'en',
      ).catch((err) => err);
      expect(out).toBeInstanceOf(CliError);
      expect(out.message).toMatch(/pg_dump is not installed/);
      expect(existsSync(join(work, 'nothing')) ? readdirSync(join(work, 'nothing')) : []).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.PG_DUMP;
      else process.env.PG_DUMP = saved;
    }
  });
});

describe('automatic backups (embedded database)', () => {
  it.skipIf(onPostgres)(
    'keeps the last K, and a failure is recorded and shown to administrators',
    async () => {
      const dataDir = join(work, 'auto');
      for (let i = 0; i < 3; i++) expect((await runAutomaticBackup(ctx.database, { dataDir, keep: 2 })).ok).toBe(true);
      expect(readdirSync(join(dataDir, 'backups')).filter((f) => /^ubo-backup-automatic-.*\.tar$/.test(f))).toHaveLength(2);

      const bell = async () =>
        (await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(demo.token) })).json() as {
          groups: { key: string; count: number; items: { text: string }[] }[];
        };
      expect((await bell()).groups.find((g) => g.key === 'backups')?.count ?? 0).toBe(0);
      // A data directory that cannot hold a backups folder (a file is in its way).
      const blocked = join(work, 'blocked');
      mkdirSync(blocked);
      writeFileSync(join(blocked, 'backups'), 'not a folder');
      const failed = await runAutomaticBackup(ctx.database, { dataDir: blocked, keep: 2 });
      expect(failed.ok).toBe(false);
      const group = (await bell()).groups.find((g) => g.key === 'backups');
      expect(group?.count).toBe(1);
      expect(group?.items[0].text).toMatch(/automatic backup failed/);
      // Another organisation's administrator of this one-machine installation sees it too; a cashier does not.
      expect((await runAutomaticBackup(ctx.database, { dataDir, keep: 2 })).ok).toBe(true);
      expect((await bell()).groups.find((g) => g.key === 'backups')?.count ?? 0).toBe(0);
    },
    120_000,
  );
});

describe('the backup command while the server runs (embedded database)', () => {
  it.skipIf(onPostgres)(
    'asks the running server through its control socket',
    async () => {
      const dataDir = join(work, 'live');
      mkdirSync(dataDir);
      const close = await startControlSocket(ctx.database, { dataDir });
      try {
        // The server answers on its port: without the socket the command would refuse.
        const out = await backupCommand({ config: { dataDir, port: 1 } as Config, serverRunning: async () => true }, {}, 'en');
        expect(out[1]).toMatch(/Taken by the running server/);
        const [file] = readdirSync(join(dataDir, 'backups'));
        expect(out[0]).toContain(file);
        expect((await openBackupFile(join(dataDir, 'backups', file))).manifest.organisations.map((o) => o.code)).toContain(1000);
      } finally {
        await close();
      }
      // Server gone, socket gone: the command says the server must be stopped or restarted.
      const refused = await backupCommand({ config: { dataDir, port: 1 } as Config, serverRunning: async () => true }, {}, 'en').catch((err) => err);
      expect(refused).toBeInstanceOf(CliError);
      expect(refused.message).toMatch(/not on .*control\.sock/);
    },
    120_000,
  );
});

describe('upgrades', () => {
  it('a failed migration leaves the database as it was and names the backup taken before it', async () => {
    const dir = join(work, 'migrations');
    mkdirSync(dir);
    const real = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
    for (const f of await migrationFiles()) copyFileSync(join(real, f), join(dir, f));
    writeFileSync(
      join(dir, '9990_backup_test_ok.sql'),
      "CREATE TABLE backup_test_ok (x int); INSERT INTO backup_test_ok VALUES (1); UPDATE clients SET name = name || '!';",
    );
    writeFileSync(join(dir, '9991_backup_test_bad.sql'), 'SELECT 1 / 0;');
    // The job worker keeps running beside the upgrade (its installation rounds touch `jobs`): left out.
    const content = async () => {
      const { jobs: _jobs, ...rest } = await hashesOf(ctx.database);
      return rest;
    };
    const before = await content();
    const dataDir = join(work, 'upgrade');
    const failure = await migrateWithBackup(ctx.database, { dataDir, keep: 7, migrationsDir: `${dir}/` }).catch((err) => err);
    expect(failure).toBeInstanceOf(UpgradeError);
    expect(failure.message).toMatch(/9991_backup_test_bad\.sql failed/);
    expect(failure.message).toMatch(/as it was before the upgrade/);
    expect(await content()).toEqual(before);
    if (!onPostgres) {
      expect(failure.backupFile).toMatch(/ubo-backup-pre-upgrade-.*\.tar$/);
      expect(failure.message).toContain(failure.backupFile);
      const taken = await openBackupFile(failure.backupFile);
      expect(taken.manifest.reason).toBe('pre-upgrade');
      expect(taken.manifest.migrations).toEqual(await migrationFiles());
    }
  }, 120_000);

  it.skipIf(onPostgres)(
    'after a successful upgrade only the newest BACKUP_KEEP pre-upgrade backups are kept; a failed one deletes nothing',
    async () => {
      const real = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
      const migrationsWith = (name: string, extra: Record<string, string>) => {
        const dir = join(work, name);
        mkdirSync(dir);
        for (const f of readdirSync(real).filter((f) => f.endsWith('.sql'))) copyFileSync(join(real, f), join(dir, f));
        for (const [f, body] of Object.entries(extra)) writeFileSync(join(dir, f), body);
        return `${dir}/`;
      };
      const dataDir = join(work, 'prune');
      const backups = join(dataDir, 'backups');
      mkdirSync(backups, { recursive: true });
      // Earlier upgrades' backups, an automatic one and a manual one (names sort by time).
      const older = ['20240101-000000000Z', '20250101-000000000Z', '20260101-000000000Z'].map((t) => `ubo-backup-pre-upgrade-${t}-pglite.tar`);
      const others = ['ubo-backup-automatic-20200101-000000000Z-pglite.tar', 'ubo-backup-20200101-000000000Z-pglite.tar'];
      for (const f of [...older, ...others]) writeFileSync(join(backups, f), 'an earlier backup');
      const preUpgrade = () =>
        readdirSync(backups)
          .filter((f) => f.startsWith('ubo-backup-pre-upgrade-'))
          .sort();

      // A failed upgrade: its backup is added and nothing is deleted, whatever BACKUP_KEEP says.
      const failure = await migrateWithBackup(ctx.database, {
        dataDir,
        keep: 1,
        migrationsDir: migrationsWith('m-bad', { '9991_backup_test_bad.sql': 'SELECT 1 / 0;' }),
      }).catch((err) => err);
      expect(failure).toBeInstanceOf(UpgradeError);
      expect(preUpgrade()).toHaveLength(4);
      const failedBackup = failure.backupFile.split('/').pop();
      expect(preUpgrade()).toContain(failedBackup);
      for (const f of [...older, ...others]) expect(existsSync(join(backups, f))).toBe(true);

      // A successful upgrade with BACKUP_KEEP=2: its backup and the newest earlier one stay, the rest go.
      const lines: string[] = [];
      try {
        const applied = await migrateWithBackup(ctx.database, {
          dataDir,
          keep: 2,
          migrationsDir: migrationsWith('m-ok', { '9992_backup_test_noop.sql': 'SELECT 1;' }),
          log: (line) => lines.push(line),
        });
        expect(applied).toEqual(['9992_backup_test_noop.sql']);
      } finally {
        await ctx.database.execScript("DELETE FROM schema_migrations WHERE name = '9992_backup_test_noop.sql'");
      }
      const kept = preUpgrade();
      expect(kept).toHaveLength(2);
      expect(kept[0]).toBe(failedBackup);
      expect(lines[0]).toContain(kept[1]);
      expect(lines[1]).toMatch(/Removed 3 older pre-upgrade backup/);
      expect((await openBackupFile(join(backups, kept[1]))).manifest.reason).toBe('pre-upgrade');
      // Automatic and manual backups are not pre-upgrade ones: untouched.
      for (const f of others) expect(existsSync(join(backups, f))).toBe(true);
    },
    120_000,
  );
});

describe("an organisation's export", () => {
  it('holds every table of the organisation and no row of another; only its administrator downloads it', async () => {
    const other = await newOrganisation(ctx, { name: 'Other Water' });
    const [cash] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${other.clientId} and code = '1010'`),
    );
    const [expense] = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${other.clientId} and code = '5020'`),
    );
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/api/finance/transaction',
      headers: bearer(other.token),
      payload: {
        date: new Date().toISOString().slice(0, 10),
        lines: [
          { accountId: Number(expense.id), debit: '7.00' },
          { accountId: Number(cash.id), credit: '7.00' },
        ],
      },
    });
    expect(posted.statusCode).toBe(201);

    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/organisation-export',
      headers: bearer(demo.token),
      payload: { includeFiles: true },
    });
    expect(start.statusCode).toBe(202);
    const { jobId } = start.json() as { jobId: number };
    await waitForJobs(ctx.database.db);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/settings/organisation-export', headers: bearer(demo.token) })).json();
    expect(list.data[0]).toMatchObject({ jobId, status: 'done', includeFiles: true });
    // Another organisation cannot see or fetch it.
    const foreign = await ctx.app.inject({ method: 'GET', url: `/api/settings/organisation-export/${jobId}/download`, headers: bearer(other.token) });
    expect(foreign.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings/organisation-export', headers: bearer(other.token) })).json().data).toEqual([]);

    const download = await ctx.app.inject({ method: 'GET', url: `/api/settings/organisation-export/${jobId}/download`, headers: bearer(demo.token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(download.rawPayload);

    // Every table with an organisation column (that the organisation's role may read) is in it.
    const catalogue = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ name: string; readable: boolean }>(
        tx,
        sql`select c.relname as name, has_table_privilege('ubo_app', c.oid, 'SELECT') as readable from pg_class c
            join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
            where c.relkind in ('r', 'p') and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'client_id' and not a.attisdropped)`,
      ),
    );
    const names = Object.keys(zip.files);
    for (const t of catalogue) {
      if (t.readable) expect(names).toContain(`${t.name}.csv`);
      else {
        // Not readable by the organisation: a working table, empty between transactions.
        const [n] = await inSystem(ctx.database.db, (tx) => queryRows<{ n: number }>(tx, sql.raw(`select count(*)::int as n from ${ident(t.name)}`)));
        expect(n.n).toBe(0);
      }
    }
    expect(names).toContain('clients.csv');
    expect(names).toContain('README.md');
    // Documents were not asked for: no documents/ folder.
    expect(names.filter((n) => n.startsWith('documents/'))).toEqual([]);
    expect(await zip.file('README.md')?.async('string')).toMatch(/## journal_lines\.csv/);

    // No row of another organisation: every client_id cell is the demo's, and the clients file is its row.
    const otherRows = await inSystem(ctx.database.db, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from journal_lines where client_id = ${other.clientId}`),
    );
    expect(otherRows[0].n).toBeGreaterThan(0);
    let cells = 0;
    for (const name of names.filter((n) => n.endsWith('.csv'))) {
      const text = (await zip.file(name)?.async('string')) ?? '';
      const [header, ...records] = parseCsv(text);
      const at = header.indexOf('client_id');
      if (at < 0) continue;
      for (const record of records) {
        expect(record[at]).toBe(String(demo.clientId));
        cells++;
      }
    }
    expect(cells).toBeGreaterThan(1000);
    const clientsCsv = parseCsv((await zip.file('clients.csv')?.async('string')) ?? '');
    expect(clientsCsv).toHaveLength(2);
    expect(clientsCsv[1][clientsCsv[0].indexOf('id')]).toBe(String(demo.clientId));
    // Secrets are withheld.
    const users = (await zip.file('users.csv')?.async('string')) ?? '';
    expect(users).toContain('[withheld]');
    expect(users).not.toMatch(/\$argon2/);
  }, 180_000);

  it("with its documents: a bills PDF per billed period, a PDF per sales and purchase document, none of another organisation's", async () => {
    // This organisation's store (sales, purchases); another with its own bills and store, numbered alike.
    await seedDemoStoreIfEmpty(ctx.database.db);
    const third = await newOrganisation(ctx, { name: 'Third Water Company' });
    await seedDemoBilling(ctx.database.db, { code: third.code, username: 'admin' });
    await seedDemoStore(ctx.database.db, { code: third.code, username: 'admin' });
    const count = (clientId: number, from: string, where = 'true') =>
      inSystem(ctx.database.db, (tx) =>
        queryRows<{ n: number }>(tx, sql.raw(`select count(*)::int as n from ${from} where client_id = ${Number(clientId)} and ${where}`)),
      ).then(([r]) => r.n);
    const periodsOf = (clientId: number) =>
      inSystem(ctx.database.db, (tx) =>
        queryRows<{ period: string; n: number }>(
          tx,
          sql`select period, count(*)::int as n from bills where client_id = ${clientId} group by period order by period`,
        ),
      );
    const salesKinds = "kind in ('invoice', 'receipt', 'return')";
    for (const id of [demo.clientId, third.clientId]) {
      expect((await periodsOf(id)).length).toBeGreaterThan(0);
      expect(await count(id, 'sales_documents', salesKinds)).toBeGreaterThan(0);
    }
    const [demoOrg] = await inSystem(ctx.database.db, (tx) => queryRows<{ name: string }>(tx, sql`select name from clients where id = ${demo.clientId}`));

    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/organisation-export',
      headers: bearer(demo.token),
      payload: { includeDocuments: true },
    });
    expect(start.statusCode).toBe(202);
    const { jobId } = start.json() as { jobId: number };
    await waitForJobs(ctx.database.db);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/settings/organisation-export', headers: bearer(demo.token) })).json();
    const job = list.data.find((j: { jobId: number }) => j.jobId === jobId);
    expect(job).toMatchObject({ status: 'done', includeFiles: false, includeDocuments: true });
    // The progress counted the documents beside the tables.
    expect(job.total).toBeGreaterThan(job.tables + (await periodsOf(demo.clientId)).length);
    expect(job.processed).toBe(job.total);
    const download = await ctx.app.inject({ method: 'GET', url: `/api/settings/organisation-export/${jobId}/download`, headers: bearer(demo.token) });
    const zip = await JSZip.loadAsync(download.rawPayload);
    const inFolder = (folder: string) =>
      Object.keys(zip.files)
        .filter((n) => n.startsWith(`documents/${folder}/`) && !zip.files[n].dir)
        .sort();
    const pdf = async (name: string) => {
      const bytes = Buffer.from((await zip.file(name)?.async('uint8array')) ?? []);
      expect(bytes.subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
      const text = pdfText(bytes);
      // Drawn with this organisation's header, never the other's.
      expect(text, name).toContain(demoOrg.name);
      expect(text, name).not.toContain('Third Water Company');
      return bytes;
    };

    // One PDF per billed period, a page per bill of this organisation in it.
    const periods = await periodsOf(demo.clientId);
    expect(inFolder('bills')).toEqual(periods.map((p) => `documents/bills/bills-${p.period}.pdf`));
    for (const p of periods) expect(pdfPageCount(await pdf(`documents/bills/bills-${p.period}.pdf`))).toBe(p.n);
    // One PDF per invoice, receipt and return; one per purchase, order and purchase return.
    const sales = inFolder('sales');
    expect(sales).toHaveLength(await count(demo.clientId, 'sales_documents', salesKinds));
    for (const name of sales) await pdf(name);
    const purchases = inFolder('purchases');
    expect(purchases).toHaveLength(
      (await count(demo.clientId, 'purchases')) + (await count(demo.clientId, 'purchase_orders')) + (await count(demo.clientId, 'purchase_returns')),
    );
    expect(purchases.length).toBeGreaterThan(0);
    for (const name of purchases) await pdf(name);
    const readme = (await zip.file('README.md')?.async('string')) ?? '';
    expect(readme).toContain('## documents/');
    expect(readme).toContain(`documents/bills/bills-YYYY-MM.pdf: every bill of one billing period`);
  }, 300_000);

  it('the operator exports one organisation from the command line', async () => {
    const dir = join(work, 'exports');
    const out = await runCommandLine(ctx.database.db, ['export-organisation', '--code', '1000', '--to', dir, '--documents', 'yes'], { LANG: 'C' });
    expect(out.stderr).toEqual([]);
    expect(out.exitCode).toBe(0);
    const [file] = readdirSync(dir);
    expect(out.stdout[0]).toContain(file);
    const zip = await JSZip.loadAsync(readFileSync(join(dir, file)));
    expect(Object.keys(zip.files)).toContain('journal_entries.csv');
    expect(Object.keys(zip.files).filter((n) => /^documents\/bills\/bills-\d{4}-\d{2}\.pdf$/.test(n)).length).toBeGreaterThan(0);
    const missing = await runCommandLine(ctx.database.db, ['export-organisation', '--code', '424242', '--to', dir], { LANG: 'C' });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr[0]).toMatch(/No organisation has code 424242/);
  }, 120_000);

  it('refuses without the privilege', async () => {
    const cashier = await signIn(ctx, { username: 'cashier', password: 'Cashier@2026', code: 1000 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/organisation-export',
      headers: bearer(cashier),
      payload: {},
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(403);
  });
});
