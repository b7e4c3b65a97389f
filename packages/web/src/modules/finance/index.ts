// Finance: the chart of accounts, the general journal (post, list, view and reverse entries) and the
// ledger reports (journal report, trial balance, income statement, balance sheet, account statement).
// Each page needs the privilege of its menu entry; without it the router shows #/error/403. On the
// dashboard: the cash and bank position (balance-sheet) and income and expenses with the year's largest
// expenses (income-statement), each for the holders of the report it summarises.
import { type ComponentType, createElement, lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';
import { type DashboardWidget, lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { financePrivileges as p } from './finance.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'finance/list-account', element: lazyPage(() => import('./AccountListPage.tsx')), privilege: p.accounts },
  { path: 'finance/general-journal', element: lazyPage(() => import('./GeneralJournalPage.tsx')), privilege: p.journal },
  {
    path: 'finance/general-journal/:id',
    element: lazyPage(() => import('./JournalEntryPage.tsx')),
    privilege: p.journal,
    title: 'finance.entry.title',
  },
  { path: 'reports/journal-report', element: lazyPage(() => import('./reports/JournalReportPage.tsx')), privilege: p.journalReport },
  { path: 'reports/trail-balance', element: lazyPage(() => import('./reports/TrialBalancePage.tsx')), privilege: p.trialBalance },
  { path: 'reports/income-statement', element: lazyPage(() => import('./reports/IncomeStatementPage.tsx')), privilege: p.incomeStatement },
  { path: 'reports/balance-sheet', element: lazyPage(() => import('./reports/BalanceSheetPage.tsx')), privilege: p.balanceSheet },
  { path: 'reports/account-transaction', element: lazyPage(() => import('./reports/AccountStatementPage.tsx')), privilege: p.statement },
];

/** A panel loaded with its own chunk, in its own Suspense: the dashboard around it never waits for it. */
const panel = (load: () => Promise<{ default: ComponentType }>, height: number) =>
  createElement(Suspense, { fallback: createElement(Skeleton, { variant: 'rounded', height }) }, createElement(lazy(load)));

export const dashboardWidgets: DashboardWidget[] = [
  { key: 'finance-cash', privilege: p.balanceSheet, order: 100, element: panel(() => import('./dashboard/CashPositionWidget.tsx'), 260) },
  { key: 'finance-income-expense', privilege: p.incomeStatement, order: 110, element: panel(() => import('./dashboard/IncomeExpenseWidget.tsx'), 380) },
];

// For other modules (they import this module only through this file).
export { accountLabel, AccountPicker } from './AccountPicker.tsx';
export { accountKeys, LEDGER_PATHS, useAllAccounts } from './finance.queries.ts';
export { AMOUNT_PATTERN, amountOf, entryLink, formFieldOf, idFromParams, statementLink } from './finance.logic.ts';
export { financePrivileges } from './finance.access.ts';
export { StatementView } from './reports/StatementView.tsx';
export { useAmountLimits, useLargeAmountGuard, useUpdateAmountLimits } from './amountLimits.tsx';
