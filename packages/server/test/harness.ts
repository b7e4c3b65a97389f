// Test harness: a fresh migrated database per test file (PGlite in memory, or a new database on the
// PostgreSQL of TEST_DATABASE_URL), the app on it, and helpers to sign in and create organisations.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { assertTenantIsolation } from '../src/db/tenant.ts';
import { createOrganisation } from '../src/modules/users/index.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** PostgreSQL: this file's database (pg_dump, pg_restore); undefined on PGlite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

let ipCounter = 1;
/** A distinct client address per call, so per-IP sign-in throttling of one test does not hit another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** The migrated template of this run (test/global-setup.ts), when the file runs under it. */
function template(key: 'pgTemplate' | 'pgliteTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return ''; // run without the global setup (a script importing the harness)
  }
}

let pgliteTemplate: Blob | undefined;

async function openTestDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const file = template('pgliteTemplate');
    if (file && !pgliteTemplate) pgliteTemplate = new Blob([readFileSync(file)]);
    return { database: await openDatabase({ loadDataDir: pgliteTemplate }), drop: async () => {} };
  }
  const name = `ubo_test_${randomBytes(6).toString('hex')}`;
  const tpl = template('pgTemplate');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  // Generated hex names, never input.
  await admin.query(tpl ? `CREATE DATABASE ${name} TEMPLATE ${tpl}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startTestApp(): Promise<TestContext> {
  const { database, url, drop } = await openTestDatabase();
  await migrate(database);
  await assertTenantIsolation(database.db);
  const app = await buildApp({ db: database.db, tokenSecret: randomBytes(32).toString('hex') });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

let orgCounter = 5000;
export async function newOrganisation(ctx: TestContext, overrides: { code?: number; name?: string; subscriptionExpiresOn?: string | null } = {}) {
  orgCounter += 1;
  const code = overrides.code ?? orgCounter;
  const password = 'Admin@2026';
  const { clientId, adminId } = await createOrganisation(ctx.database.db, {
    code,
    name: overrides.name ?? `Org ${code}`,
    adminUsername: 'admin',
    adminPassword: password,
    address: 'Mogadishu',
    phone: '+252615000000',
    subscriptionExpiresOn: overrides.subscriptionExpiresOn ?? null,
  });
  const token = await signIn(ctx, { username: 'admin', password, code });
  return { clientId, adminId, code, token, password };
}

export async function signIn(ctx: TestContext, body: { username: string; password: string; code: number }): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: nextIp() });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
