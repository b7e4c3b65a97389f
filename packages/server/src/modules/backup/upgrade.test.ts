// An upgrade as an operator meets it, with the real server process (embedded database): a data directory
// made by an older version (every migration but the last three) holding an organisation with a posted
// entry; the server of this version starts on it, takes the backup before the upgrade (its log names it,
// DATA_DIR/backups holds it), applies the rest and serves. After it stops, the database has every
// migration and verify-ledger finds it sound; the backup restores the older database (its migrations).
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyLedgerCommand } from '../../cli/ledger-commands.ts';
import { openDatabase } from '../../db/client.ts';
import { appliedMigrations, migrate, migrationFiles } from '../../db/migrate.ts';
import { queryRows } from '../../db/rows.ts';
import { inSystem, inTenant } from '../../db/tenant.ts';
import { postJournal } from '../../ledger/index.ts';
import { createOrganisation } from '../users/index.ts';
import { openBackupFile } from './backup-file.ts';
import { restorePglite } from './restore-backup.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const realMigrations = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'ubo-upgrade-test-'));
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const CODE = 4321;
const PASSWORD = 'Upgrade@2026';

describe.skipIf(onPostgres)('an upgrade by the real server (embedded database)', () => {
  it('takes a backup first, applies the rest, serves the old data; the backup restores the old version', async () => {
    // The older version: every migration but the last three.
    const all = await migrationFiles();
    const old = all.slice(0, -3);
    const newer = all.slice(-3);
    const oldDir = join(work, 'old-migrations');
    mkdirSync(oldDir);
    for (const f of old) copyFileSync(join(realMigrations, f), join(oldDir, f));
    const dataDir = join(work, 'data');
    mkdirSync(dataDir);
    const before = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    let entryNo: number;
    try {
      expect(await migrate(before, { dir: `${oldDir}/` })).toEqual(old);
      const { clientId } = await createOrganisation(before.db, {
        code: CODE,
        name: 'Upgraded Water',
        adminUsername: 'admin',
        adminPassword: PASSWORD,
        address: 'Hargeisa',
        phone: '+252634000000',
        subscriptionExpiresOn: null,
      });
      const accounts = await inSystem(before.db, (tx) =>
        queryRows<{ id: number; code: string }>(tx, sql`select id, code from accounts where client_id = ${clientId} and code in ('1010', '5020')`),
      );
      const id = (code: string) => Number(accounts.find((a) => a.code === code)?.id);
      const posted = await inTenant(before.db, clientId, (tx) =>
        postJournal(tx, {
          clientId,
          date: new Date().toISOString().slice(0, 10),
          sourceType: 'journal',
          memo: 'before the upgrade',
          lines: [
            { accountId: id('5020'), debit: '123.45' },
            { accountId: id('1010'), credit: '123.45' },
          ],
        }),
      );
      entryNo = Number(posted.entryNo);
    } finally {
      await before.close();
    }

    // This version's server on that data directory.
    const port = await freePort();
    let log = '';
    server = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'packages/server/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: '0',
        TZ: 'UTC',
        LOG_LEVEL: 'warn',
        BACKUP_EVERY_HOURS: '0',
        PGLITE_MAINTENANCE_MINUTES: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running = server;
    const add = (d: Buffer) => {
      log = (log + d.toString()).slice(-50_000);
    };
    running.stdout?.on('data', add);
    running.stderr?.on('data', add);
    const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    const signIn = () =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD, code: CODE }),
      });
    let answer: Response | undefined;
    for (const deadline = Date.now() + 120_000; ; ) {
      answer = await signIn().catch(() => undefined);
      if (answer) break;
      if (running.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    try {
      // It serves the old data: the administrator signs in and reads the entry posted before the upgrade.
      expect(answer.status, log).toBe(200);
      const { token } = (await answer.json()) as { token: string };
      const entries = await fetch(`${base}/api/finance/transaction`, { headers: { authorization: `Bearer ${token}` } });
      expect(entries.status).toBe(200);
      expect(JSON.stringify(await entries.json())).toContain('before the upgrade');

      // The backup before the upgrade: named in the log, in DATA_DIR/backups, of the older version.
      const backups = readdirSync(join(dataDir, 'backups'));
      expect(backups).toHaveLength(1);
      expect(backups[0]).toMatch(/^ubo-backup-pre-upgrade-.*-pglite\.tar$/);
      expect(log).toContain(`Backup before applying 3 migration(s): ${join(dataDir, 'backups', backups[0])}`);
    } finally {
      running.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      if (running.exitCode === null) running.kill('SIGKILL');
      await exited;
    }
    expect(existsSync(join(dataDir, 'control.sock'))).toBe(false);

    // Stopped: every migration applied, the books sound.
    const after = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      expect(await appliedMigrations(after)).toEqual(all);
      const verified = await verifyLedgerCommand(after.db, {}, 'en');
      expect(verified.stdout.join('\n')).toMatch(/sound/i);
      expect(verified.exitCode).toBe(0);
    } finally {
      await after.close();
    }

    // The backup is the older version's database: it restores to the old migration list (brought up to
    // this version's by exactly the three newer ones), with every row and the entry.
    const file = join(dataDir, 'backups', readdirSync(join(dataDir, 'backups'))[0]);
    expect((await openBackupFile(file)).manifest).toMatchObject({ reason: 'pre-upgrade', migrations: old });
    let restoredEntry: unknown[] = [];
    const restored = await restorePglite({
      file,
      dataDir: join(work, 'restored'),
      force: false,
      verify: async (database) => {
        restoredEntry = await inSystem(database.db, (tx) =>
          queryRows(tx, sql`select entry_no from journal_entries where memo = 'before the upgrade' and entry_no = ${entryNo}`),
        );
        return verifyLedgerCommand(database.db, {}, 'en');
      },
    });
    expect(restored.upgraded).toEqual(newer);
    expect(restored.counts.filter((c) => c.manifest !== c.restored)).toEqual([]);
    expect(restored.verify.exitCode).toBe(0);
    expect(restoredEntry).toHaveLength(1);
    expect(basename(file)).toContain('pre-upgrade');
  }, 300_000);
});
