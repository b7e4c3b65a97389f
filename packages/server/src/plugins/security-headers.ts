// Security headers on every answer (helmet): a Content-Security-Policy the web app passes (its
// only inline script, the theme boot in index.html, is allowed by its hash, computed from the served file
// at start; MUI/emotion inject <style> elements, hence style-src 'unsafe-inline'), nosniff, no framing by
// other sites (print views print the page itself, no frames), no referrer. Popup notes may embed a
// YouTube or Vimeo video (contracts/notes: the only frame sources). The API documentation at /api/docs
// (swagger UI) gets its own, looser policy on that prefix only.
// The policy is fixed at start (no nonces, no per-request directives), so helmet runs ONCE and its headers
// are copied onto every reply by one hook: @fastify/helmet rebuilt helmet's middleware, parsing every CSP
// directive, on each request (a tenth of the cheapest read's own CPU time).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const VIDEO_FRAMES = [
  'https://www.youtube.com',
  'https://youtube.com',
  'https://www.youtube-nocookie.com',
  'https://youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://vimeo.com',
];

/** 'sha256-...' sources of the inline scripts of the web app's index.html (none when there is no build). */
export function inlineScriptHashes(webDist: string | undefined): string[] {
  const file = webDist ? join(webDist, 'index.html') : undefined;
  if (!file || !existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers helmet sets for these options, computed once (helmet is a connect middleware: record what it sets). */
export function fixedHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const headers = fixedHelmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: VIDEO_FRAMES,
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrcAttr: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Not behind TLS everywhere (a try-out on a LAN): HSTS only matters, and is only honoured, over https.
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: false },
  });
  // onRequest, first: a refused request (401, 403, 404) carries the headers too.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  // The swagger UI needs inline script and style; its pages only.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.url?.startsWith('/api/docs')) reply.header('content-security-policy', DOCS_POLICY);
    return payload;
  });
}
