// Customer payments, allocations, batch receive, customer balance transfers and the customer account.
export * from './fields.ts';
export * from './payments.ts';
export * from './account.ts';
export * from './batch.ts';
export * from './customer-transfers.ts';
export * from './endpoints.ts';
