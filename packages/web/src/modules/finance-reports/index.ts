// Finance reports: account summary and account type summary, cash flow statement, revenue report,
// budget registration with budget vs actual, monthly reconciliation of bank and mobile money accounts,
// and the personal account of a customer, vendor or employee. Each page needs the privilege of its menu entry; without it the router shows #/error/403.
// The figures drill down to the finance module's account statement (/reports/account-transaction).
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { financeReportsPrivileges as p } from './finance-reports.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'reports/account-summery', element: lazyPage(() => import('./AccountSummaryPage.tsx')), privilege: p.accountSummary },
  { path: 'reports/account-type-summery', element: lazyPage(() => import('./AccountTypeSummaryPage.tsx')), privilege: p.accountSummary },
  { path: 'reports/cash-flow-statement', element: lazyPage(() => import('./CashFlowPage.tsx')), privilege: p.cashFlow },
  { path: 'reports/revenue-report', element: lazyPage(() => import('./RevenueReportPage.tsx')), privilege: p.revenue },
  { path: 'reports/budget-registration', element: lazyPage(() => import('./BudgetPage.tsx')), privilege: p.budgets },
  { path: 'reports/monthly-reconciliation', element: lazyPage(() => import('./ReconciliationPage.tsx')), privilege: p.reconciliation },
  { path: 'reports/personal-account', element: lazyPage(() => import('./PersonalAccountPage.tsx')), privilege: p.personalAccount },
];

// For other modules (they import this module only through this file).
export { isPeriod, periodFromParams, splitPeriod } from './finance-reports.logic.ts';
export { usePeriodWords, YearMonthDialog } from './YearMonthDialog.tsx';
