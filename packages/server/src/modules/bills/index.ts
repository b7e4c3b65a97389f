// Public surface of the bills module: the tables (payments will allocate against bills.paid_amount),
// the run computation and the routes.
export { billRuns, bills, billLines } from './bills.tables.ts';
export { computeBillRun, billDates, periodEnd, resolveIssueDate, DUE_DAYS_AFTER_ISSUE } from './compute-bill-run.ts';
export { billNumber, saveBillRun, BILL_SERIES, BILL_SOURCE_TYPE } from './save-bill-run.ts';
export { listBills } from './list-bills.ts';
export { billsRoutes } from './bills.routes.ts';
export { waitForBillRunJobs } from './bill-run-jobs.ts';
export { billRunsBell } from './bill-runs-bell.ts';
