export * from './tickets.ts';
export * from './endpoints.ts';
export * from './messages.ts';
export * from './profile.ts';
