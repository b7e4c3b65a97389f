// Settings basics: company profile, reference lists, log sheet and subscription payloads.
export * from './fields.ts';
export * from './company.ts';
export * from './cities.ts';
export * from './categories.ts';
export * from './units.ts';
export * from './branches.ts';
export * from './log-sheet.ts';
export * from './subscription.ts';
export * from './endpoints.ts';
export * from './organisation-settings.ts';
