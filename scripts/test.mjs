// `npm test`: API tests on PGlite (and again on PostgreSQL when TEST_DATABASE_URL is set), web unit
// tests, then the browser journeys against a fresh build. Prints one closing line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, '.tmp/test-results');
mkdirSync(out, { recursive: true });
const vitest = join(root, 'node_modules/.bin/vitest');
const only = process.argv[2]; // optional: api | web | e2e

const suites = [
  { name: 'api (PGlite)', kind: 'api', args: ['run', '--root', 'packages/server'], env: { TEST_DATABASE_URL: '' } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'api (PostgreSQL)', kind: 'api', args: ['run', '--root', 'packages/server'], env: {} }]
    : []),
  { name: 'web unit', kind: 'web', args: ['run', '--root', 'packages/web'], env: {} },
  { name: 'browser', kind: 'e2e', args: ['run', '--config', 'packages/web/e2e/vitest.config.ts'], env: {}, build: true },
].filter((s) => !only || s.kind === only);

let passed = 0;
let failed = 0;
let skipped = 0;
const timings = [];
const slowest = [];
for (const [i, suite] of suites.entries()) {
  const started = Date.now();
  if (suite.build) {
    const b = spawnSync('npm', ['run', 'build', '-w', '@ubo/web'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) {
      console.log(`\n${suite.name}: web build failed`);
      failed += 1;
      continue;
    }
  }
  const file = join(out, `suite-${i}.json`);
  console.log(`\n=== ${suite.name} ===`);
  const run = spawnSync(vitest, [...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  });
  if (!existsSync(file)) {
    console.log(`${suite.name}: runner failed before reporting (exit ${run.status})`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  const suiteFailed = report.numFailedTests + countFilesFailedWithoutFailedTest(report);
  failed += suiteFailed;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  console.log(`${suite.name}: ${report.numPassedTests} passed, ${suiteFailed} failed, ${report.numPendingTests} skipped`);
  timings.push(`${suite.name}: ${Math.round((Date.now() - started) / 1000)} s`);
  slowest.push(`${suite.name}: ${slowestFiles(report)}`);
}

// The files that took longest (where to look when a suite grows): name and seconds, slowest first.
function slowestFiles(report) {
  return report.testResults
    .map((r) => ({ file: r.name.split('/').pop(), s: (r.endTime - r.startTime) / 1000 }))
    .sort((a, b) => b.s - a.s)
    .slice(0, 5)
    .map((f) => `${f.file} ${f.s.toFixed(0)} s`)
    .join(', ');
}

// A file that fails to load (or whose hooks fail) counts as a failure even though it reports no failed
// test. numFailedTestSuites cannot be used for this: it also counts every describe block around a failed test.
function countFilesFailedWithoutFailedTest(report) {
  return report.testResults.filter((r) => r.status === 'failed' && !r.assertionResults.some((a) => a.status === 'failed')).length;
}

console.log(`\nslowest files: ${slowest.join('; ')}`);
console.log(`suite times (with the build): ${timings.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
