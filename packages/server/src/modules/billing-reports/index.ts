// Public surface of the billing-reports module: its routes, the reports for other modules, and the
// per-customer receivable sums the ledger trigger keeps (migration 0026).
export { billingReportsRoutes } from './billing-reports.routes.ts';
export { customerAging } from './customer-aging.ts';
export { customerStatementPdf } from './statement-pdf.ts';
export { zoneSummary } from './zone-summary.ts';
export { billingDashboard } from './billing-dashboard.ts';
export { customerLedgerBalances } from './billing-reports.tables.ts';
