// Finance contracts: chart of accounts, general journal, financial reports, dashboard panels.
export * from './accounts.ts';
export * from './journal.ts';
export * from './reports.ts';
export * from './dashboard.ts';
export * from './amount-limits.ts';
export * from './parties.ts';
export * from './endpoints.ts';
