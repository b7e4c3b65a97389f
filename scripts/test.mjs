// `npm test`: API tests on PGlite (and again on PostgreSQL when TEST_DATABASE_URL is set), web unit
// tests, and the browser journeys against a fresh build. Prints one closing line `N passed, N failed`.
// `npm test -- api|web|e2e` runs one kind alone.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, '.tmp/test-results');
mkdirSync(out, { recursive: true });
const vitest = join(root, 'node_modules/.bin/vitest');
const only = process.argv[2]; // optional: api | web | e2e

// Two lanes run side by side, each suite in its lane in turn:
// - the browser lane: build the web app, then the journeys (three at a time: a journey mostly waits on its
//   page, measured at about half a core for two);
// - the API lane: PGlite (one worker: it is CPU-bound, and beside the journeys a second worker only took
//   their core), then PostgreSQL (four workers: a file there mostly waits on the database server), then the
//   web unit tests.
// The journeys are the long pole (about 900 s of waiting); the API lane fits beside them instead of before.
const suites = [
  { name: 'api (PGlite)', kind: 'api', lane: 'api', args: ['run', '--root', 'packages/server', '--maxWorkers=1'], env: { TEST_DATABASE_URL: '' } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'api (PostgreSQL)', kind: 'api', lane: 'api', args: ['run', '--root', 'packages/server', '--maxWorkers=4'], env: {} }]
    : []),
  { name: 'web unit', kind: 'web', lane: 'api', args: ['run', '--root', 'packages/web'], env: {} },
  {
    name: 'browser',
    kind: 'e2e',
    lane: 'browser',
    args: ['run', '--config', 'packages/web/e2e/vitest.config.ts'],
    env: { E2E_MAX_WORKERS: process.env.E2E_MAX_WORKERS ?? '3' },
    build: true,
  },
].filter((s) => !only || s.kind === only);
// Run alone (one kind asked for, or only one suite), a suite may use both cores and prints as it goes.
if (suites.length === 1 && suites[0].kind === 'api') suites[0].args = suites[0].args.map((a) => (a === '--maxWorkers=1' ? '--maxWorkers=2' : a));

let passed = 0;
let failed = 0;
let skipped = 0;
const timings = [];
const slowest = [];

/** Runs one suite; `logFile` set: its output goes there instead of the terminal. Resolves with its report file. */
function runSuite(suite, i, logFile) {
  const file = join(out, `suite-${i}.json`);
  const args = [...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  return new Promise((resolve) => {
    const child = spawn(vitest, args, { cwd: root, stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...suite.env } });
    if (logFile) {
      const log = createWriteStream(logFile);
      child.stdout.pipe(log);
      child.stderr.pipe(log);
    }
    child.on('close', (code) => resolve({ file, code }));
  });
}

function record(suite, seconds, { file, code }) {
  if (!existsSync(file)) {
    console.log(`${suite.name}: runner failed before reporting (exit ${code})`);
    failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  const suiteFailed = report.numFailedTests + countFilesFailedWithoutFailedTest(report);
  failed += suiteFailed;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  console.log(`${suite.name}: ${report.numPassedTests} passed, ${suiteFailed} failed, ${report.numPendingTests} skipped`);
  timings.push(`${suite.name}: ${seconds} s`);
  slowest.push(`${suite.name}: ${slowestFiles(report)}`);
}

const t0 = Date.now();
const lanes = [...new Set(suites.map((s) => s.lane))];
const alone = lanes.length === 1;
const finished = [];
/** Runs a lane's suites in turn; beside another lane each writes to a log file, printed when all have ended. */
async function runLane(lane) {
  for (const [i, suite] of suites.entries()) {
    if (suite.lane !== lane) continue;
    const started = Date.now();
    if (suite.build) {
      const b = spawnSync('npm', ['run', 'build', '-w', '@ubo/web'], { cwd: root, stdio: alone ? 'inherit' : 'pipe' });
      if (b.status !== 0) {
        console.log(`\n${suite.name}: web build failed\n${b.stdout ?? ''}${b.stderr ?? ''}`);
        failed += 1;
        continue;
      }
    }
    const logFile = alone ? undefined : join(out, `suite-${i}.log`);
    console.log(alone ? `\n=== ${suite.name} ===` : `=== ${suite.name}: started at ${Math.round((Date.now() - t0) / 1000)} s (output in ${logFile}) ===`);
    const result = await runSuite(suite, i, logFile);
    if (!alone) console.log(`=== ${suite.name}: ended at ${Math.round((Date.now() - t0) / 1000)} s ===`);
    finished.push({ i, suite, seconds: Math.round((Date.now() - started) / 1000), result, logFile });
  }
}
await Promise.all(lanes.map(runLane));
for (const { suite, seconds, result, logFile } of finished.sort((a, b) => a.i - b.i)) {
  if (logFile) {
    console.log(`\n=== ${suite.name} ===`);
    console.log(readFileSync(logFile, 'utf8'));
  }
  record(suite, seconds, result);
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
console.log(`all suites: ${Math.round((Date.now() - t0) / 1000)} s`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
