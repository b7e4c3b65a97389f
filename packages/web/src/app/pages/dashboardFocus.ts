// What each kind of dashboard (preset by the user's class, contracts users/user-classes.ts) puts first:
// the screens of that desk as large buttons, and which module widgets it shows. The general dashboard
// shows every widget the user may see. A screen shows only when it is in the user's menu (privileges).
import type { DashboardKind } from '@ubo/contracts';

export interface DashboardFocus {
  /** Menu routes, in the order the desk uses them. */
  routes: string[];
  /** Keys of DashboardWidget to show; 'all': every widget the user holds the privilege for. */
  widgets: string[] | 'all';
}

export const DASHBOARD_FOCUS: Record<DashboardKind, DashboardFocus> = {
  general: { routes: [], widgets: 'all' },
  cashier: {
    routes: [
      '/customers/payment',
      '/customers',
      '/customers/payments',
      '/Sales-reports/customer-transaction',
      '/books/list',
      '/Sales-reports/received-payments',
    ],
    widgets: [],
  },
  'meter-reader': {
    routes: ['/customers/readings', '/customers/houses', '/customers', '/complaint/add'],
    widgets: [],
  },
  billing: {
    routes: [
      '/customers/readings',
      '/customers/batch-bill',
      '/customers/bills',
      '/customers/bill-sms',
      '/Sales-reports/unpaid-report',
      '/Sales-reports/ungenerated-bill-report',
    ],
    widgets: ['billing'],
  },
  accounts: {
    routes: [
      '/finance/general-journal',
      '/reports/trail-balance',
      '/reports/income-statement',
      '/reports/balance-sheet',
      '/reports/account-transaction',
      '/vendors/pay-bill',
    ],
    widgets: ['finance-cash', 'finance-income-expense'],
  },
  hr: {
    routes: ['/hr-settings/employee', '/hr-settings/leaves', '/hr-settings/payroll-adjustment', '/hr-settings/payroll', '/hr-report/payroll-report'],
    widgets: [],
  },
};
