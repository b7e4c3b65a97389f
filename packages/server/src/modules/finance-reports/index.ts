// Public surface of the finance-reports module: its routes, the reports for other modules (dashboard),
// the budget and reconciliation tables, and the generic CSV/XLSX exporter.
export { financeReportsRoutes } from './finance-reports.routes.ts';
export { accountSummary, accountTypeSummary } from './account-summary.ts';
export { cashFlowStatement } from './cash-flow.ts';
export { revenueReport } from './revenue-report.ts';
export { budgetVsActual } from './budget-vs-actual.ts';
export { personalAccount } from './personal-account.ts';
export { cashPosition, incomeExpenseSummary } from './finance-dashboard.ts';
export { budgets, reconciliations, reconciliationItems } from './finance-reports.tables.ts';
export type { ReportTable, ReportColumn, ReportRow, CellValue } from './export/report-table.ts';
export { writeCsv } from './export/csv.ts';
export { writeXlsx } from './export/xlsx.ts';
export { renderReport, sendReport } from './export/send-report.ts';
