// SMS: free messages (POST send-sms) to customers, a zone or a list of phones; bill SMS for a bill run or a
// period (POST sms/bill-sms, with a preview); the outbox as the SMS report (GET sms-report) with retry;
// templates per kind and language; the organisation's gateway settings (administrators) and per-customer
// language preferences. Messages are queued in the request's transaction and sent after it commits.
import { id, isoDate, listQuery, page, trimmed, z, whenValid } from '../common/validation.ts';
import { choice, optionalId, period } from '../billing/fields.ts';
import { unknownPlaceholders } from './render.ts';

export const smsLanguageValues = ['en', 'so'] as const;
export const smsLanguage = choice(smsLanguageValues);
export type SmsLanguage = (typeof smsLanguageValues)[number];

/** What a message is: a bill notice, a free message, or the gateway test of the settings screen. */
export const smsKindValues = ['bill', 'free', 'test', 'complaint', 'payslip'] as const;
export type SmsKind = (typeof smsKindValues)[number];

export const smsTemplateKindValues = ['bill', 'free'] as const;
export type SmsTemplateKind = (typeof smsTemplateKindValues)[number];

export const smsStatusValues = ['queued', 'sending', 'sent', 'failed'] as const;
export type SmsStatus = (typeof smsStatusValues)[number];

export const smsProviderValues = ['outbox', 'http'] as const;
export type SmsProvider = (typeof smsProviderValues)[number];

export const smsContentTypeValues = ['application/json', 'application/x-www-form-urlencoded', 'text/plain'] as const;
export type SmsContentType = (typeof smsContentTypeValues)[number];

/** Why a recipient got no message. */
export const smsSkipReasonValues = ['invalid_phone', 'duplicate_phone', 'inactive', 'already_sent'] as const;
export type SmsSkipReason = (typeof smsSkipReasonValues)[number];

/** The longest message accepted (seven GSM parts). */
export const SMS_MAX_LENGTH = 1000;

/** A message or template text whose {placeholders} are all known. */
const smsText = trimmed(SMS_MAX_LENGTH).superRefine((body, ctx) => {
  const unknown = unknownPlaceholders(body);
  if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `sms.unknownPlaceholder|${unknown[0]}` });
});

// ---- Templates ----------------------------------------------------------------------------------

export const smsTemplate = z.object({
  id: z.number().int(),
  kind: z.enum(smsTemplateKindValues),
  language: smsLanguage,
  body: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type SmsTemplate = z.infer<typeof smsTemplate>;
export const smsTemplateList = z.array(smsTemplate);

export const smsTemplateBody = z.object({ body: smsText });
export type SmsTemplateBody = z.input<typeof smsTemplateBody>;

// ---- Free SMS (POST /api/send-sms) ----------------------------------------------------------------

export const MAX_SMS_RECIPIENTS = 5000;

export const sendSmsTarget = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('customers'), customerIds: z.array(id).min(1).max(MAX_SMS_RECIPIENTS) }),
    z.object({ type: z.literal('zone'), zoneId: id }),
    /** Each entry is checked on its own: an invalid one is a field error `target.phones.<index>`. */
    z.object({ type: z.literal('phones'), phones: z.array(z.string().trim().max(40)).min(1).max(MAX_SMS_RECIPIENTS) }),
  ],
  { error: (iss) => (iss.input === undefined || iss.input === null ? 'v.required' : 'v.invalid') },
);
export type SendSmsTarget = z.infer<typeof sendSmsTarget>;

export const sendSmsBody = z.object({
  target: sendSmsTarget,
  message: smsText,
  /** Recorded with the messages (the report filters on it); the text is sent as written. */
  language: smsLanguage.optional(),
});
export type SendSmsBody = z.input<typeof sendSmsBody>;

export const smsSkipped = z.object({
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  billId: z.number().int().nullable(),
  phone: z.string().nullable(),
  reason: z.enum(smsSkipReasonValues),
});
export type SmsSkipped = z.infer<typeof smsSkipped>;

export const smsQueued = z.object({
  /** Null when nothing was queued. */
  batchId: z.number().int().nullable(),
  queued: z.number().int(),
  skipped: z.array(smsSkipped),
});
export type SmsQueued = z.infer<typeof smsQueued>;

// ---- Bill SMS (POST /api/sms/bill-sms and /preview) -------------------------------------------------

export const billSmsBody = z
  .object({
    runId: optionalId,
    period: period.optional().or(z.literal('').transform(() => undefined)),
    zoneId: optionalId,
    /** Missing: each customer's preferred language, else the organisation's default. */
    language: smsLanguage.optional().or(z.literal('').transform(() => undefined)),
    /** Message bills that already have a message too. */
    resend: z.boolean().default(false),
  })
  .superRefine(
    (v, ctx) => {
      if (!v.runId && !v.period) ctx.addIssue({ code: 'custom', path: ['runId'], message: 'sms.runOrPeriod' });
    },
    whenValid('runId', 'period'),
  );
export type BillSmsBody = z.input<typeof billSmsBody>;

export const renderedSms = z.object({
  billId: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  phone: z.string(),
  language: smsLanguage,
  body: z.string(),
  parts: z.number().int(),
});
export type RenderedSms = z.infer<typeof renderedSms>;

/** How many messages a bill SMS would queue, the bills it would skip, and the first messages as rendered. */
export const billSmsPreview = z.object({
  count: z.number().int(),
  bills: z.number().int(),
  skipped: z.array(smsSkipped),
  messages: z.array(renderedSms),
});
export type BillSmsPreview = z.infer<typeof billSmsPreview>;

/** Bill runs and zones to choose from on the bill SMS screen (with how many bills already have a message). */
export const billSmsOptions = z.object({
  runs: z.array(
    z.object({
      id: z.number().int(),
      period: z.string(),
      zoneName: z.string().nullable(),
      billCount: z.number().int(),
      messaged: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  zones: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The language of customers without a preference. */
  defaultLanguage: smsLanguage,
});
export type BillSmsOptions = z.infer<typeof billSmsOptions>;

// ---- Recipients for the send screen ---------------------------------------------------------------

export const smsRecipientQuery = z.object({ q: z.string().trim().max(100).optional() });
export const smsRecipient = z.object({
  id: z.number().int(),
  customerNo: z.string(),
  name: z.string(),
  phone: z.string(),
  /** The E.164 number messages go to, or null when the phone cannot receive one. */
  smsPhone: z.string().nullable(),
});
export type SmsRecipient = z.infer<typeof smsRecipient>;
export const smsRecipientList = z.array(smsRecipient);

export const smsZone = z.object({ id: z.number().int(), name: z.string(), customerCount: z.number().int() });
export type SmsZone = z.infer<typeof smsZone>;

/** What the send screen offers: zones with their active customers, the default language, the free-message templates. */
export const sendSmsOptions = z.object({
  zones: z.array(smsZone),
  defaultLanguage: smsLanguage,
  templates: z.object({ en: z.string(), so: z.string() }),
});
export type SendSmsOptions = z.infer<typeof sendSmsOptions>;

// ---- The report (GET /api/sms-report) ------------------------------------------------------------

const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal(''), z.literal('0')])
    .optional()
    .transform((v) => (v === '' || v === '0' ? undefined : (v as T[number] | undefined)));

export const smsReportQuery = listQuery
  .extend({
    status: optionalChoice(smsStatusValues),
    kind: optionalChoice(smsKindValues),
    startDate: isoDate.optional().or(z.literal('').transform(() => undefined)),
    endDate: isoDate.optional().or(z.literal('').transform(() => undefined)),
    batchId: optionalId,
    _sort: z.enum(['createdAt', 'status', 'phone']).optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'v.dateRange' });
    },
    whenValid('startDate', 'endDate'),
  );
export type SmsReportQuery = z.input<typeof smsReportQuery>;

export const smsMessage = z.object({
  id: z.number().int(),
  batchId: z.number().int().nullable(),
  kind: z.enum(smsKindValues),
  customerId: z.number().int().nullable(),
  customerNo: z.string().nullable(),
  customerName: z.string().nullable(),
  billId: z.number().int().nullable(),
  runId: z.number().int().nullable(),
  phone: z.string(),
  language: smsLanguage,
  body: z.string(),
  parts: z.number().int(),
  status: z.enum(smsStatusValues),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  provider: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type SmsMessage = z.infer<typeof smsMessage>;

export const smsStatusTotals = z.object({ queued: z.number().int(), sending: z.number().int(), sent: z.number().int(), failed: z.number().int() });
export type SmsStatusTotals = z.infer<typeof smsStatusTotals>;

/** A page of messages, and the count per status under the same filters except status. */
export const smsReport = page(smsMessage).extend({ totals: smsStatusTotals });
export type SmsReport = z.infer<typeof smsReport>;

export const smsMessageParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

// ---- Gateway settings (administrators) -------------------------------------------------------------

export const smsSettings = z.object({
  provider: z.enum(smsProviderValues),
  url: z.string().nullable(),
  method: z.enum(['GET', 'POST']),
  authHeaderName: z.string().nullable(),
  /** Whether a secret is stored; the secret itself never leaves the server. */
  hasAuthSecret: z.boolean(),
  /** The secret's last characters behind dots, e.g. '••••••c9f2'. */
  authSecretMasked: z.string().nullable(),
  contentType: z.enum(smsContentTypeValues),
  bodyTemplate: z.string().nullable(),
  senderId: z.string().nullable(),
  maxAttempts: z.number().int(),
  defaultLanguage: smsLanguage,
  updatedAt: z.string().nullable(),
});
export type SmsSettings = z.infer<typeof smsSettings>;

const nullableTrimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const smsSettingsBody = z
  .object({
    provider: choice(smsProviderValues),
    url: nullableTrimmed(500),
    method: choice(['GET', 'POST'] as const).default('POST'),
    authHeaderName: nullableTrimmed(100).refine((v) => v === null || /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(v), 'sms.headerName'),
    /** Missing: keep the stored secret; null or '': remove it; text: replace it. */
    authSecret: z.string().max(500).nullable().optional(),
    contentType: choice(smsContentTypeValues).default('application/json'),
    /** {to}, {message} and {sender} are filled in, escaped for the content type. */
    bodyTemplate: nullableTrimmed(2000),
    senderId: nullableTrimmed(20),
    maxAttempts: z.coerce.number().int().min(1).max(10).default(3),
    defaultLanguage: smsLanguage.default('en'),
  })
  .superRefine(
    (v, ctx) => {
      if (v.provider !== 'http') return;
      if (!v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'sms.urlRequired' });
      else if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: 'v.url' });
    },
    whenValid('provider', 'url'),
  );
export type SmsSettingsBody = z.input<typeof smsSettingsBody>;

export const smsTestBody = z.object({ phone: z.string().trim().min(1).max(40) });
export type SmsTestBody = z.input<typeof smsTestBody>;

/** The gateway's answer to the test message, sent at once (no retry). */
export const smsTestResult = z.object({
  messageId: z.number().int(),
  status: z.enum(smsStatusValues),
  provider: z.string(),
  phone: z.string(),
  httpStatus: z.number().int().nullable(),
  response: z.string().nullable(),
  error: z.string().nullable(),
});
export type SmsTestResult = z.infer<typeof smsTestResult>;

// ---- Customers' languages -------------------------------------------------------------------------

export const smsCustomerLanguage = z.object({
  customerId: z.number().int(),
  customerNo: z.string(),
  name: z.string(),
  phone: z.string(),
  language: smsLanguage,
});
export type SmsCustomerLanguage = z.infer<typeof smsCustomerLanguage>;
export const smsCustomerLanguagePage = page(smsCustomerLanguage);
export const smsCustomerLanguageQuery = listQuery.pick({ _page: true, _limit: true, q: true });
export const smsCustomerLanguageParams = z.object({ customerId: z.coerce.number().int().positive().max(2147483647) });
export const smsCustomerLanguageBody = z.object({ language: smsLanguage });
export type SmsCustomerLanguageBody = z.input<typeof smsCustomerLanguageBody>;
