// E-mail: the organisation's SMTP settings (administrators; the password never leaves the server), templates
// per kind and language with {placeholders}, POST send-email to customers, a zone or a list of addresses,
// documents (bill, customer statement, payment receipt, sales invoice, sales receipt, purchase order) e-mailed as PDF attachments, and the
// outbox as the e-mail report with retry. E-mails are queued in the request's transaction and sent by the
// email.dispatch job after it commits.
import { id, isoDate, listQuery, page, trimmed, whenValid, z } from '../common/validation.ts';
import { choice, optionalId } from '../billing/fields.ts';

export const emailLanguageValues = ['en', 'so'] as const;
export type EmailLanguage = (typeof emailLanguageValues)[number];
export const emailLanguage = choice(emailLanguageValues);

export const emailTemplateKindValues = ['free', 'bill', 'statement', 'payment_receipt', 'invoice', 'receipt', 'purchase_order'] as const;
export type EmailTemplateKind = (typeof emailTemplateKindValues)[number];
export const emailKindValues = [...emailTemplateKindValues, 'payslip', 'test'] as const;
export type EmailKind = (typeof emailKindValues)[number];
/**
 * What can be e-mailed as a PDF: a bill, a customer's statement (id: the customer), a customer's payment
 * receipt (id: the payment), a sales invoice, a sales receipt, a purchase order.
 */
export const emailDocumentValues = ['bill', 'statement', 'payment_receipt', 'invoice', 'receipt', 'purchase_order'] as const;
export type EmailDocument = (typeof emailDocumentValues)[number];
export const emailStatusValues = ['queued', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof emailStatusValues)[number];
export const emailSecurityValues = ['none', 'starttls', 'tls'] as const;
export type EmailSecurity = (typeof emailSecurityValues)[number];
export const emailSkipReasonValues = ['no_email', 'invalid_email', 'duplicate_email', 'inactive'] as const;
export type EmailSkipReason = (typeof emailSkipReasonValues)[number];

/** Every placeholder a template may use; unknown {words} are refused when a template or message is saved. */
export const emailPlaceholders = ['name', 'customerNo', 'balance', 'company', 'currency', 'documentNo', 'amount', 'date', 'period', 'dueDate'] as const;
export type EmailPlaceholder = (typeof emailPlaceholders)[number];
export type EmailValues = Partial<Record<EmailPlaceholder, string>>;

const PLACEHOLDER = /\{(\w+)\}/g;

export function unknownEmailPlaceholders(text: string): string[] {
  const known = new Set<string>(emailPlaceholders);
  const out: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) if (!known.has(m[1]) && !out.includes(m[1])) out.push(m[1]);
  return out;
}

/** Fills every known placeholder (a missing value becomes empty text); unknown {words} stay as written. */
export function renderEmailTemplate(text: string, values: EmailValues): string {
  const known = new Set<string>(emailPlaceholders);
  return text
    .replace(PLACEHOLDER, (whole, name: string) => (known.has(name) ? (values[name as EmailPlaceholder] ?? '') : whole))
    .replace(/[ \t]+([,.;:!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** An address as the server accepts it: one mailbox, no display name, no spaces or angle brackets. */
export const EMAIL_PATTERN = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]{2,}$/;
export const isEmailAddress = (v: string) => v.length <= 254 && EMAIL_PATTERN.test(v);
const emailAddress = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .refine((v) => isEmailAddress(v), 'v.email');

const withPlaceholders = (max: number) =>
  trimmed(max).superRefine((text, ctx) => {
    const unknown = unknownEmailPlaceholders(text);
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `email.unknownPlaceholder|${unknown[0]}` });
  });
export const EMAIL_SUBJECT_MAX = 300;
export const EMAIL_BODY_MAX = 10000;

// ---- Templates ------------------------------------------------------------------------------------------
export const emailTemplate = z.object({
  id: z.number().int(),
  kind: z.enum(emailTemplateKindValues),
  language: z.enum(emailLanguageValues),
  subject: z.string(),
  body: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplate>;
export const emailTemplateList = z.array(emailTemplate);
export const emailTemplateBody = z.object({ subject: withPlaceholders(EMAIL_SUBJECT_MAX), body: withPlaceholders(EMAIL_BODY_MAX) });
export type EmailTemplateBody = z.input<typeof emailTemplateBody>;
export const emailTemplateParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

// ---- POST /api/send-email --------------------------------------------------------------------------------
export const MAX_EMAIL_RECIPIENTS = 5000;
export const sendEmailTarget = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('customers'), customerIds: z.array(id).min(1).max(MAX_EMAIL_RECIPIENTS) }),
    z.object({ type: z.literal('zone'), zoneId: id }),
    /** Each entry is checked on its own: an invalid one is a field error `target.addresses.<index>`. */
    z.object({ type: z.literal('addresses'), addresses: z.array(z.string().trim().max(300)).min(1).max(MAX_EMAIL_RECIPIENTS) }),
  ],
  { error: (iss) => (iss.input === undefined || iss.input === null ? 'v.required' : 'v.invalid') },
);
export type SendEmailTarget = z.infer<typeof sendEmailTarget>;
export const sendEmailBody = z.object({
  target: sendEmailTarget,
  subject: withPlaceholders(EMAIL_SUBJECT_MAX),
  message: withPlaceholders(EMAIL_BODY_MAX),
  language: emailLanguage.optional(),
});
export type SendEmailBody = z.input<typeof sendEmailBody>;

export const emailSkipped = z.object({
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  email: z.string().nullable(),
  reason: z.enum(emailSkipReasonValues),
});
export type EmailSkipped = z.infer<typeof emailSkipped>;
export const emailQueued = z.object({
  queued: z.number().int(),
  messageIds: z.array(z.number().int()),
  skipped: z.array(emailSkipped),
});
export type EmailQueued = z.infer<typeof emailQueued>;

export const emailRecipientQuery = z.object({ q: z.string().trim().max(100).optional() });
export const emailRecipient = z.object({ id: z.number().int(), customerNo: z.string(), name: z.string(), email: z.string().nullable() });
export type EmailRecipient = z.infer<typeof emailRecipient>;
export const emailRecipientList = z.array(emailRecipient);
export const sendEmailOptions = z.object({
  zones: z.array(z.object({ id: z.number().int(), name: z.string(), customerCount: z.number().int(), withEmail: z.number().int() })),
  defaultLanguage: z.enum(emailLanguageValues),
  templates: z.object({ en: z.object({ subject: z.string(), body: z.string() }), so: z.object({ subject: z.string(), body: z.string() }) }),
  configured: z.boolean(),
});
export type SendEmailOptions = z.infer<typeof sendEmailOptions>;

// ---- Documents as PDF attachments (POST /api/email/documents) ---------------------------------------------
export const emailDocumentBody = z.object({
  document: choice(emailDocumentValues),
  id,
  to: emailAddress,
  language: emailLanguage.optional(),
});
export type EmailDocumentBody = z.input<typeof emailDocumentBody>;
/** Who a document would go to: the party's address, to prefill the dialog. */
export const emailDocumentQuery = z.object({ document: choice(emailDocumentValues), id });
export const emailDocumentRecipient = z.object({ email: z.string().nullable(), name: z.string().nullable(), documentNo: z.string() });
export type EmailDocumentRecipient = z.infer<typeof emailDocumentRecipient>;

// ---- The report (GET /api/email-report) ------------------------------------------------------------------
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal(''), z.literal('0')])
    .optional()
    .transform((v) => (v === '' || v === '0' ? undefined : (v as T[number] | undefined)));
export const emailReportQuery = listQuery
  .extend({
    status: optionalChoice(emailStatusValues),
    kind: optionalChoice(emailKindValues),
    startDate: isoDate.optional().or(z.literal('').transform(() => undefined)),
    endDate: isoDate.optional().or(z.literal('').transform(() => undefined)),
    customerId: optionalId,
  })
  .superRefine(
    (v, ctx) => {
      if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'v.dateRange' });
    },
    whenValid('startDate', 'endDate'),
  );
export type EmailReportQuery = z.input<typeof emailReportQuery>;
export const emailMessage = z.object({
  id: z.number().int(),
  kind: z.enum(emailKindValues),
  customerId: z.number().int().nullable(),
  customerNo: z.string().nullable(),
  customerName: z.string().nullable(),
  documentId: z.number().int().nullable(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  language: z.enum(emailLanguageValues),
  attachments: z.array(z.object({ filename: z.string(), size: z.number().int() })),
  status: z.enum(emailStatusValues),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type EmailMessage = z.infer<typeof emailMessage>;
export const emailStatusTotals = z.object({ queued: z.number().int(), sending: z.number().int(), sent: z.number().int(), failed: z.number().int() });
export type EmailStatusTotals = z.infer<typeof emailStatusTotals>;
export const emailReport = page(emailMessage).extend({ totals: emailStatusTotals });
export type EmailReport = z.infer<typeof emailReport>;
export const emailMessageParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

// ---- SMTP settings (administrators) ----------------------------------------------------------------------
export const emailSettings = z.object({
  host: z.string().nullable(),
  port: z.number().int(),
  security: z.enum(emailSecurityValues),
  username: z.string().nullable(),
  /** Whether a password is stored; the password itself never leaves the server. */
  hasPassword: z.boolean(),
  fromAddress: z.string().nullable(),
  fromName: z.string().nullable(),
  maxAttempts: z.number().int(),
  defaultLanguage: z.enum(emailLanguageValues),
  /** Host and from address are set: e-mails can be sent. */
  configured: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EmailSettings = z.infer<typeof emailSettings>;
const nullableTrimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
export const emailSettingsBody = z.object({
  host: trimmed(253).refine((v) => /^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:.]+\]?$/.test(v), 'email.host'),
  port: z.coerce.number().int().min(1).max(65535),
  security: choice(emailSecurityValues),
  username: nullableTrimmed(200),
  /** Missing: keep the stored password; null or '': remove it; text: replace it. */
  password: z.string().max(500).nullable().optional(),
  fromAddress: emailAddress,
  fromName: nullableTrimmed(200),
  maxAttempts: z.coerce.number().int().min(1).max(10).default(3),
  defaultLanguage: emailLanguage.default('en'),
});
export type EmailSettingsBody = z.input<typeof emailSettingsBody>;
export const emailTestBody = z.object({ to: emailAddress });
export type EmailTestBody = z.input<typeof emailTestBody>;
export const emailTestResult = z.object({
  messageId: z.number().int(),
  status: z.enum(emailStatusValues),
  to: z.string(),
  response: z.string().nullable(),
  error: z.string().nullable(),
});
export type EmailTestResult = z.infer<typeof emailTestResult>;
