// Sending one e-mail through the organisation's SMTP server with nodemailer. The server's host is checked
// like the SMS gateway's (sms' checkedAddresses: no loopback, private, link-local, metadata or reserved
// address unless the installation lists it in EMAIL_SMTP_ALLOW_HOSTS), and the connection goes to the
// address that was checked (TLS still verifies the certificate against the host name), so DNS rebinding
// cannot swap it. Every failure is a result, never a throw: the dispatcher records it and retries.
import nodemailer from 'nodemailer';
import { checkedAddresses, GatewayAddressError } from '../sms/index.ts';
import type { SmtpConfig } from './email-settings.ts';

export const SMTP_ALLOW_VARIABLE = 'EMAIL_SMTP_ALLOW_HOSTS';

export interface OutgoingEmail {
  to: string;
  subject: string;
  body: string;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface SmtpResult {
  ok: boolean;
  messageId: string | null;
  response: string | null;
  error: string | null;
}

const short = (text: string, max = 500) => (text.length > max ? `${text.slice(0, max)}…` : text);

export function smtpTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.EMAIL_SMTP_TIMEOUT_MS);
  return Number.isFinite(v) && v > 0 ? v : 20_000;
}

/** Escapes the text body into the HTML part (line breaks kept). */
function htmlOf(body: string): string {
  const escaped = body.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
  return `<div style="font-family:Arial,sans-serif;font-size:14px;line-height:1.5">${escaped.replace(/\r?\n/g, '<br>')}</div>`;
}

export async function sendViaSmtp(config: SmtpConfig, email: OutgoingEmail, timeoutMs = smtpTimeoutMs()): Promise<SmtpResult> {
  if (!config.host || !config.fromAddress) return { ok: false, messageId: null, response: null, error: 'not_configured' };
  if (config.password && typeof config.password === 'object') return { ok: false, messageId: null, response: null, error: 'password_unreadable' };
  let address: string;
  try {
    [{ address }] = await checkedAddresses(config.host, SMTP_ALLOW_VARIABLE);
  } catch (err) {
    if (err instanceof GatewayAddressError) return { ok: false, messageId: null, response: null, error: err.reason };
    throw err;
  }
  const transport = nodemailer.createTransport({
    host: address,
    port: config.port,
    secure: config.security === 'tls',
    requireTLS: config.security === 'starttls',
    ignoreTLS: config.security === 'none',
    tls: { servername: config.host },
    name: 'ubo.local',
    auth: config.username ? { user: config.username, pass: typeof config.password === 'string' ? config.password : '' } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    const info = await transport.sendMail({
      from: config.fromName ? { name: config.fromName, address: config.fromAddress } : config.fromAddress,
      to: email.to,
      subject: email.subject,
      text: email.body,
      html: htmlOf(email.body),
      attachments: email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    });
    const rejected = (info.rejected ?? []).length > 0;
    return {
      ok: !rejected,
      messageId: info.messageId ?? null,
      response: info.response ? short(String(info.response)) : null,
      error: rejected ? 'rejected' : null,
    };
  } catch (err) {
    const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
    const detail = [e.code, e.responseCode, e.response ?? e.message].filter((x) => x !== undefined && x !== '').join(' ');
    return { ok: false, messageId: null, response: e.response ? short(e.response) : null, error: short(detail || 'smtp_error') };
  } finally {
    transport.close();
  }
}
