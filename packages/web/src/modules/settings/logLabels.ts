// Labels of the log sheet's data in the user's language: actions, entity names and field names of the
// before/after values. Names the screen does not know (a newer module's entity) show as recorded.
import type { TFunction } from 'i18next';

/** The actions the filter offers, in this order (services write these; see plugins/audit.ts). */
export const logActions = ['create', 'update', 'status', 'delete', 'login', 'logout', 'password', 'reset-password', 'reverse', 'reopen'] as const;

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
] as const;

/** 'company.logo' -> 'companyLogo', 'journal-entry' -> 'journalEntry', 'note_feedback' -> 'noteFeedback'. */
export function labelKey(name: string): string {
  return name.replace(/[._-]+([a-z0-9])/gi, (_, c: string) => c.toUpperCase());
}

export function actionLabel(t: TFunction, action: string): string {
  return t(`settings.logSheet.actions.${action}`, { defaultValue: action });
}

export function entityLabel(t: TFunction, entity: string): string {
  return t(`settings.logSheet.entities.${labelKey(entity)}`, { defaultValue: entity });
}

export function fieldLabel(t: TFunction, field: string): string {
  return t(`settings.logSheet.fields.${labelKey(field)}`, { defaultValue: field });
}
