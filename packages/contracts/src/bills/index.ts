// Bill runs and customer bills.
export * from './bills.ts';
export * from './bill-run-jobs.ts';
export * from './endpoints.ts';
