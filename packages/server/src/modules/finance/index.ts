// Public surface of the finance module for other modules (reports for the dashboard, the routes).
export { financeRoutes, idempotentPost } from './finance.routes.ts';
export { trialBalance } from './trial-balance.ts';
export { incomeStatement } from './income-statement.ts';
export { balanceSheet } from './balance-sheet.ts';
export { accountStatement } from './account-statement.ts';
export { listLedgerParties } from './list-ledger-parties.ts';
export { refuseStockAccounts } from './stock-accounts.ts';
export { getJournalEntry } from './list-journal.ts';
