// `npm test`: API tests on PGlite (and again on PostgreSQL when TEST_DATABASE_URL is set), web unit
// tests, then the browser journeys against a fresh build. Prints one closing line `N passed, N failed`.
// The PostgreSQL pass runs beside the browser journeys: much of its work is the database server's and the
// journeys spend much of theirs waiting on the page, so together they fill two cores better than in turn.
// The suite running beside writes its output to a file, printed when it ends.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, '.tmp/test-results');
mkdirSync(out, { recursive: true });
const vitest = join(root, 'node_modules/.bin/vitest');
const only = process.argv[2]; // optional: api | web | e2e

const suites = [
  // Two workers: PGlite runs inside the worker's process, so one file keeps one core busy and Vitest's default
  // (cpus - 1) would leave the second core idle while nothing else runs.
  { name: 'api (PGlite)', kind: 'api', args: ['run', '--root', 'packages/server', '--maxWorkers=2'], env: { TEST_DATABASE_URL: '' } },
  ...(process.env.TEST_DATABASE_URL
    ? // Four workers: a file here mostly waits on the database server (measured: 190 s of CPU, Node and
      // PostgreSQL together, in 490 s with one worker), so several files overlap their waits.
      [{ name: 'api (PostgreSQL)', kind: 'api', args: ['run', '--root', 'packages/server', '--maxWorkers=4'], env: {}, beside: true }]
    : []),
  { name: 'web unit', kind: 'web', args: ['run', '--root', 'packages/web'], env: {} },
  { name: 'browser', kind: 'e2e', args: ['run', '--config', 'packages/web/e2e/vitest.config.ts'], env: {}, build: true },
].filter((s) => !only || s.kind === only);

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

function record(suite, started, { file, code }) {
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
  timings.push(`${suite.name}: ${Math.round((Date.now() - started) / 1000)} s`);
  slowest.push(`${suite.name}: ${slowestFiles(report)}`);
}

const besides = [];
for (const [i, suite] of suites.entries()) {
  const started = Date.now();
  if (suite.beside && suites.some((s) => s.build)) {
    const logFile = join(out, `suite-${i}.log`);
    console.log(`\n=== ${suite.name} (beside the next suites; output in ${logFile}) ===`);
    besides.push(runSuite(suite, i, logFile).then((result) => ({ suite, started, result, logFile })));
    continue;
  }
  if (suite.build) {
    const b = spawnSync('npm', ['run', 'build', '-w', '@ubo/web'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) {
      console.log(`\n${suite.name}: web build failed`);
      failed += 1;
      continue;
    }
  }
  console.log(`\n=== ${suite.name} ===`);
  record(suite, started, await runSuite(suite, i));
}
for (const { suite, started, result, logFile } of await Promise.all(besides)) {
  console.log(`\n=== ${suite.name} (ran beside) ===`);
  console.log(readFileSync(logFile, 'utf8'));
  record(suite, started, result);
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
