export * from './documents.ts';
export * from './reports.ts';
export * from './messages.ts';
export * from './endpoints.ts';
