// The gateway settings form: its values (texts as typed, the secret empty unless replaced), the body it
// makes of them, and the schema zodResolver checks it with: the contracts' smsSettingsBody, whose issues
// land on the field of the same name (the form keeps its values; gatewayBodyOf makes the body on submit).
import {
  type SmsContentType,
  type SmsLanguage,
  type SmsProvider,
  type SmsSettings,
  type SmsSettingsBody,
  smsContentTypeValues,
  smsLanguageValues,
  smsProviderValues,
  smsSettingsBody,
  z,
} from '@ubo/contracts';

export interface GatewayForm {
  provider: SmsProvider;
  url: string;
  method: 'GET' | 'POST';
  authHeaderName: string;
  authSecret: string;
  removeSecret: boolean;
  contentType: SmsContentType;
  bodyTemplate: string;
  senderId: string;
  maxAttempts: string;
  defaultLanguage: SmsLanguage;
}

export const GATEWAY_FIELDS = [
  'provider',
  'url',
  'method',
  'authHeaderName',
  'authSecret',
  'contentType',
  'bodyTemplate',
  'senderId',
  'maxAttempts',
  'defaultLanguage',
] as const;

export const toForm = (s: SmsSettings): GatewayForm => ({
  provider: s.provider,
  url: s.url ?? '',
  method: s.method,
  authHeaderName: s.authHeaderName ?? '',
  authSecret: '',
  removeSecret: false,
  contentType: s.contentType,
  bodyTemplate: s.bodyTemplate ?? '',
  senderId: s.senderId ?? '',
  maxAttempts: String(s.maxAttempts),
  defaultLanguage: s.defaultLanguage,
});

/** The request body of the form's values: the secret kept (absent), removed (null) or replaced. */
export const gatewayBodyOf = (v: GatewayForm): SmsSettingsBody => ({
  provider: v.provider,
  url: v.url,
  method: v.method,
  authHeaderName: v.authHeaderName,
  authSecret: v.removeSecret ? null : v.authSecret ? v.authSecret : undefined,
  contentType: v.contentType,
  bodyTemplate: v.bodyTemplate,
  senderId: v.senderId,
  maxAttempts: Number(v.maxAttempts),
  defaultLanguage: v.defaultLanguage,
});

export const gatewayFormSchema = z
  .object({
    provider: z.enum(smsProviderValues),
    url: z.string(),
    method: z.enum(['GET', 'POST']),
    authHeaderName: z.string(),
    authSecret: z.string(),
    removeSecret: z.boolean(),
    contentType: z.enum(smsContentTypeValues),
    bodyTemplate: z.string(),
    senderId: z.string(),
    maxAttempts: z.string(),
    defaultLanguage: z.enum(smsLanguageValues),
  })
  .superRefine((v, ctx) => {
    const parsed = smsSettingsBody.safeParse(gatewayBodyOf(v));
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
