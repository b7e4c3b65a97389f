// Runs once before the browser journeys:
// - builds a template data directory (embedded database migrated and seeded with the demo
//   organisation). Each journey file copies it instead of creating a database from nothing, which saves
//   most of a server start (initdb, migrations, password hashing);
// - takes a private copy of the built web app (packages/web/dist) that every server of the run serves,
//   so a rebuild during the run (another `npm run build`) cannot leave a page without its scripts;
// - builds the server into one JavaScript file that every journey's server runs (server-build.ts).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { browserAvailable } from './harness.ts';
import { buildServer } from './server-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template data directory, or '' when there is none (Chromium missing). */
    e2eTemplateDir: string;
    /** The copy of the built web app the servers serve, or '' (then packages/web/dist itself). */
    e2eWebDist: string;
    /** The server built into one file, run with node; '' (then its sources, through tsx). */
    e2eServer: string;
  }
}

const webDist = fileURLToPath(new URL('../dist/', import.meta.url));

/** Copies the built web app; again if a build replaced files meanwhile (every script index.html names must be there). */
async function copyWebApp(to: string): Promise<void> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build -w @ubo/web` first (node scripts/test.mjs e2e does).');
  }
  for (let attempt = 1; ; attempt++) {
    rmSync(to, { recursive: true, force: true });
    cpSync(webDist, to, { recursive: true });
    const html = readFileSync(join(to, 'index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
    if (assets.length > 0 && assets.every((a) => existsSync(join(to, a)))) return;
    if (attempt === 10) throw new Error(`packages/web/dist is incomplete (a build still running?): ${assets.join(', ')}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export default async function setup(project: TestProject) {
  let available: boolean;
  try {
    available = browserAvailable();
  } catch {
    available = false; // under CI every file fails loudly on its own
  }
  if (!available) {
    project.provide('e2eTemplateDir', '');
    project.provide('e2eWebDist', '');
    project.provide('e2eServer', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'ubo-e2e-template-'));
  let server = '';
  const cleanUp = () => {
    rmSync(dir, { recursive: true, force: true });
    if (server) for (const file of [server, `${server}.map`]) rmSync(file, { force: true });
  };
  try {
    await copyWebApp(join(dir, 'web'));
    server = await buildServer();
    await makeTemplate(join(dir, 'data'));
  } catch (err) {
    cleanUp();
    throw err;
  }
  project.provide('e2eWebDist', join(dir, 'web'));
  project.provide('e2eTemplateDir', join(dir, 'data'));
  project.provide('e2eServer', server);
  return cleanUp;
}

async function makeTemplate(dir: string): Promise<void> {
  const { openDatabase } = await import('../../server/src/db/client.ts');
  const { migrate } = await import('../../server/src/db/migrate.ts');
  const { assertTenantIsolation } = await import('../../server/src/db/tenant.ts');
  const { seedDemoIfEmpty } = await import('../../server/src/seed/demo.ts');
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    await migrate(database);
    await assertTenantIsolation(database.db);
    await seedDemoIfEmpty(database.db);
  } finally {
    await database.close();
  }
}
