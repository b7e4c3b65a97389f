// Small pure helpers of the e-mail screens: the dispatcher's error codes in the user's words, the
// placeholder list, and the addresses typed in the send form split into a list.
import type { TFunction } from 'i18next';
import { emailPlaceholders } from '@ubo/contracts';

const KNOWN_ERRORS = ['not_configured', 'password_unreadable', 'address_refused', 'unresolved', 'rejected'] as const;

export function describeEmailError(error: string | null, t: TFunction): string {
  if (!error) return '';
  return (KNOWN_ERRORS as readonly string[]).includes(error) ? t(`email.errors.${error}`) : error;
}

export const emailPlaceholderList = emailPlaceholders.map((p) => `{${p}}`).join(', ');

/** 'a@x.so, b@y.so\nc@z.so' as ['a@x.so', 'b@y.so', 'c@z.so'] (empty entries dropped). */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
