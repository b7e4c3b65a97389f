// Issue-3 financial reports: account and type summaries, cash flow, revenue, budgets, reconciliation,
// personal accounts, and the export format of every report.
export * from './common.ts';
export * from './account-summary.ts';
export * from './cash-flow.ts';
export * from './revenue.ts';
export * from './budgets.ts';
export * from './reconciliation.ts';
export * from './personal-account.ts';
export * from './endpoints.ts';
