import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.ts'],
    // A migrated, seeded database made once and copied by every file (see global-setup.ts).
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    // expect.poll waits as long as a locator does (page.setDefaultTimeout, 15 s): its own 1 s default failed
    // journeys on a busy machine (a mini sidebar still opening on hover, a list still reloading).
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 180_000,
    // Several journeys at a time (two, or E2E_MAX_WORKERS: scripts/test.mjs asks three): each file has its own
    // server, data directory, port and Chromium, and a journey spends most of its time waiting on the page
    // (one file alone kept about a quarter of one core busy).
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_MAX_WORKERS ?? 2),
    pool: 'forks',
  },
});
