export * from './endpoints.ts';
export { backupMessages } from './messages.ts';
