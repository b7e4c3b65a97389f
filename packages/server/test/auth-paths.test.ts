// Access is decided by the matched route, not by the raw URL: the router decodes a percent-encoded path
// (/%61pi/... matches /api/...), so every spelling of every non-public route must still ask for a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../src/plugins/route-registry.ts';
import { startTestApp, type TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const concrete = (url: string) => url.replace(/:\w+(\([^)]*\))?/g, '1').replace(/\*/g, 'x');
const encodeAll = (path: string) =>
  path
    .split('/')
    .map((seg) => [...seg].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join(''))
    .join('/');

/** Spellings that must be refused with 401 (the router maps them to the route). */
const encodedVariants = (path: string) => [path.replace(/^\/api/, '/%61pi'), path.replace(/^\/api/, '/%61%70%69'), encodeAll(path)];
/** Spellings the router may or may not match: refused either way (401), or not found (404). */
const otherVariants = (path: string) => [
  path.replace(/^\/api/, '/API'),
  path.replace(/^\/api/, '/Api'),
  `/${path}`,
  path.replace(/^\/api\//, '/api//'),
  `${path}/`,
  path.replace(/^\/api/, '/%61pi').toUpperCase(),
];

describe('access by matched route', () => {
  it('GET /%61pi/roles/modules and POST /%61pi/cities answer 401 without a token', async () => {
    const get = await ctx.app.inject({ method: 'GET', url: '/%61pi/roles/modules' });
    expect(get.statusCode).toBe(401);
    expect(get.json().code).toBe('UNAUTHORIZED');
    const post = await ctx.app.inject({ method: 'POST', url: '/%61pi/cities', payload: { name: 'Encoded' } });
    expect(post.statusCode).toBe(401);
  });

  it('every non-public route, in every encoded, mixed-case, double-slash and trailing-slash spelling, refuses a caller without a token', async () => {
    const routes = registeredRoutes().filter((r) => r.access && r.access !== 'public' && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of routes) {
      const path = concrete(route.url);
      const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? { payload: {} } : {};
      for (const url of encodedVariants(path)) {
        const res = await ctx.app.inject({ method: route.method as 'GET', url, ...body });
        if (res.statusCode !== 401) wrong.push(`${route.method} ${url} -> ${res.statusCode}`);
      }
      for (const url of otherVariants(path)) {
        const res = await ctx.app.inject({ method: route.method as 'GET', url, ...body });
        if (res.statusCode !== 401 && res.statusCode !== 404) wrong.push(`${route.method} ${url} -> ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
