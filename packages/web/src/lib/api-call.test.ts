// api.call against a fake fetch: the endpoint of the contracts gives the method and the path (its
// :params filled and encoded), the input gives the query and the body, and the options and the
// interceptor behave as for every call.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usersEndpoints, zonesEndpoints } from '@ubo/contracts';

const toasts: string[] = [];
vi.mock('./toast.ts', () => ({ showToast: (message: string) => void toasts.push(message) }));

const store = new Map<string, string>();
const fakeWindow = {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
  location: { hash: '#/dashboard', reload: () => {} },
  addEventListener: () => {},
  removeEventListener: () => {},
};

const { api, ApiError, resourcePath } = await import('./api.ts');

function fetchReturning(status: number, body: unknown) {
  const fn = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fn);
  vi.stubGlobal('window', fakeWindow);
  return fn;
}

const sent = (fn: ReturnType<typeof fetchReturning>) => fn.mock.calls[0] as unknown as [string, RequestInit];

beforeEach(() => {
  toasts.length = 0;
  store.clear();
  store.set('token', 'tok');
});
afterEach(() => vi.unstubAllGlobals());

describe('api.call', () => {
  it('fills the path params and sends the body with the endpoint method and headers', async () => {
    const fetch = fetchReturning(200, { id: 7 });
    await api.call(usersEndpoints.setStatus, { params: { id: 7 }, body: { status: 'Disabled' } }, { headers: { 'Idempotency-Key': 'k1' } });
    const [url, init] = sent(fetch);
    expect(url).toBe('/api/admin/7/status');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ status: 'Disabled' });
    expect(new Headers(init.headers).get('Idempotency-Key')).toBe('k1');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('sends the query of a GET, leaving out empty values, and returns the body', async () => {
    const page = { data: [], total: 0, page: 1, limit: 1000 };
    const fetch = fetchReturning(200, page);
    const result = await api.call(zonesEndpoints.options, { query: { _limit: 1000, _sort: 'name', q: '' } });
    expect(sent(fetch)[0]).toBe('/api/elc/zones/options?_limit=1000&_sort=name');
    expect(sent(fetch)[1].method).toBe('GET');
    expect(result).toEqual(page);
  });

  it('encodes path params and refuses a missing one before any request', async () => {
    const fetch = fetchReturning(200, {});
    await api.call(usersEndpoints.get, { params: { id: 'a/b' } });
    expect(sent(fetch)[0]).toBe('/api/admin/a%2Fb');
    expect(() => api.call(usersEndpoints.get, { params: {} as { id: number } })).toThrow(/id/);
  });

  it('passes failures through the interceptor: toast, ApiError with field details', async () => {
    fetchReturning(400, { statusCode: 400, code: 'VALIDATION', message: 'Check the form', details: [{ field: 'name', message: 'Required' }] });
    const error = await api.call(zonesEndpoints.create, { body: { name: '' } as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).details).toEqual([{ field: 'name', message: 'Required' }]);
    expect(toasts).toEqual(['Check the form']);
  });

  it('names a resource by its endpoint path without /api/', () => {
    expect(resourcePath(usersEndpoints.list)).toBe('admin');
    expect(resourcePath(zonesEndpoints.options)).toBe('elc/zones/options');
  });
});
