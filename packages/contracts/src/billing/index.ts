// Billing master data: zones, tariffs and pricing, customers, houses and meters, meter readings.
export * from './decimal.ts';
export * from './fields.ts';
export * from './pricing.ts';
export * from './zones.ts';
export * from './tariffs.ts';
export * from './customers.ts';
export * from './houses.ts';
export * from './readings.ts';
export * from './reading-rules.ts';
export * from './endpoints.ts';
