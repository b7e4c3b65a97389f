// `npm run mutation [-- <area>...] [--incremental] [--concurrency=N]`: Stryker on the money rules, area by
// area (stryker.config.mjs), then one line per area with its mutation score and every surviving mutant
// (file:line, what was changed). Areas: ledger, payments, bills, metering (the default, minutes each) and
// ledger-db, payments-db, bills-db (the rules that need a database: hours, only when named).
// --incremental reuses the last run's results for mutants whose code and tests did not change.
import { Stryker } from '@stryker-mutator/core';
import { areas, defaultAreas, mutationConfig } from '../stryker.config.mjs';

const args = process.argv.slice(2);
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !(n in areas));
if (unknown.length > 0) {
  console.error(`Unknown area: ${unknown.join(', ')}. Areas: ${Object.keys(areas).join(', ')}`);
  process.exit(2);
}
const incremental = args.includes('--incremental');
const concurrencyArg = args.find((a) => a.startsWith('--concurrency='));
const concurrency = concurrencyArg ? Number(concurrencyArg.split('=')[1]) : 2;

const detected = new Set(['Killed', 'Timeout']);
const undetected = new Set(['Survived', 'NoCoverage']);
const summary = [];
for (const name of names.length > 0 ? names : defaultAreas) {
  const started = Date.now();
  console.log(`\n=== mutation: ${name} (${areas[name].about}) ===`);
  const results = await new Stryker(mutationConfig([name], { concurrency, incremental })).runMutationTest();
  const killed = results.filter((r) => detected.has(r.status)).length;
  const missed = results.filter((r) => undetected.has(r.status));
  const valid = killed + missed.length;
  const score = valid === 0 ? 100 : (100 * killed) / valid;
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  const ignored = results.filter((r) => r.status === 'Ignored').length;
  summary.push({ name, score, killed, valid, ignored, invalid: results.length - valid - ignored, minutes, missed });
}

console.log('\n=== mutation score per area ===');
for (const s of summary) {
  console.log(
    `${s.name.padEnd(9)} ${s.score.toFixed(1).padStart(5)} %  (${s.killed}/${s.valid} detected, ${s.missed.length} undetected; ` +
      `${s.ignored} static left out, ${s.invalid} not valid code; ${s.minutes} min)`,
  );
}
for (const s of summary) {
  for (const m of s.missed) {
    const at = `${m.fileName.replace(/^.*?packages\//, 'packages/')}:${m.location.start.line}`;
    console.log(`  ${s.name} ${m.status.toLowerCase()}: ${at} ${m.mutatorName}: ${JSON.stringify(m.replacement ?? '')}`);
  }
}
