// Finance contracts: chart of accounts, general journal, financial reports.
export * from './accounts.ts';
export * from './journal.ts';
export * from './reports.ts';
