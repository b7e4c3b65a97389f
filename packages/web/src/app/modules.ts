// The registry of web modules: one line per module. Each module's index.ts exports `routes`
// (see moduleTypes.ts); its texts are registered in i18n/resources.ts.
import * as account from '../modules/account/index.ts';
import * as users from '../modules/users/index.ts';
import * as settings from '../modules/settings/index.ts';
import * as finance from '../modules/finance/index.ts';
import * as financeReports from '../modules/finance-reports/index.ts';
import * as treasury from '../modules/treasury/index.ts';
import * as payments from '../modules/payments/index.ts';
import * as billing from '../modules/billing/index.ts';
import * as billingRuns from '../modules/billing-runs/index.ts';
import * as sms from '../modules/sms/index.ts';
import * as billingReports from '../modules/billing-reports/index.ts';
import type { DashboardWidget, ModuleRoute, WebModule } from './moduleTypes.ts';

export const modules: WebModule[] = [
  account,
  users,
  settings,
  finance,
  financeReports,
  treasury,
  payments,
  billing,
  billingRuns,
  sms,
  billingReports,
];

export const moduleRoutes: ModuleRoute[] = modules.flatMap((m) => m.routes);

export const dashboardWidgets: DashboardWidget[] = modules
  .flatMap((m) => m.dashboardWidgets ?? [])
  .sort((a, b) => a.order - b.order);
