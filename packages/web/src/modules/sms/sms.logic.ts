// Pure helpers of the SMS screens: the phone list typed on the send screen, the character and part
// counter, the gateway's error codes in words, and example values for template previews.
import { normaliseSomaliPhone, type SmsLanguage, smsPlaceholders, type SmsValues, smsSegments, splitPhoneList } from '@ubo/contracts';

export interface PhoneList {
  /** Entries as typed, in order (what the request sends). */
  entries: string[];
  /** Distinct E.164 numbers among them. */
  numbers: string[];
  invalid: string[];
}

export function readPhoneList(text: string): PhoneList {
  const entries = splitPhoneList(text);
  const numbers = new Set<string>();
  const invalid: string[] = [];
  for (const entry of entries) {
    const phone = normaliseSomaliPhone(entry);
    if (phone) numbers.add(phone);
    else invalid.push(entry);
  }
  return { entries, numbers: [...numbers], invalid };
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** '148 characters · 1 SMS' (with the Unicode note when a character is outside the GSM alphabet). */
export function counterText(text: string, t: Translate): string {
  const s = smsSegments(text);
  return t(s.encoding === 'GSM-7' ? 'sms.counter' : 'sms.counterUnicode', { characters: s.characters, parts: s.parts, perPart: s.perPart });
}

/** The dispatcher's error codes ('timeout', 'network: X', 'http 500: body', 'secret_unreadable', 'address_refused', ...) in words. */
export function describeSmsError(error: string | null, t: Translate): string {
  if (!error) return '';
  if (error === 'timeout') return t('sms.report.error.timeout');
  if (error === 'secret_unreadable') return t('sms.report.error.secret_unreadable');
  if (error === 'address_refused' || error === 'unresolved' || error === 'too_many_redirects') return t(`sms.report.error.${error}`);
  const network = /^network: (.*)$/s.exec(error);
  if (network) return t('sms.report.error.network', { detail: network[1] });
  const http = /^http (\d{3}):?\s?(.*)$/s.exec(error);
  if (http) return t('sms.report.error.http', { status: http[1], detail: http[2] });
  return error;
}

/** The placeholders as a template's help text lists them. */
export const placeholderList = smsPlaceholders.map((p) => `{${p}}`).join(' ');

/** Values of a made-up bill for a template's example, the period written as the server writes it in `language`. */
export const exampleValues = (language: SmsLanguage): SmsValues => ({
  name: 'Sahra Nur',
  customerNo: 'C-000042',
  period: language === 'so' ? 'Abriil 2026' : 'April 2026',
  consumption: '25',
  amount: '23.10',
  balance: '31.60',
  dueDate: '15/05/2026',
  shortCode: '*789*1000#',
  company: 'Demo Utility',
  currency: 'USD',
});

/** A new key per send: a retried request (lost answer) is answered once, a new send is a new key. */
export const newSendKey = () => globalThis.crypto.randomUUID();
