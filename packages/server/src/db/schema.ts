// Schema index: every module's tables, for Drizzle's typed queries. The SQL of record is migrations/.
export * from '../modules/organisations/organisations.tables.ts';
export * from '../modules/users/users.tables.ts';
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/settings/settings.tables.ts';
export * from '../modules/audit-log/audit-log.tables.ts';
export * from '../modules/files/files.tables.ts';
export * from '../modules/notes/notes.tables.ts';
export * from '../ledger/ledger.tables.ts';
export * from '../modules/finance-reports/finance-reports.tables.ts';
export * from '../modules/treasury/treasury.tables.ts';
export * from '../modules/zones/zones.tables.ts';
export * from '../modules/tariffs/tariffs.tables.ts';
export * from '../modules/customers/customers.tables.ts';
export * from '../modules/metering/metering.tables.ts';
export * from '../modules/bills/bills.tables.ts';
export * from '../modules/payments/payments.tables.ts';
export * from '../modules/sms/sms.tables.ts';
