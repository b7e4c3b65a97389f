export * from './assets.ts';
export * from './endpoints.ts';
export * from './messages.ts';
