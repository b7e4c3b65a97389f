// How a message leaves: the outbox adapter (the default) keeps the message row as the record and marks it
// sent; the HTTP gateway adapter calls the organisation's gateway (address, method, auth header, body
// template with {to}, {message}, {sender} and {secret} filled in and escaped for the content type) and
// takes any 2xx answer as sent. Errors are short, language-neutral codes the report screen translates:
// 'timeout', 'network: <code>', 'http <status>: <excerpt>', 'secret_unreadable'.
import type { SmsContentType } from '@ubo/contracts';
import type { GatewayConfig } from './sms-settings.ts';

export interface OutgoingMessage {
  id: number;
  phone: string;
  body: string;
}

export interface SendResult {
  ok: boolean;
  provider: 'outbox' | 'http';
  providerMessageId: string | null;
  /** The start of the gateway's answer, kept on the message. */
  response: string | null;
  httpStatus: number | null;
  error: string | null;
}

export interface SmsAdapter {
  send(message: OutgoingMessage): Promise<SendResult>;
}

const RESPONSE_KEEP = 500;
const ERROR_EXCERPT = 200;

export const outboxAdapter: SmsAdapter = {
  async send(message) {
    return { ok: true, provider: 'outbox', providerMessageId: `outbox-${message.id}`, response: null, httpStatus: null, error: null };
  },
};

const DEFAULT_BODIES: Record<SmsContentType, string> = {
  'application/json': '{"to":"{to}","message":"{message}","sender":"{sender}"}',
  'application/x-www-form-urlencoded': 'to={to}&message={message}&sender={sender}',
  'text/plain': '{message}',
};

const escapers: Record<SmsContentType | 'url', (v: string) => string> = {
  // Inside a JSON string literal of the template: the value's JSON text without its quotes.
  'application/json': (v) => JSON.stringify(v).slice(1, -1),
  'application/x-www-form-urlencoded': (v) => encodeURIComponent(v),
  'text/plain': (v) => v,
  url: (v) => encodeURIComponent(v),
};

/** Fills {to}, {message}, {sender} and {secret} in one pass (a value is never scanned again). */
export function fillGatewayTemplate(template: string, values: Record<'to' | 'message' | 'sender' | 'secret', string>, escapeValue: (v: string) => string): string {
  return template.replace(/\{(to|message|sender|secret)\}/g, (_, name: keyof typeof values) => escapeValue(values[name]));
}

/** A provider's message id from a JSON answer, when it names one. */
function providerId(text: string): string | null {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    for (const key of ['messageId', 'message_id', 'id', 'sid', 'msgId']) {
      const v = body?.[key];
      if (typeof v === 'string' || typeof v === 'number') return String(v).slice(0, 100);
    }
  } catch {
    // not JSON: no id
  }
  return null;
}

export function httpGatewayAdapter(config: GatewayConfig, timeoutMs: number): SmsAdapter {
  return {
    async send(message) {
      const fail = (error: string, httpStatus: number | null = null, response: string | null = null): SendResult => ({
        ok: false,
        provider: 'http',
        providerMessageId: null,
        response,
        httpStatus,
        error,
      });
      if (typeof config.authSecret === 'object' && config.authSecret !== null) return fail('secret_unreadable');
      const secret = config.authSecret ?? '';
      const values = { to: message.phone, message: message.body, sender: config.senderId ?? '', secret };
      const url = fillGatewayTemplate(config.url ?? '', values, escapers.url);
      const headers: Record<string, string> = {};
      if (config.authHeaderName && secret) headers[config.authHeaderName] = secret;
      let body: string | undefined;
      if (config.method === 'POST') {
        headers['content-type'] = config.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : config.contentType;
        body = fillGatewayTemplate(config.bodyTemplate ?? DEFAULT_BODIES[config.contentType], values, escapers[config.contentType]);
      }
      let res: Response;
      try {
        res = await fetch(url, { method: config.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        const e = err as Error & { cause?: { code?: string } };
        if (e.name === 'TimeoutError' || e.name === 'AbortError') return fail('timeout');
        return fail(`network: ${(e.cause?.code ?? e.message).slice(0, ERROR_EXCERPT)}`);
      }
      const text = (await res.text().catch(() => '')).slice(0, RESPONSE_KEEP);
      if (res.status >= 200 && res.status < 300) {
        return { ok: true, provider: 'http', providerMessageId: providerId(text), response: text || null, httpStatus: res.status, error: null };
      }
      return fail(`http ${res.status}: ${text.replace(/\s+/g, ' ').trim().slice(0, ERROR_EXCERPT)}`.trim(), res.status, text || null);
    },
  };
}

export function adapterFor(config: GatewayConfig, timeoutMs: number): SmsAdapter {
  return config.provider === 'http' ? httpGatewayAdapter(config, timeoutMs) : outboxAdapter;
}
