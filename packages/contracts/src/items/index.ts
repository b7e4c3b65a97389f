export * from './items.ts';
export * from './stock.ts';
export * from './messages.ts';
export * from './counting.ts';
export * from './stock-reports.ts';
export * from './endpoints.ts';
