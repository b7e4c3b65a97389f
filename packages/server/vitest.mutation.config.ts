import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The configuration Stryker's Vitest runner loads (`npm run mutation`, stryker.config.mjs). Stryker runs
// the tests in a copy of the repository (its sandbox) where node_modules is a link to the real one, so
// `@ubo/contracts` would resolve to the unmutated sources: the alias points it at the sandbox's copy,
// where the pricing and reading rules are mutated. The runner itself forces one thread and no coverage.
export default defineConfig({
  // Stryker starts Vitest from the repository root; the tests and their setup are this package's.
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: { '@ubo/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) } },
  test: {
    globalSetup: ['./test/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files share the worker's loaded modules (as in vitest.config.ts): a fresh module graph per run made
    // a mutant cost ten times as much. Mutants read the active mutant when their code runs, so only code
    // run at module load (static mutants) would need a reload: stryker.config.mjs leaves those out.
    isolate: false,
  },
});
