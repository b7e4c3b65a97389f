export * from './documents.ts';
export * from './orders.ts';
export * from './expenses.ts';
export * from './messages.ts';
export * from './endpoints.ts';
