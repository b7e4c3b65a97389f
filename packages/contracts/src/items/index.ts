export * from './items.ts';
export * from './stock.ts';
export * from './messages.ts';
export * from './endpoints.ts';
