export * from './marketing.ts';
export * from './messages.ts';
export * from './endpoints.ts';
