export * from './requests.ts';
export * from './messages.ts';
export * from './endpoints.ts';
