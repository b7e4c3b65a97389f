// Bill runs and customer bills.
export * from './bills.ts';
