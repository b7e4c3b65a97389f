// The one HTTP client of the web app. Every call goes to /api with the bearer token and X-Lang, and
// every failure passes through one interceptor (spec section 8, design.md "Tenancy and access"):
//   status 0 / network failure -> error toast 'Enable to connect server'
//   401                        -> forget the token, go to #/auth/login (sign-in itself: toast the message)
//   402                        -> #/auth/change-password?action=required
//   403 SUBSCRIPTION_EXPIRED   -> #/auth/expired (also any message containing 'Expired')
//   403 FORBIDDEN and the rest -> error toast with the server's message (no redirect)
// Field errors (`details`) stay on the thrown ApiError so forms can put them on their fields.
// Create, update and delete calls show the 'Taking action' loader; a second one started while the
// first is pending is refused client-side with 'Please slow down!...' (spec section 4).
import { type Endpoint, type EndpointInput, type EndpointResponse, endpointPath } from '@ubo/contracts';
import i18n from '../app/i18n/index.ts';
import { getLang, getOperatorToken, getToken, setOperatorToken, setToken } from './storage.ts';
import { showToast } from './toast.ts';

export const API_BASE = '/api';
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 100;
export const TOAST_MS = 3000;
export const ERROR_TOAST_MS = 5000;

export interface FieldError {
  field: string;
  message: string;
}

/** A failed call. `status` 0 means the server could not be reached; `code` is the server's error code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The list envelope of every paged endpoint: GET <path>?_page&_limit -> { data, total, page, limit }. */
export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** The sign-in call: a 401 is a wrong password (toast it), not an ended session; no loader. */
  signIn?: boolean;
  /** Bookkeeping calls (e.g. note view counts): no loader, never refused as a double action. */
  background?: boolean;
  /** Do not toast failures (the caller shows them). Redirects still happen. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Further request headers, e.g. Idempotency-Key on a posting. */
  headers?: Record<string, string>;
  /** An operator screen's call: sends the operator's token (never the staff token); a 401 leads to the operator sign-in. */
  operator?: boolean;
}

type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

interface ApiHooks {
  /** Navigate inside the app (hash route without '#'). */
  navigate: (to: string) => void;
  /** Called once the token has been dropped after a 401 (clear cached data). */
  onUnauthorized: () => void;
}

let hooks: ApiHooks = {
  navigate: (to) => {
    window.location.hash = `#${to}`;
  },
  onUnauthorized: () => {},
};

/** The app wires router navigation and cache clearing here at start. */
export function configureApi(next: Partial<ApiHooks>): void {
  hooks = { ...hooks, ...next };
}

export function toast(message: string, variant: ToastVariant = 'default'): void {
  showToast(message, {
    variant,
    autoHideDuration: variant === 'error' ? ERROR_TOAST_MS : TOAST_MS,
    preventDuplicate: true,
  });
}

// ---- 'Taking action' state: one create/update/delete at a time ----

let actionPending = false;
const actionListeners = new Set<() => void>();

function setActionPending(value: boolean): void {
  actionPending = value;
  for (const l of actionListeners) l();
}

/** For useSyncExternalStore: whether a create/update/delete is in flight. */
export const actionState = {
  subscribe(listener: () => void): () => void {
    actionListeners.add(listener);
    return () => actionListeners.delete(listener);
  },
  get(): boolean {
    return actionPending;
  },
};

// ---- URL and response handling ----

export function buildUrl(path: string, query?: Query): string {
  const clean = path.replace(/^\/+/, '').replace(/^api\//, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}/${clean}${qs ? `?${qs}` : ''}`;
}

function currentRoute(): string {
  return window.location.hash.replace(/^#/, '').split('?')[0] || '/';
}

function go(to: string): void {
  if (currentRoute() === to.split('?')[0]) return;
  hooks.navigate(to);
}

/** The message of an error body: a string, or the object's message or error field (spec section 8). */
export function messageOf(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim()) return body;
  if (body && typeof body === 'object') {
    const o = body as { message?: unknown; error?: unknown };
    if (typeof o.message === 'string' && o.message) return o.message;
    if (typeof o.error === 'string' && o.error) return o.error;
  }
  return undefined;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failure(status: number, body: unknown, opts: RequestOptions): ApiError {
  const o = (body && typeof body === 'object' ? body : {}) as { code?: unknown; details?: unknown };
  const code = typeof o.code === 'string' ? o.code : `HTTP_${status}`;
  const message = messageOf(body) ?? i18n.t('api.genericError');
  const details = Array.isArray(o.details) ? (o.details as FieldError[]).filter((d) => d && typeof d.field === 'string' && typeof d.message === 'string') : [];
  const error = new ApiError(status, code, message, details);

  if (status === 401 && opts.operator && !opts.signIn) {
    setOperatorToken(null);
    go('/operator/login');
    return error;
  }
  if (status === 401 && !opts.signIn) {
    const hadToken = getToken() !== null;
    setToken(null);
    hooks.onUnauthorized();
    if (hadToken) toast(message, 'warning');
    go('/auth/login');
    return error;
  }
  if (status === 402) {
    go('/auth/change-password?action=required');
    return error;
  }
  if (status === 403 && (code === 'SUBSCRIPTION_EXPIRED' || /expired/i.test(message))) {
    go('/auth/expired');
    return error;
  }
  if (!opts.silent) toast(message, 'error');
  return error;
}

type Parse = 'json' | 'blob';

async function request<T>(method: string, path: string, opts: RequestOptions = {}, parse: Parse = 'json'): Promise<T> {
  const isAction = method !== 'GET' && !opts.signIn && !opts.background;
  if (isAction) {
    if (actionPending) {
      const message = i18n.t('api.slowDown');
      toast(message, 'warning');
      throw new ApiError(0, 'SLOW_DOWN', message);
    }
    setActionPending(true);
  }
  try {
    const headers: Record<string, string> = { ...opts.headers, Accept: parse === 'json' ? 'application/json' : '*/*', 'X-Lang': getLang() };
    const token = opts.operator ? getOperatorToken() : getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }

    let res: Response;
    try {
      res = await fetch(buildUrl(path, opts.query), { method, headers, body, signal: opts.signal });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') throw err;
      const message = i18n.t('api.cannotConnect');
      if (!opts.silent) toast(message, 'error');
      throw new ApiError(0, 'NETWORK', message);
    }

    if (!res.ok) {
      if (res.status === 0) {
        const message = i18n.t('api.cannotConnect');
        if (!opts.silent) toast(message, 'error');
        throw new ApiError(0, 'NETWORK', message);
      }
      throw failure(res.status, await readBody(res), opts);
    }
    if (parse === 'blob') return (await res.blob()) as T;
    return (await readBody(res)) as T;
  } finally {
    if (isAction) setActionPending(false);
  }
}

/** What api.call takes after the endpoint: the input may be left out when the endpoint needs none. */
type CallArgs<E extends Endpoint> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, opts?: Omit<RequestOptions, 'query' | 'body'>]
    : [input: EndpointInput<E>, opts?: Omit<RequestOptions, 'query' | 'body'>];

/**
 * Calls an endpoint of the contracts: fills its path's :params, sends its query and body, and answers its
 * response type (never one chosen here). The interceptor, loader and options behave as for every call.
 */
export function callEndpoint<E extends Endpoint>(endpoint: E, ...[input, opts]: CallArgs<E>): Promise<EndpointResponse<E>> {
  const path = endpointPath(endpoint.path, input?.params as Record<string, unknown> | undefined);
  const parse = endpoint.produces ? 'blob' : 'json';
  return request<EndpointResponse<E>>(endpoint.method, path, { ...opts, query: input?.query as Query | undefined, body: input?.body }, parse);
}

/** Calls a file endpoint and offers its answer to the user as `filename`. */
export async function downloadEndpoint<E extends Endpoint & { produces: readonly string[] }>(
  endpoint: E,
  input: EndpointInput<E>,
  filename: string,
): Promise<void> {
  saveBlob((await callEndpoint(endpoint as Endpoint, input as never)) as Blob, filename);
}

/**
 * An endpoint's path as the path-taking helpers name a resource (DataTable, RecordLoader, the query keys,
 * column and file names): without '/api/', so it is still written once, in the contracts.
 */
export function resourcePath(endpoint: Endpoint): string {
  return endpoint.path.replace(/^\/api\//, '');
}

export const api = {
  call: callEndpoint,
  get: <T>(path: string, query?: Query, opts?: Omit<RequestOptions, 'query'>) => request<T>('GET', path, { ...opts, query }),
  /** A paged list: _page=1 and _limit=100 unless the query says otherwise. */
  list: <T>(path: string, query?: Query, opts?: Omit<RequestOptions, 'query'>) =>
    request<Page<T>>('GET', path, { ...opts, query: { _page: DEFAULT_PAGE, _limit: DEFAULT_LIMIT, ...query } }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  /** A file call: GET with a blob result. */
  blob: (path: string, query?: Query, opts?: Omit<RequestOptions, 'query'>) => request<Blob>('GET', path, { ...opts, query }, 'blob'),
};

/** Offers a blob to the user as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET a file and save it under `filename`. */
export async function downloadFile(path: string, filename: string, query?: Query): Promise<void> {
  saveBlob(await api.blob(path, query), filename);
}
