export * from './complaints.ts';
export * from './messages.ts';
export * from './endpoints.ts';
