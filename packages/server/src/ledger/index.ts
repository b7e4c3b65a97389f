// The ledger's public surface for modules: post and reverse entries, numbers, lock date, the default
// chart and its system accounts, idempotency for money-moving requests, and the self-check.
export { postJournal, DEFAULT_SERIES, type Posting, type PostingLine, type PostedEntry, type PostedLine, type PostedEntryDetail, type PostedAccount, type PostOptions } from './post-journal.ts';
export { balanceSums, monthlySums, dayBefore, type DateRange } from './balance-sums.ts';
export { reverseJournal, reverseJournalBatch, type Reversal, type BatchReversal } from './reverse-journal.ts';
export { nextDocumentNumber, documentNumber } from './document-counter.ts';
export { getLockDate, lockSettingsForChange, setLockDate } from './lock-date.ts';
export { seedDefaultChart, systemAccountId, SYSTEM_ACCOUNTS, DEFAULT_CHART, type SystemAccount } from './default-chart.ts';
export { withIdempotency, readIdempotencyKey, requestHash, purgeIdempotencyKeys, IDEMPOTENCY_HEADER, type IdempotentResult } from './idempotency.ts';
export { verifyLedger, type LedgerReport, type BalanceDifference, type UnbalancedEntry, type NumberingGap } from './verify-ledger.ts';
export { Decimal, dec, money, naturalBalance } from './money.ts';
export { CLOSING_SOURCE_TYPE, JOURNAL_SOURCE_TYPE } from './source-types.ts';
export * from './ledger.tables.ts';
export { postJournalBatch, preparePostJournalBatch, refusedPosting, passesWithoutDatabase, planBatch, type PlannedBatch, type JournalBatch, type BatchPlanOptions } from './post-journal-batch.ts';
export { queryPrepared } from './prepared-query.ts';
export { nextDocumentNumbers } from './document-counter.ts';
export { DEFAULT_MAX_DOCUMENT_AMOUNT, readMaxDocumentAmount, setMaxDocumentAmount, readConfirmThresholds } from './amount-limit.ts';
export { amountLimitError, groupedAmount } from './post-journal.ts';
