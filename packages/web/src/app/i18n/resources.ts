// Merges the shell's texts with every module's. A module's texts live under its own name
// (t('account.profile.title')), so two modules can never overwrite each other's keys.
// Adding a module: one import line and one entry in `moduleTexts`.
import type { Lang } from '@ubo/contracts';
import { en } from './en.ts';
import { so } from './so.ts';
import type { ModuleTexts } from './types.ts';
import * as account from '../../modules/account/account.i18n.ts';
import * as users from '../../modules/users/users.i18n.ts';
import * as settings from '../../modules/settings/settings.i18n.ts';
import * as finance from '../../modules/finance/finance.i18n.ts';
import * as amountLimits from '../../modules/finance/amount-limits.i18n.ts';
import * as financeReports from '../../modules/finance-reports/finance-reports.i18n.ts';
import * as treasury from '../../modules/treasury/treasury.i18n.ts';
import * as payments from '../../modules/payments/payments.i18n.ts';
import * as billing from '../../modules/billing/billing.i18n.ts';
import * as billingRuns from '../../modules/billing-runs/billing-runs.i18n.ts';
import * as sms from '../../modules/sms/sms.i18n.ts';
import * as email from '../../modules/email/email.i18n.ts';
import * as billingReports from '../../modules/billing-reports/billing-reports.i18n.ts';
import * as items from '../../modules/items/items.i18n.ts';
import * as purchases from '../../modules/purchases/purchases.i18n.ts';
import * as sales from '../../modules/sales/sales.i18n.ts';
import * as vendors from '../../modules/vendors/vendors.i18n.ts';
import * as requests from '../../modules/requests/requests.i18n.ts';
import * as books from '../../modules/receipt-books/receipt-books.i18n.ts';
import * as assets from '../../modules/assets/assets.i18n.ts';
import * as hr from '../../modules/hr/hr.i18n.ts';
import * as complaints from '../../modules/complaints/complaints.i18n.ts';
import * as marketing from '../../modules/marketing/marketing.i18n.ts';
import * as helpCenter from '../../modules/help-center/help-center.i18n.ts';

export const moduleTexts: Record<string, ModuleTexts> = {
  account,
  users,
  settings,
  finance,
  amountLimits,
  financeReports,
  treasury,
  payments,
  billing,
  billingRuns,
  sms,
  email,
  billingReports,
  items,
  purchases,
  sales,
  vendors,
  requests,
  books,
  assets,
  hr,
  complaints,
  marketing,
  helpCenter,
};

export type Resources = Record<Lang, Record<string, unknown>>;

export function mergeResources(modules: Record<string, ModuleTexts> = moduleTexts): Resources {
  const out: Resources = { en: { ...en }, so: { ...so } };
  for (const [name, texts] of Object.entries(modules)) {
    if (name in en) throw new Error(`Module texts '${name}' would overwrite the shell's '${name}' texts`);
    out.en[name] = texts.en;
    out.so[name] = texts.so;
  }
  return out;
}

export const resources = mergeResources();
