// The send screen's form: what it holds (the target type, the chosen customers, the zone, the typed
// phone list, the message and its language), the body it makes of them, and the schema zodResolver
// checks it with: the screen's own "choose someone" rules first, then the contracts' sendSmsBody, whose
// issues (and the server's field errors) land on the field they concern.
import { type SendSmsBody, type SmsLanguage, type SmsRecipient, sendSmsBody, z } from '@ubo/contracts';
import { messageText } from '../../lib/messages.ts';
import { readPhoneList } from './sms.logic.ts';

export type SendSmsTarget = SendSmsBody['target']['type'];

export interface SendSmsForm {
  target: SendSmsTarget;
  customers: SmsRecipient[];
  zoneId: number | '';
  phonesText: string;
  message: string;
  /** '' until the organisation's default language is known. */
  language: SmsLanguage | '';
}

export type SendSmsField = 'customers' | 'zoneId' | 'phonesText' | 'message';

export const emptySendSmsForm: SendSmsForm = { target: 'customers', customers: [], zoneId: '', phonesText: '', message: '', language: '' };

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The request body of the form's values; the language falls back to the organisation's. */
export function sendSmsBodyOf(v: SendSmsForm, defaultLanguage: SmsLanguage): SendSmsBody {
  const target: SendSmsBody['target'] =
    v.target === 'customers'
      ? { type: 'customers', customerIds: v.customers.map((c) => c.id) }
      : v.target === 'zone'
        ? { type: 'zone', zoneId: Number(v.zoneId) }
        : { type: 'phones', phones: readPhoneList(v.phonesText).entries };
  return { target, message: v.message, language: v.language || defaultLanguage };
}

/**
 * The form field a body field's error belongs to ('target.phones.2' -> phonesText, prefixed with the
 * entry it concerns), or undefined for the form as a whole.
 */
export function sendSmsFieldOf(path: readonly PropertyKey[], phones: readonly string[]): { field: SendSmsField; prefix?: string } | undefined {
  const [first, second, third] = path.map(String);
  if (first === 'message') return { field: 'message' };
  if (first !== 'target') return undefined;
  if (second === 'customerIds') return { field: 'customers' };
  if (second === 'zoneId') return { field: 'zoneId' };
  if (second === 'phones') return { field: 'phonesText', prefix: third === undefined ? undefined : (phones[Number(third)] ?? '') };
  return undefined;
}

/**
 * The form's schema: its messages in the user's language (t and the contracts' keys translated), the
 * body checked with the contracts' sendSmsBody.
 */
export function sendSmsFormSchema(t: Translate, defaultLanguage: SmsLanguage) {
  return z
    .object({
      target: z.enum(['customers', 'zone', 'phones']),
      customers: z.array(z.custom<SmsRecipient>()),
      zoneId: z.union([z.number(), z.literal('')]),
      phonesText: z.string(),
      message: z.string(),
      language: z.union([z.enum(['en', 'so']), z.literal('')]),
    })
    .superRefine((v, ctx) => {
      const taken = new Set<SendSmsField>();
      const add = (field: SendSmsField, message: string) => {
        if (taken.has(field)) return;
        taken.add(field);
        ctx.addIssue({ code: 'custom', path: [field], message });
      };
      const phones = readPhoneList(v.phonesText);
      if (v.target === 'customers' && v.customers.length === 0) add('customers', t('sms.send.customersRequired'));
      if (v.target === 'zone' && v.zoneId === '') add('zoneId', t('sms.send.zoneRequired'));
      if (v.target === 'phones' && phones.entries.length === 0) add('phonesText', t('sms.send.phonesRequired'));
      if (v.target === 'phones' && phones.invalid.length > 0) add('phonesText', t('sms.send.phonesInvalid', { list: phones.invalid.join(', ') }));
      const parsed = sendSmsBody.safeParse(sendSmsBodyOf(v as SendSmsForm, defaultLanguage));
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const at = sendSmsFieldOf(issue.path, phones.entries);
        const message = messageText(issue.message);
        if (at) add(at.field, at.prefix === undefined ? message : `${at.prefix}: ${message}`);
      }
    })
    .transform((v) => sendSmsBodyOf(v as SendSmsForm, defaultLanguage));
}
