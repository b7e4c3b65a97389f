// Billing reports and the billing dashboard: customer ageing, zone summary, customer statement and
// summary, unpaid bills, received payments, revenue by tariff class.
export * from './common.ts';
export * from './aging.ts';
export * from './zone-summary.ts';
export * from './customer-transaction.ts';
export * from './customer-summary.ts';
export * from './unpaid.ts';
export * from './received-payments.ts';
export * from './revenue-by-class.ts';
export * from './dashboard.ts';
export * from './house-transaction.ts';
export * from './endpoints.ts';
