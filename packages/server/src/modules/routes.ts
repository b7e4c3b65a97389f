// Every module's route plugin, registered by app.ts in this order.
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';
import { notesRoutes } from './notes/notes.routes.ts';
import { menusRoutes } from './menus/menus.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { organisationsRoutes } from './organisations/organisations.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { auditLogRoutes } from './audit-log/audit-log.routes.ts';
import { financeRoutes } from './finance/finance.routes.ts';
import { amountLimitsRoutes } from './finance/amount-limits.routes.ts';
import { financeReportsRoutes } from './finance-reports/finance-reports.routes.ts';
import { treasuryRoutes } from './treasury/treasury.routes.ts';
import { zonesRoutes } from './zones/zones.routes.ts';
import { tariffsRoutes } from './tariffs/tariffs.routes.ts';
import { customersRoutes } from './customers/customers.routes.ts';
import { meteringRoutes } from './metering/metering.routes.ts';
import { billsRoutes } from './bills/bills.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { billPrintRoutes } from './bill-print/bill-print.routes.ts';
import { smsRoutes } from './sms/sms.routes.ts';
import { emailRoutes } from './email/email.routes.ts';
import { billingReportsRoutes } from './billing-reports/billing-reports.routes.ts';
import { itemsRoutes } from './items/items.routes.ts';
import { purchasesRoutes } from './purchases/purchases.routes.ts';
import { salesRoutes } from './sales/sales.routes.ts';
import { vendorsRoutes } from './vendors/vendors.routes.ts';
import { requestsRoutes } from './requests/requests.routes.ts';
import { receiptBooksRoutes } from './receipt-books/receipt-books.routes.ts';
import { assetsRoutes } from './assets/assets.routes.ts';
import { hrRoutes, payrollApprovalsBell, payrollRunsBell } from './hr/index.ts';
import { complaintsBell, complaintsRoutes } from './complaints/index.ts';
import { marketingRoutes } from './marketing/marketing.routes.ts';
import { helpCenterRoutes, ticketsBell } from './help-center/index.ts';
import { notificationsRoutesFor } from './notifications/index.ts';
import { requestsBell } from './requests/index.ts';
import { billRunsBell } from './bills/index.ts';
import { backupRoutes, backupsBell } from './backup/index.ts';

/** The navbar bell's providers, one per contributing module (lib/bell.ts); a new module adds its own here. */
export const bellProviders = [requestsBell, complaintsBell, ticketsBell, billRunsBell, payrollApprovalsBell, payrollRunsBell, backupsBell];

export const moduleRoutes: Array<(app: FastifyInstance) => Promise<void>> = [
  authRoutes,
  notesRoutes,
  menusRoutes,
  dashboardRoutes,
  usersRoutes,
  settingsRoutes,
  organisationsRoutes,
  filesRoutes,
  auditLogRoutes,
  financeRoutes,
  amountLimitsRoutes,
  financeReportsRoutes,
  treasuryRoutes,
  zonesRoutes,
  tariffsRoutes,
  customersRoutes,
  meteringRoutes,
  billsRoutes,
  billPrintRoutes,
  smsRoutes,
  emailRoutes,
  paymentsRoutes,
  billingReportsRoutes,
  itemsRoutes,
  purchasesRoutes,
  salesRoutes,
  vendorsRoutes,
  requestsRoutes,
  receiptBooksRoutes,
  assetsRoutes,
  hrRoutes,
  complaintsRoutes,
  marketingRoutes,
  helpCenterRoutes,
  backupRoutes,
  notificationsRoutesFor(bellProviders),
];
