// Finance: the chart of accounts, the general journal (post, list, view and reverse entries) and the
// ledger reports (journal report, trial balance, income statement, balance sheet, account statement).
// Each page needs the privilege of its menu entry; without it the router shows #/error/403.
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
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
