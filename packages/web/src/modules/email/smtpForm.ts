// The SMTP form of /email/settings: every field as text (the screen's inputs), checked with the contracts'
// emailSettingsBody; the password is sent only when typed (or removed on purpose), never read back.
import { type EmailSettings, type EmailSettingsBody, emailSettingsBody, z } from '@ubo/contracts';

export const smtpFormSchema = z
  .object({
    host: z.string(),
    port: z.string(),
    security: z.string(),
    username: z.string(),
    password: z.string(),
    removePassword: z.boolean(),
    fromAddress: z.string(),
    fromName: z.string(),
    maxAttempts: z.string(),
    defaultLanguage: z.string(),
  })
  .superRefine((v, ctx) => {
    const parsed = emailSettingsBody.safeParse(smtpBodyOf(v));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type SmtpForm = z.infer<typeof smtpFormSchema>;
export const SMTP_FIELDS = ['host', 'port', 'security', 'username', 'password', 'fromAddress', 'fromName', 'maxAttempts', 'defaultLanguage'] as const;

export function toSmtpForm(s: EmailSettings): SmtpForm {
  return {
    host: s.host ?? '',
    port: String(s.port),
    security: s.security,
    username: s.username ?? '',
    password: '',
    removePassword: false,
    fromAddress: s.fromAddress ?? '',
    fromName: s.fromName ?? '',
    maxAttempts: String(s.maxAttempts),
    defaultLanguage: s.defaultLanguage,
  };
}

export function smtpBodyOf(v: SmtpForm): EmailSettingsBody {
  const body: EmailSettingsBody = {
    host: v.host,
    port: v.port as unknown as number,
    security: v.security as EmailSettingsBody['security'],
    username: v.username || null,
    fromAddress: v.fromAddress,
    fromName: v.fromName || null,
    maxAttempts: v.maxAttempts as unknown as number,
    defaultLanguage: v.defaultLanguage as EmailSettingsBody['defaultLanguage'],
  };
  if (v.removePassword) body.password = null;
  else if (v.password !== '') body.password = v.password;
  return body;
}
