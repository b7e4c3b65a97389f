// Mutation testing of the money rules (`npm run mutation [-- <area>...]`, scripts/mutation.mjs): Stryker
// changes one operator, condition or constant at a time in the files below and runs the tests named for
// them; a change no test notices (a surviving mutant) is a rule without a test. Not part of CI or
// `npm test`. Each area mutates only the rules (not SQL text) and runs only its own tests.
// Results: bench/results/mutation.md; reports (HTML, JSON) in .tmp/mutation/.

const server = 'packages/server/src';
const contracts = 'packages/contracts/src';

/**
 * Area name -> the files (or line ranges) mutated and the test files that judge them. The four areas
 * (run by default) take the money rules that are pure functions, judged by tests without a database:
 * minutes each. The `-db` areas add the rules that only run against a database (postJournal's checks,
 * allocation, bill creation), judged by the API test files: each mutant restarts a PGlite file, so they
 * take hours on two shared cores and run only when named (`npm run mutation -- ledger-db`).
 */
export const areas = {
  ledger: {
    about: 'two-decimal money, natural balances, netting lines per account and party, the limit refusal field',
    mutate: [`${server}/ledger/money.ts`, `${server}/ledger/post-journal.ts:89-101`, `${server}/ledger/post-journal.ts:235-266`],
    testFiles: [`${server}/ledger/money.test.ts`, `${server}/ledger/post-journal.helpers.test.ts`],
  },
  payments: {
    about: 'the payment posting, the oldest-first proposal that allocation follows',
    mutate: [`${server}/modules/payments/payment.posting.ts`, `${contracts}/payments/fields.ts:66-88`],
    testFiles: [`${server}/modules/payments/payment.rules.test.ts`],
  },
  bills: {
    about: 'tariff pricing (priceConsumption, block checks), the bill posting',
    mutate: [`${contracts}/billing/pricing.ts`, `${server}/modules/bills/bill.posting.ts`],
    testFiles: [`${server}/modules/tariffs/price-consumption*.test.ts`, `${server}/modules/bills/bill.posting.test.ts`],
  },
  metering: {
    about: 'reading rules: periods, dates, rollover, below-previous, estimates, flags and confirmation, the average',
    mutate: [`${server}/modules/metering/reading-rules.ts`, `${contracts}/billing/reading-rules.ts`],
    testFiles: [`${server}/modules/metering/reading-rules*.test.ts`],
  },
  'ledger-db': {
    isLong: true,
    about: "postJournal's line checks, balance, zero, size and limit refusals (up to its one SQL statement)",
    mutate: [`${server}/ledger/post-journal.ts:1-353`],
    testFiles: [`${server}/ledger/post-journal.test.ts`, `${server}/ledger/post-journal.edges.test.ts`],
  },
  'payments-db': {
    isLong: true,
    about: 'allocation by hand and oldest first, cancellation of allocations, waiting credit',
    mutate: [`${server}/modules/payments/allocate-payment.ts`, `${server}/modules/open-items/open-items.ts:176-277`],
    testFiles: [`${server}/modules/payments/payments.test.ts`, `${server}/modules/payments/allocate-payment.test.ts`, `${server}/modules/open-items/open-items.test.ts`],
  },
  'bills-db': {
    isLong: true,
    about: 'bill creation: issue and due dates, exceptions, totals and previous balance',
    mutate: [`${server}/modules/bills/compute-bill-run.ts:28-60`, `${server}/modules/bills/compute-bill-run.ts:172-275`],
    testFiles: [`${server}/modules/bills/bill-dates.test.ts`, `${server}/modules/bills/bills.test.ts`, `${server}/modules/bills/bill-run-exceptions.test.ts`],
  },
};

/** The areas a bare `npm run mutation` runs. */
export const defaultAreas = Object.keys(areas).filter((n) => !areas[n].isLong);

/** Stryker's options for some areas (all by default). */
export function mutationConfig(names = defaultAreas, { concurrency = 2, incremental = false, reportName = names.join('-') } = {}) {
  const chosen = names.map((n) => areas[n]);
  return {
    testRunner: 'vitest',
    vitest: { configFile: 'packages/server/vitest.mutation.config.ts', related: false },
    mutate: chosen.flatMap((a) => a.mutate),
    testFiles: chosen.flatMap((a) => a.testFiles),
    coverageAnalysis: 'perTest',
    // Static mutants (code run when a module loads, or in a file's beforeAll before any test) need a fresh
    // module graph per run, which costs ten times as much on these files: they are left out and counted
    // apart; a mutant also reached by a test still runs against that test.
    ignoreStatic: true,
    // Two shared cores: one or two test runners, never one per core.
    concurrency,
    timeoutMS: 20_000,
    // Only the server and contracts are needed in the sandbox.
    ignorePatterns: ['packages/web', 'bench', '.ci', '.tmp', 'data'],
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    incremental,
    incrementalFile: `.tmp/mutation/${reportName}.incremental.json`,
    reporters: ['progress', 'clear-text', 'html', 'json'],
    htmlReporter: { fileName: `.tmp/mutation/${reportName}.html` },
    jsonReporter: { fileName: `.tmp/mutation/${reportName}.json` },
    clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
    thresholds: { high: 90, low: 75 },
  };
}

export default mutationConfig();
