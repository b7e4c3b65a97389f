// How a message leaves: the outbox adapter (the default) keeps the message row as the record and marks it
// sent; the HTTP gateway adapter calls the organisation's gateway (address, method, auth header, body
// template with {to}, {message}, {sender} and {secret} filled in and escaped for the content type) and
// takes any 2xx answer as sent. Only addresses gateway-address.ts allows are called, on every redirect
// (followed by hand, at most three); of the answer only the status and a 200-character plain-text excerpt
// are kept. Errors are short, language-neutral codes the report screen translates: 'timeout',
// 'network: <code>', 'http <status>: <excerpt>', 'secret_unreadable', 'address_refused', 'unresolved',
// 'too_many_redirects'.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { SmsContentType } from '@ubo/contracts';
import { checkGatewayUrl, GatewayAddressError, gatewayLookup } from './gateway-address.ts';
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

const ERROR_EXCERPT = 200;
/** Bytes of a gateway's answer read at most (enough for a provider's message id). */
const READ_LIMIT = 4096;
const MAX_REDIRECTS = 3;

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
export function fillGatewayTemplate(
  template: string,
  values: Record<'to' | 'message' | 'sender' | 'secret', string>,
  escapeValue: (v: string) => string,
): string {
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

/** What of a gateway's answer is kept and shown: plain text (no tags, no control characters), 200 characters. */
export function answerExcerpt(text: string): string {
  const printable = Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    return code < 32 || (code >= 127 && code < 160) ? ' ' : c;
  }).join('');
  return printable
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, ERROR_EXCERPT);
}

interface GatewayAnswer {
  status: number;
  location: string | null;
  text: string;
}

/** One request to an address checked by gatewayLookup; reads at most READ_LIMIT bytes of the answer. */
function requestOnce(url: URL, method: string, headers: Record<string, string>, body: string | undefined, signal: AbortSignal): Promise<GatewayAnswer> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { method, headers, lookup: gatewayLookup as never, agent: false, signal }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        resolve({
          status: res.statusCode ?? 0,
          location: typeof res.headers.location === 'string' ? res.headers.location : null,
          text: Buffer.concat(chunks).toString('utf8'),
        });
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        if (size >= READ_LIMIT) return;
        chunks.push(chunk.subarray(0, READ_LIMIT - size));
        size += chunk.length;
        if (size >= READ_LIMIT) finish();
      });
      res.on('end', finish);
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
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
      let headers: Record<string, string> = {};
      if (config.authHeaderName && secret) headers[config.authHeaderName] = secret;
      let method: string = config.method;
      let body: string | undefined;
      if (config.method === 'POST') {
        headers['content-type'] = config.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : config.contentType;
        body = fillGatewayTemplate(config.bodyTemplate ?? DEFAULT_BODIES[config.contentType], values, escapers[config.contentType]);
      }
      const signal = AbortSignal.timeout(timeoutMs);
      let answer: GatewayAnswer;
      try {
        let url = new URL(fillGatewayTemplate(config.url ?? '', values, escapers.url));
        for (let hop = 0; ; hop++) {
          // Every hop is checked: an IP literal here (the socket skips lookup for one), a name by gatewayLookup.
          await checkGatewayUrl(url.href);
          answer = await requestOnce(url, method, headers, body, signal);
          if (![301, 302, 303, 307, 308].includes(answer.status) || !answer.location) break;
          if (hop >= MAX_REDIRECTS) return fail('too_many_redirects', answer.status);
          const next = new URL(answer.location, url);
          // The secret goes to the gateway's own origin only.
          if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k !== config.authHeaderName));
          if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
            delete headers['content-type'];
          }
          url = next;
        }
      } catch (err) {
        const e = err as Error & { code?: string; cause?: { code?: string } };
        if (err instanceof GatewayAddressError) return fail(err.reason);
        if (e.name === 'TimeoutError' || e.name === 'AbortError') return fail('timeout');
        if (e instanceof TypeError && !e.code) return fail('address_refused');
        return fail(`network: ${(e.code ?? e.cause?.code ?? e.message).slice(0, ERROR_EXCERPT)}`);
      }
      const excerpt = answerExcerpt(answer.text);
      if (answer.status >= 200 && answer.status < 300) {
        return { ok: true, provider: 'http', providerMessageId: providerId(answer.text), response: excerpt || null, httpStatus: answer.status, error: null };
      }
      return fail(`http ${answer.status}: ${excerpt}`.trim(), answer.status, excerpt || null);
    },
  };
}

export function adapterFor(config: GatewayConfig, timeoutMs: number): SmsAdapter {
  return config.provider === 'http' ? httpGatewayAdapter(config, timeoutMs) : outboxAdapter;
}
