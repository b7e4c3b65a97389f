// Runs once before the API tests: migrates ONE template database, which every test file then copies
// instead of migrating its own (about 30 migrations per file was most of a small file's time).
// - PostgreSQL (TEST_DATABASE_URL): a template database; each file runs CREATE DATABASE ... TEMPLATE.
// - PGlite: a dump of a migrated in-memory database in a temporary file; each file loads it (no initdb).
// A file still runs migrate() on its copy, which applies only what the template lacks.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database's name; '' when the tests run on PGlite. */
    pgTemplate: string;
    /** PGlite: the path of the migrated data directory's dump; '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const name = `ubo_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`); // a generated hex name, never input
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    await migrate(database);
    await database.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'ubo-api-template-'));
  const database = await openDatabase({});
  await migrate(database);
  const dump = await database.dumpDataDir!();
  await database.close();
  const file = join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgTemplate', '');
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
