// Security headers on every answer: the Content-Security-Policy the web app runs under (its inline theme
// script allowed by hash, no framing, no plugins), nosniff, frame denial and no referrer; the swagger UI
// at /api/docs gets its looser policy on that prefix only.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { startTestApp, type TestContext } from './harness.ts';

let ctx: TestContext;
let web: FastifyInstance;
const dist = mkdtempSync(join(tmpdir(), 'ubo-web-'));
const bootScript = "\n      document.documentElement.setAttribute('data-mode', 'light');\n    ";

beforeAll(async () => {
  ctx = await startTestApp();
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><script>${bootScript}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
  );
  web = await buildApp({ db: ctx.database.db, tokenSecret: randomBytes(32).toString('hex'), webDist: dist });
  await web.ready();
});
afterAll(async () => {
  await web.close();
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const directives = (csp: string | undefined) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('every API answer carries nosniff, frame denial, no referrer and a strict policy', async () => {
    for (const res of [
      await ctx.app.inject({ method: 'GET', url: '/api/auth' }),
      await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
    }
  });

  it("the web app's page allows its inline boot script by hash, and nothing else inline", async () => {
    const res = await web.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy'] as string);
    const hash = `'sha256-${createHash('sha256').update(bootScript, 'utf8').digest('base64')}'`;
    expect(csp['script-src']).toEqual(["'self'", hash]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('the API documentation still opens, under its own policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp['script-src']).toContain("'unsafe-inline'");
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});
