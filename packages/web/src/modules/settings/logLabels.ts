// Labels of the log sheet's data in the user's language: actions, entity names and field names of the
// before/after values. A name the screen does not know (a newer module's) shows humanised, never raw:
// 'meterDigits' reads "Meter digits", 'bill-run-job' "Bill run job".
import type { TFunction } from 'i18next';

/** The actions the filter offers, in this order (services write these; see plugins/audit.ts). */
export const logActions = [
  'create',
  'update',
  'status',
  'delete',
  'cancel',
  'void',
  'reverse',
  'close',
  'reopen',
  'import',
  'batch',
  'attach',
  'replace-meter',
  'approve',
  'receive',
  'submit',
  'normal-approve',
  'reject',
  'fulfil',
  'release',
  'dispose',
  'transfer',
  'login',
  'logout',
  'password',
  'reset-password',
  'assign',
  'start',
  'comment',
  'complete',
  'convert',
] as const;

/** The entities the filter offers, as the services record them. */
export const logEntities = [
  'company',
  'company.logo',
  'company.signature',
  'city',
  'category',
  'unit',
  'branch',
  'user',
  'role',
  'profile',
  'session',
  'account',
  'journal-entry',
  'note',
  'note_feedback',
  'organisation',
  'subscription',
  'subscription_payment',
  'customer',
  'zone',
  'tariff',
  'house',
  'meter',
  'reading',
  'bill-run',
  'payment',
  'customer-transfer',
  'transfer',
  'cheque',
  'period-closing',
  'budget',
  'reconciliation',
  'sms-template',
  'sms-batch',
  'item',
  'stock-adjustment',
  'stock-transfer',
  'stock-settings',
  'quotation',
  'sales-invoice',
  'sales-receipt',
  'sales-return',
  'purchase-order',
  'vendor-bill',
  'cash-purchase',
  'purchase-return',
  'vendor',
  'vendor-payment',
  'request',
  'complaint-topic',
  'complaint',
  'prospect',
  'asset-category',
  'asset-settings',
  'asset',
  'asset-purchase',
  'asset-depreciation-job',
  'asset-depreciation-run',
  'organisation-export',
] as const;

/** 'company.logo' -> 'companyLogo', 'journal-entry' -> 'journalEntry', 'note_feedback' -> 'noteFeedback'. */
export function labelKey(name: string): string {
  return name.replace(/[._-]+([a-z0-9])/gi, (_, c: string) => c.toUpperCase());
}

/** 'meterDigits' -> 'Meter digits', 'bill-run_job' -> 'Bill run job': a name no label map knows yet. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function actionLabel(t: TFunction, action: string): string {
  return t(`settings.logSheet.actions.${action}`, { defaultValue: humanise(action) });
}

export function entityLabel(t: TFunction, entity: string): string {
  return t(`settings.logSheet.entities.${labelKey(entity)}`, { defaultValue: humanise(entity) });
}

export function fieldLabel(t: TFunction, field: string): string {
  return t(`settings.logSheet.fields.${labelKey(field)}`, { defaultValue: humanise(field) });
}

/**
 * Which record a line is about, as people know it: its name or number from the server; else a
 * number id as it is; never a long technical id (a session's), which says nothing to a reader.
 */
export function recordLabel(entry: { entityId: string | null; recordName: string | null }): string {
  if (entry.recordName) return entry.recordName;
  return entry.entityId && /^\d{1,12}$/.test(entry.entityId) ? `#${entry.entityId}` : '';
}

/** Who made the change: the user's full name, else the sign-in name recorded; null for the system. */
export function userLabel(entry: { userName: string | null; username: string | null }): string | null {
  return entry.userName ?? entry.username;
}
