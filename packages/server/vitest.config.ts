import { defineConfig } from 'vitest/config';

// Files that change the process (environment variables at load, module mocks, fake timers) keep a fresh
// module graph of their own. Every other file shares its worker's loaded modules with the files before it
// (isolate: false): importing the server (contracts' schemas, fastify, drizzle) took about as long as a
// small file's tests, for each of ~70 files. Modules keep their state per database (WeakMap<Db, ...>), so
// files do not see each other's; a new test that changes the process belongs in this list.
const isolated = [
  'src/modules/sms/*.test.ts', // process.env at load, vi.mock('node:dns')
  'src/modules/auth/auth.test.ts', // process.env.LOGIN_IP_LIMIT
  'src/db/maintenance.test.ts', // fake timers
];

export default defineConfig({
  test: {
    // One migrated template database per run and project, copied by every file (see test/global-setup.ts).
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'api', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: isolated, isolate: false },
      },
      {
        extends: true,
        test: { name: 'api-isolated', include: isolated },
      },
    ],
  },
});
