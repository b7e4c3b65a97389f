// The registry of web modules: one line per module. Each module's index.ts exports `routes`
// (see moduleTypes.ts); its texts are registered in i18n/resources.ts. Only `routes` and
// `dashboardWidgets` (and `customerTabs`) are imported by name: what an index.ts exports for other modules stays out of the
// first load.
import { routes as accountRoutes } from '../modules/account/index.ts';
import { routes as usersRoutes } from '../modules/users/index.ts';
import { routes as settingsRoutes } from '../modules/settings/index.ts';
import { routes as financeRoutes, dashboardWidgets as financeWidgets } from '../modules/finance/index.ts';
import { routes as financeReportsRoutes } from '../modules/finance-reports/index.ts';
import { routes as treasuryRoutes } from '../modules/treasury/index.ts';
import { routes as paymentsRoutes } from '../modules/payments/index.ts';
import { routes as billingRoutes } from '../modules/billing/index.ts';
import { routes as billingRunsRoutes } from '../modules/billing-runs/index.ts';
import { routes as smsRoutes } from '../modules/sms/index.ts';
import { routes as emailRoutes } from '../modules/email/index.ts';
import { routes as billingReportsRoutes, dashboardWidgets as billingReportsWidgets } from '../modules/billing-reports/index.ts';
import { routes as itemsRoutes } from '../modules/items/index.ts';
import { routes as purchasesRoutes } from '../modules/purchases/index.ts';
import { routes as salesRoutes } from '../modules/sales/index.ts';
import { routes as vendorsRoutes } from '../modules/vendors/index.ts';
import { routes as requestsRoutes } from '../modules/requests/index.ts';
import { routes as receiptBooksRoutes } from '../modules/receipt-books/index.ts';
import { routes as assetsRoutes } from '../modules/assets/index.ts';
import { routes as hrRoutes } from '../modules/hr/index.ts';
import { routes as helpCenterRoutes, operatorRoutes as helpCenterOperatorRoutes } from '../modules/help-center/index.ts';
import { routes as complaintsRoutes, customerTabs as complaintsCustomerTabs } from '../modules/complaints/index.ts';
import { routes as marketingRoutes } from '../modules/marketing/index.ts';
import type { CustomerTab, DashboardWidget, ModuleRoute, WebModule } from './moduleTypes.ts';

export const modules: WebModule[] = [
  { routes: accountRoutes },
  { routes: usersRoutes },
  { routes: settingsRoutes },
  { routes: financeRoutes, dashboardWidgets: financeWidgets },
  { routes: financeReportsRoutes },
  { routes: treasuryRoutes },
  { routes: paymentsRoutes },
  { routes: billingRoutes },
  { routes: billingRunsRoutes },
  { routes: smsRoutes },
  { routes: emailRoutes },
  { routes: billingReportsRoutes, dashboardWidgets: billingReportsWidgets },
  { routes: itemsRoutes },
  { routes: purchasesRoutes },
  { routes: salesRoutes },
  { routes: vendorsRoutes },
  { routes: requestsRoutes },
  { routes: receiptBooksRoutes },
  { routes: assetsRoutes },
  { routes: hrRoutes },
  { routes: complaintsRoutes, customerTabs: complaintsCustomerTabs },
  { routes: marketingRoutes },
  { routes: helpCenterRoutes },
];

/** Screens outside the signed-in frame and its session (the installation operators'). */
export const publicModuleRoutes: ModuleRoute[] = [...helpCenterOperatorRoutes];

export const moduleRoutes: ModuleRoute[] = modules.flatMap((m) => m.routes);

export const dashboardWidgets: DashboardWidget[] = modules.flatMap((m) => m.dashboardWidgets ?? []).sort((a, b) => a.order - b.order);

/** Tabs other modules add to the customer page (billing's CustomerPage reads them here). */
export const customerTabs: CustomerTab[] = modules.flatMap((m) => m.customerTabs ?? []);
