// Runs once before the browser journeys: builds a template data directory (embedded database migrated
// and seeded with the demo organisation). Each journey file copies it instead of creating a database
// from nothing, which saves most of a server start (initdb, migrations, password hashing).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { browserAvailable } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template data directory, or '' when there is none (Chromium missing). */
    e2eTemplateDir: string;
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
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'ubo-e2e-template-'));
  const { openDatabase } = await import('../../server/src/db/client.ts');
  const { migrate } = await import('../../server/src/db/migrate.ts');
  const { assertTenantIsolation } = await import('../../server/src/db/tenant.ts');
  const { seedDemoIfEmpty } = await import('../../server/src/seed/demo.ts');
  const database = await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    await migrate(database);
    await assertTenantIsolation(database.db);
    await seedDemoIfEmpty(database.db);
  } finally {
    await database.close();
  }
  project.provide('e2eTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
