// Finance report endpoints: account and account-type summaries, cash flow, revenue, budgets and budget vs
// actual, monthly reconciliation, personal accounts, the finance panels of the dashboard, and the files
// (CSV, XLSX) of every ledger report. A report answers JSON, or its file when `format` is given; its
// `<path>/export` (format required) answers the file only.
import { endpoint } from '../common/endpoint.ts';
import { cashPosition, incomeExpenseSummary } from '../finance/dashboard.ts';
import { ledgerParties, ledgerPartiesQuery } from '../finance/parties.ts';
import { accountStatementQuery, balanceSheetQuery, incomeStatementQuery, trialBalanceQuery } from '../finance/reports.ts';
import { accountSummary, accountSummaryQuery, accountTypeSummary, accountTypesQuery } from './account-summary.ts';
import { budgetSheet, budgetsBody, budgetsQuery, budgetVsActual, budgetVsActualQuery } from './budgets.ts';
import { cashFlowQuery, cashFlowStatement } from './cash-flow.ts';
import { exportFields, reportFormat } from './common.ts';
import { personalAccount, personalAccountQuery } from './personal-account.ts';
import { reconciliation, reconciliationBody, reconciliationCompleteBody, reconciliationQuery } from './reconciliation.ts';
import { revenueReport, revenueReportQuery } from './revenue.ts';

/** The file types of a report export (its query is the report's with `format`: exportFields). */
const reportFileTypes = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;

/** A report's query on its own path: the file instead of JSON when `format` is given (query.safeExtend(withFormat)). */
const withFormat = { format: reportFormat.optional() };

export const financeReportsEndpoints = {
  accountSummary: endpoint({
    method: 'GET',
    path: '/api/finance/reports/account-summary',
    query: accountSummaryQuery.safeExtend(withFormat),
    response: accountSummary,
  }),
  accountSummaryExport: endpoint({
    method: 'GET',
    path: '/api/finance/reports/account-summary/export',
    query: accountSummaryQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
  accountTypes: endpoint({
    method: 'GET',
    path: '/api/finance/reports/account-types',
    query: accountTypesQuery.safeExtend(withFormat),
    response: accountTypeSummary,
  }),
  accountTypesExport: endpoint({
    method: 'GET',
    path: '/api/finance/reports/account-types/export',
    query: accountTypesQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
  cashFlow: endpoint({ method: 'GET', path: '/api/finance/reports/cash-flow', query: cashFlowQuery.safeExtend(withFormat), response: cashFlowStatement }),
  cashFlowExport: endpoint({
    method: 'GET',
    path: '/api/finance/reports/cash-flow/export',
    query: cashFlowQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
  revenue: endpoint({ method: 'GET', path: '/api/finance/reports/revenue', query: revenueReportQuery.safeExtend(withFormat), response: revenueReport }),
  revenueExport: endpoint({
    method: 'GET',
    path: '/api/finance/reports/revenue/export',
    query: revenueReportQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
  // Budgets
  budgets: endpoint({ method: 'GET', path: '/api/finance/budgets', query: budgetsQuery, response: budgetSheet }),
  saveBudgets: endpoint({ method: 'PUT', path: '/api/finance/budgets', body: budgetsBody, response: budgetSheet }),
  budgetVsActual: endpoint({
    method: 'GET',
    path: '/api/finance/reports/budget-vs-actual',
    query: budgetVsActualQuery.safeExtend(withFormat),
    response: budgetVsActual,
  }),
  budgetVsActualExport: endpoint({
    method: 'GET',
    path: '/api/finance/reports/budget-vs-actual/export',
    query: budgetVsActualQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
  // Monthly reconciliation
  reconciliation: endpoint({ method: 'GET', path: '/api/finance/reconciliation', query: reconciliationQuery.safeExtend(withFormat), response: reconciliation }),
  reconciliationExport: endpoint({
    method: 'GET',
    path: '/api/finance/reconciliation/export',
    query: reconciliationQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
  saveReconciliation: endpoint({ method: 'PUT', path: '/api/finance/reconciliation', body: reconciliationBody, response: reconciliation }),
  completeReconciliation: endpoint({
    method: 'POST',
    path: '/api/finance/reconciliation/complete',
    body: reconciliationCompleteBody,
    response: reconciliation,
  }),
  // Dashboard panels
  cashPosition: endpoint({ method: 'GET', path: '/api/finance/dashboard/cash', response: cashPosition }),
  incomeExpense: endpoint({ method: 'GET', path: '/api/finance/dashboard/income-expense', response: incomeExpenseSummary }),
  // Personal account
  personalAccountParties: endpoint({ method: 'GET', path: '/api/finance/reports/personalaccount/parties', query: ledgerPartiesQuery, response: ledgerParties }),
  personalAccount: endpoint({
    method: 'GET',
    path: '/api/finance/reports/personalaccount',
    query: personalAccountQuery.safeExtend(withFormat),
    response: personalAccount,
  }),
  personalAccountExport: endpoint({
    method: 'GET',
    path: '/api/finance/reports/personalaccount/export',
    query: personalAccountQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
  // Files of the finance module's reports
  trialBalanceExport: endpoint({
    method: 'GET',
    path: '/api/finance/reports/trial-balance/export',
    query: trialBalanceQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
  incomeStatementExport: endpoint({
    method: 'GET',
    path: '/api/finance/incomestatement/export',
    query: incomeStatementQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
  balanceSheetExport: endpoint({
    method: 'GET',
    path: '/api/finance/balancesheet/export',
    query: balanceSheetQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
  accountStatementExport: endpoint({
    method: 'GET',
    path: '/api/finance/reports/account-transaction/export',
    query: accountStatementQuery.safeExtend(exportFields),
    produces: reportFileTypes,
  }),
};
