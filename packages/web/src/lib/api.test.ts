// The interceptor of spec section 8 and the one-action-at-a-time rule of section 4, against a fake
// fetch: which status leads where, what is toasted, and what the caller gets back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toasts: { message: string; variant?: string }[] = [];
vi.mock('./toast.ts', () => ({
  showToast: (message: string, opts: { variant?: string }) => {
    toasts.push({ message, variant: opts?.variant });
  },
}));

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
vi.stubGlobal('window', fakeWindow);

const { api, ApiError, buildUrl, configureApi, actionState } = await import('./api.ts');

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let navigated: string[] = [];
let cleared = 0;

beforeEach(() => {
  toasts.length = 0;
  navigated = [];
  cleared = 0;
  store.clear();
  store.set('token', 'tok');
  fakeWindow.location.hash = '#/dashboard';
  configureApi({ navigate: (to) => navigated.push(to), onUnauthorized: () => cleared++ });
});

afterEach(() => vi.unstubAllGlobals());

function fetchReturning(res: Response | Error) {
  const fn = vi.fn(async () => {
    if (res instanceof Error) throw res;
    return res;
  });
  vi.stubGlobal('fetch', fn);
  vi.stubGlobal('window', fakeWindow);
  return fn;
}

describe('requests', () => {
  it('adds the default paging, bearer token and language', async () => {
    const fetch = fetchReturning(json(200, { data: [], total: 0, page: 1, limit: 100 }));
    await api.list('settings/cities', { q: 'Moga', status: '' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/settings/cities?_page=1&_limit=100&q=Moga');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect((init.headers as Record<string, string>)['X-Lang']).toBe('en');
  });

  it('builds urls without doubled slashes or /api', () => {
    expect(buildUrl('/api/auth', { a: [1, 2] })).toBe('/api/auth?a=1&a=2');
  });
});

describe('interceptor', () => {
  it('network failure: toast "Enable to connect server"', async () => {
    fetchReturning(new TypeError('Failed to fetch'));
    await expect(api.get('auth')).rejects.toMatchObject({ status: 0 });
    expect(toasts).toEqual([{ message: 'Enable to connect server', variant: 'error' }]);
  });

  it('401: forgets the token and goes to the login', async () => {
    fetchReturning(json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Your session has ended.' }));
    await expect(api.get('auth')).rejects.toBeInstanceOf(ApiError);
    expect(store.has('token')).toBe(false);
    expect(cleared).toBe(1);
    expect(navigated).toEqual(['/auth/login']);
  });

  it('401 on sign-in: toasts the message, no redirect', async () => {
    store.delete('token');
    fetchReturning(json(401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid username, password or code.' }));
    await expect(api.post('auth/login', {}, { signIn: true })).rejects.toBeInstanceOf(ApiError);
    expect(navigated).toEqual([]);
    expect(toasts).toEqual([{ message: 'Invalid username, password or code.', variant: 'error' }]);
  });

  it('402: forced password change', async () => {
    fetchReturning(json(402, { statusCode: 402, code: 'PASSWORD_CHANGE_REQUIRED', message: 'Change it.' }));
    await expect(api.get('menus')).rejects.toBeInstanceOf(ApiError);
    expect(navigated).toEqual(['/auth/change-password?action=required']);
  });

  it('403 SUBSCRIPTION_EXPIRED: the expired screen', async () => {
    fetchReturning(json(403, { statusCode: 403, code: 'SUBSCRIPTION_EXPIRED', message: 'Subscription Expired' }));
    await expect(api.get('menus')).rejects.toBeInstanceOf(ApiError);
    expect(navigated).toEqual(['/auth/expired']);
    expect(toasts).toEqual([]);
  });

  it('403 FORBIDDEN: a toast with the message, no redirect', async () => {
    fetchReturning(json(403, { statusCode: 403, code: 'FORBIDDEN', message: 'You do not have permission for this action.' }));
    await expect(api.get('admin')).rejects.toBeInstanceOf(ApiError);
    expect(navigated).toEqual([]);
    expect(toasts).toEqual([{ message: 'You do not have permission for this action.', variant: 'error' }]);
  });

  it('other errors: the error field or a generic message; field details go back to the form', async () => {
    fetchReturning(
      json(400, {
        statusCode: 400,
        code: 'VALIDATION',
        message: 'Please correct the highlighted fields.',
        details: [{ field: 'name', message: 'Field is required.' }],
      }),
    );
    const err = (await api.post('settings/cities', {}).catch((e: unknown) => e)) as InstanceType<typeof ApiError>;
    expect(err.details).toEqual([{ field: 'name', message: 'Field is required.' }]);
    fetchReturning(json(500, { error: 'Boom' }));
    await api.get('x').catch(() => undefined);
    fetchReturning(new Response('', { status: 502 }));
    await api.get('x').catch(() => undefined);
    expect(toasts.map((t) => t.message)).toEqual(['Please correct the highlighted fields.', 'Boom', 'Something went wrong. Please try again.']);
  });
});

describe('one action at a time', () => {
  it('refuses a second create/update/delete while one is pending', async () => {
    const pending: ((r: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => pending.push(r))),
    );
    vi.stubGlobal('window', fakeWindow);
    const first = api.post('settings/cities', { name: 'A' });
    expect(actionState.get()).toBe(true);
    await expect(api.put('settings/cities/1', { name: 'B' })).rejects.toMatchObject({ code: 'SLOW_DOWN' });
    expect(toasts).toEqual([{ message: 'Please slow down!...', variant: 'warning' }]);
    // Reads and background calls are not held up.
    const read = api.get('settings/cities');
    for (const release of pending) release(json(200, { ok: true }));
    await first;
    await read;
    expect(actionState.get()).toBe(false);
  });
});
