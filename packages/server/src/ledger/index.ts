// The ledger's door: the ONLY way a module writes journal_entries, journal_lines, document_counters or
// ledger_settings (test/ledger-door.test.ts fails naming any module that writes them itself). Post and
// reverse entries (one, or a batch: a bill-run cancel), with the entry's audit line in the same statement
// (`audit` option); number a document series (next, a block, a number written by hand, a series' end);
// hold the lock date before a document locks a counter of its own; change the lock date (closing); the
// default chart and its system accounts, idempotency for money-moving requests, and the self-check.
export {
  postJournal,
  DEFAULT_SERIES,
  type Posting,
  type PostingLine,
  type PostedEntry,
  type PostedLine,
  type PostedEntryDetail,
  type PostedAccount,
  type PostOptions,
} from './post-journal.ts';
export { balanceSums, monthlySums, dayBefore, type DateRange } from './balance-sums.ts';
export { reverseJournal, reverseJournalBatch, type Reversal, type BatchReversal } from './reverse-journal.ts';
export { nextDocumentNumber, nextDocumentNumbers, claimDocumentNumber, endDocumentSeries, peekDocumentNumber, documentNumber } from './document-counter.ts';
export { getLockDate, holdLockDate, lockSettingsForChange, setLockDate } from './lock-date.ts';
export { seedDefaultChart, systemAccountId, SYSTEM_ACCOUNTS, DEFAULT_CHART, type SystemAccount } from './default-chart.ts';
export { withIdempotency, readIdempotencyKey, requestHash, purgeIdempotencyKeys, IDEMPOTENCY_HEADER, type IdempotentResult } from './idempotency.ts';
export { verifyLedger, type LedgerReport, type BalanceDifference, type UnbalancedEntry, type NumberingGap } from './verify-ledger.ts';
export { Decimal, dec, money, naturalBalance } from './money.ts';
export { CLOSING_SOURCE_TYPE, JOURNAL_SOURCE_TYPE } from './source-types.ts';
export * from './ledger.tables.ts';
export {
  postJournalBatch,
  preparePostJournalBatch,
  refusedPosting,
  passesWithoutDatabase,
  planBatch,
  type PlannedBatch,
  type JournalBatch,
  type BatchPlanOptions,
} from './post-journal-batch.ts';
export { queryPrepared } from './prepared-query.ts';
export { DEFAULT_MAX_DOCUMENT_AMOUNT, readMaxDocumentAmount, setMaxDocumentAmount, readConfirmThresholds } from './amount-limit.ts';
export { amountLimitError, groupedAmount } from './post-journal.ts';
