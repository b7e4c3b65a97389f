// Billing reports (menu /Sales-reports): customer ageing, zone summary, customer statement and summary,
// unpaid bills, received payments and revenue by tariff class, each with its filters, Excel and CSV
// files and a print layout (the finance ReportFrame); and the billing panel of the dashboard. Each page
// needs the privilege of its menu entry; without it the router shows #/error/403.
import { type DashboardWidget, lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { billingReportsPrivileges as p } from './billing-reports.access.ts';

export const routes: ModuleRoute[] = [
  { path: 'Sales-reports/customer-aging', element: lazyPage(() => import('./CustomerAgingPage.tsx')), privilege: p.aging },
  { path: 'Sales-reports/zone-summary', element: lazyPage(() => import('./ZoneSummaryPage.tsx')), privilege: p.zoneSummary },
  { path: 'Sales-reports/customer-transaction', element: lazyPage(() => import('./CustomerTransactionPage.tsx')), privilege: p.statement },
  { path: 'Sales-reports/customer-summary', element: lazyPage(() => import('./CustomerSummaryPage.tsx')), privilege: p.customerSummary },
  { path: 'Sales-reports/unpaid-report', element: lazyPage(() => import('./UnpaidReportPage.tsx')), privilege: p.unpaid },
  { path: 'Sales-reports/received-payments', element: lazyPage(() => import('./ReceivedPaymentsPage.tsx')), privilege: p.receivedPayments },
  { path: 'Sales-reports/revenue-by-class', element: lazyPage(() => import('./RevenueByClassPage.tsx')), privilege: p.revenueByClass },
];

export const dashboardWidgets: DashboardWidget[] = [
  {
    key: 'billing',
    privilege: p.dashboard,
    order: 10,
    element: lazyPage(() => import('./BillingDashboardWidget.tsx').then((m) => ({ default: m.BillingDashboardWidget }))),
  },
];
