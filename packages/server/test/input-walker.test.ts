// Walks every route the app registers (whatever modules exist when it runs) and sends, as an
// administrator, bad variants of each of its params, query fields and body fields, generated from the
// route's own zod schemas: NUL bytes, non-dates and dates that do not exist, numbers beyond the 32-bit
// columns, negative, infinite and exponent numbers, malformed amounts, huge strings; and broken multipart
// bodies to every route that takes a body. Every answer must come within a deadline, none may be a 5xx,
// every 400 names the field, nothing bad may be accepted, and no table may change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type RegisteredRoute, registeredRoutes } from '../src/plugins/route-registry.ts';
import { bearer, newOrganisation, nextIp, startTestApp, type TestContext } from './harness.ts';
import { tableSnapshot } from './table-snapshot.ts';

/** A request that has not answered by then counts as hung (the server must stay responsive). */
const DEADLINE_MS = 5000;
/** Requests in flight at once during the walk. */
const CONCURRENCY = 8;
/** Stands for the JSON number literal 1e309 (parsed as Infinity), which JSON.stringify cannot write. */
const INFINITE = Symbol('1e309');

type Value = unknown;
type Kind = 'text' | 'date' | 'month' | 'decimal' | 'int' | 'choice' | 'flag' | 'other';
interface Field {
  path: (string | number)[];
  kind: Kind;
  maxLength?: number;
}

const def = (s: z.ZodType) => (s as unknown as { def: Record<string, unknown> & { type: string } }).def;

/** The schema under optional/nullable/default/pipes: what a field's value is checked against first. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const d = def(s);
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success'].includes(d.type)) s = d.innerType as z.ZodType;
    else if (d.type === 'pipe') s = (def(d.in as z.ZodType).type === 'transform' ? d.out : d.in) as z.ZodType;
    else if (d.type === 'lazy') s = (d.getter as () => z.ZodType)();
    else if (d.type === 'union') {
      const options = d.options as z.ZodType[];
      s = options.find((o) => !['literal', 'null', 'undefined'].includes(def(unwrap(o)).type)) ?? options[0];
    } else return s;
  }
  return s;
}

const accepts = (s: z.ZodType, v: unknown) => {
  try {
    return s.safeParse(v).success;
  } catch {
    return false;
  }
};

function kindOf(schema: z.ZodType): Kind {
  const s = unwrap(schema);
  const type = def(s).type;
  if (type === 'number' || type === 'bigint' || type === 'int') return 'int';
  if (type === 'enum' || type === 'literal') return 'choice';
  if (type === 'boolean') return 'flag';
  if (type !== 'string') return 'other';
  if (accepts(s, '2026-01-15') && !accepts(s, 'abc')) return 'date';
  if (accepts(s, '2026-01') && !accepts(s, 'abc')) return 'month';
  if ((accepts(s, '1.00') || accepts(s, '1')) && !accepts(s, 'abc')) return 'decimal';
  return 'text';
}

const maxLengthOf = (schema: z.ZodType) => (unwrap(schema) as unknown as { maxLength?: number | null }).maxLength ?? undefined;

/** A plausible value for a schema, so that a variant of one field meets the others' rules. */
function sample(schema: z.ZodType, depth = 0, noSuchId = false): Value {
  const s = unwrap(schema);
  const d = def(s);
  if (depth > 6) return undefined;
  switch (d.type) {
    case 'object':
      return Object.fromEntries(Object.entries(d.shape as Record<string, z.ZodType>).map(([k, v]) => [k, sample(v, depth + 1, noSuchId)]));
    case 'array':
      return [sample(d.element as z.ZodType, depth + 1, noSuchId)];
    case 'number':
    case 'int': {
      for (const n of [...(noSuchId ? [987654] : []), 1, 2000, 0, 10, 100]) if (accepts(s, n)) return n;
      return 1;
    }
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0];
    case 'literal':
      return (d.values as unknown[])[0];
    case 'boolean':
      return false;
    case 'string': {
      for (const v of ['2026-01-15', '2026-01', '1.00', '1', 'Walker', 'walker@example.com', '0615000000', 'https://example.com', 'Walker1@x'])
        if (accepts(s, v)) return v;
      return 'Walker';
    }
    case 'record':
      return {};
    default:
      return undefined;
  }
}

/** Every leaf field of a schema with its path (arrays through their first element). */
function fieldsOf(schema: z.ZodType | undefined, prefix: (string | number)[] = [], depth = 0): Field[] {
  if (!schema || depth > 6) return [];
  const s = unwrap(schema);
  const d = def(s);
  if (d.type === 'object') return Object.entries(d.shape as Record<string, z.ZodType>).flatMap(([k, v]) => fieldsOf(v, [...prefix, k], depth + 1));
  if (d.type === 'array') return fieldsOf(d.element as z.ZodType, [...prefix, 0], depth + 1);
  if (prefix.length === 0) return [];
  return [{ path: prefix, kind: kindOf(s), maxLength: maxLengthOf(s) }];
}

const huge = (maxLength?: number) => 'x'.repeat(Math.max((maxLength ?? 0) + 1, 100_000));

/** The bad values sent in place of a field of that kind (a bounded list per field). */
function variants(field: Field): Value[] {
  const nul = 'Wal\u0000ker';
  switch (field.kind) {
    case 'text':
      return [nul, huge(field.maxLength)];
    case 'date':
      return [nul, 'abc', '2026-02-30', '0000-01-01', '1e309'];
    case 'month':
      return [nul, '0000-01', '2026-13', '1e309'];
    case 'decimal':
      return [nul, '1,000.00', '1e5', 'NaN', '9'.repeat(400)];
    case 'int':
      return [nul, 2 ** 31, 2 ** 53 - 1, -1, INFINITE];
    default:
      return [nul];
  }
}

const asText = (v: Value) => (v === INFINITE ? '1e309' : String(v));

function setAt(target: Record<string, unknown>, path: (string | number)[], value: Value): void {
  let node: Record<string | number, unknown> = target;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = typeof key === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]] = value;
}

function json(body: Value): string {
  return JSON.stringify(body, (_k, v) => (v === INFINITE ? '__INFINITE__' : v)).replace(/"__INFINITE__"/g, '1e309');
}

interface Probe {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** A body variant: a 2xx means a bad value was accepted. */
  expectsRefusal: boolean;
}

const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);

function urlFor(route: RegisteredRoute, params: Record<string, Value>, query: Record<string, Value>): string {
  const path = route.url.replace(/:(\w+)(\([^)]*\))?/g, (_m, name: string) => encodeURIComponent(asText(params[name] ?? 987654))).replace(/\*/g, 'x');
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || typeof v === 'object') continue;
    qs.set(k, asText(v));
  }
  const text = qs.toString();
  return text ? `${path}?${text}` : path;
}

function probesFor(route: RegisteredRoute): Probe[] {
  const paramsSchema = route.schema.params as z.ZodType | undefined;
  const querySchema = route.schema.querystring as z.ZodType | undefined;
  const bodySchema = route.schema.body as z.ZodType | undefined;
  // Params name records that exist nowhere, so a variant elsewhere that slips through cannot touch one.
  const params = (paramsSchema ? sample(paramsSchema, 0, true) : {}) as Record<string, Value>;
  const query = (querySchema ? sample(querySchema) : {}) as Record<string, Value>;
  const body = bodySchema ? sample(bodySchema) : undefined;
  const name = `${route.method} ${route.url}`;
  const out: Probe[] = [];
  const send = (label: string, p: Record<string, Value>, q: Record<string, Value>, b: Value, expectsRefusal: boolean) =>
    out.push({
      label: `${name} ${label}`,
      method: route.method,
      url: urlFor(route, p, q),
      ...(b === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: json(b) }),
      expectsRefusal,
    });

  const paramFields: Field[] = paramsSchema ? fieldsOf(paramsSchema) : paramNames(route.url).map((p) => ({ path: [p], kind: 'int' as const }));
  for (const f of paramFields) {
    for (const v of variants(f)) {
      if (v === '') continue;
      send(`param ${f.path.join('.')}=${JSON.stringify(asText(v)).slice(0, 24)}`, { ...params, [f.path[0]]: v }, query, body, true);
    }
  }
  for (const f of fieldsOf(querySchema)) {
    if (f.path.length !== 1) continue;
    for (const v of variants(f)) send(`query ${f.path[0]}=${JSON.stringify(asText(v)).slice(0, 24)}`, params, { ...query, [f.path[0]]: v }, body, true);
  }
  for (const f of fieldsOf(bodySchema)) {
    for (const v of variants(f)) {
      const b = structuredClone(body) as Record<string, unknown>;
      setAt(b, f.path, v);
      send(`body ${f.path.join('.')}=${JSON.stringify(asText(v)).slice(0, 24)}`, params, query, b, true);
    }
  }
  // Routes that take a body (a schema, or uploads that declare what they consume) get broken multipart ones.
  if (['POST', 'PUT', 'PATCH'].includes(route.method) && (bodySchema || route.schema.consumes?.length)) {
    const url = urlFor(route, params, query);
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\ncode,amount\r\n1,2\r\n--${boundary}--\r\n`;
    const broken: [string, string, string][] = [
      ['multipart cut short', 'multipart/form-data; boundary=walker', part('walker').slice(0, 70)],
      ['multipart without boundary', 'multipart/form-data', part('walker')],
      ['multipart with a wrong boundary', 'multipart/form-data; boundary=other', part('walker')],
      ['multipart file holding NUL', 'multipart/form-data; boundary=walker', part('walker').replace('1,2', '1\u0000,2')],
      ['text/csv holding NUL', 'text/csv', 'code,amount\r\n1\u0000,2\r\n'],
    ];
    // A route that reads JSON only needs one (the body is missing to it); an upload route gets all three.
    for (const [label, contentType, payload] of route.schema.consumes?.length ? broken : broken.slice(0, 1)) {
      out.push({ label: `${name} ${label}`, method: route.method, url, headers: { 'content-type': contentType }, payload, expectsRefusal: true });
    }
  }
  return out;
}

/** Object schemas inside a schema whose cross-field checks (refine/superRefine) lack onValidFields' `when`. */
function unguardedObjectChecks(schema: z.ZodType | undefined, where: string, seen = new Set<unknown>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const d = def(schema);
  const out: string[] = [];
  if (d.type === 'object') {
    const checks = (d.checks ?? []) as { _zod: { def: { check: string; when?: unknown } } }[];
    if (checks.some((c) => c._zod.def.check === 'custom' && !c._zod.def.when)) out.push(where);
  }
  const children: [string, unknown][] = [];
  if (d.type === 'object') children.push(...Object.entries(d.shape as Record<string, unknown>).map(([k, v]) => [`${where}.${k}`, v] as [string, unknown]));
  for (const key of ['innerType', 'in', 'out', 'element', 'valueType', 'left', 'right']) if (d[key]) children.push([where, d[key]]);
  for (const key of ['options', 'items']) if (Array.isArray(d[key])) children.push(...(d[key] as unknown[]).map((v) => [where, v] as [string, unknown]));
  if (d.type === 'lazy') children.push([where, (d.getter as () => unknown)()]);
  for (const [w, child] of children) {
    if (child && typeof child === 'object' && 'def' in child) out.push(...unguardedObjectChecks(child as z.ZodType, w, seen));
  }
  return out;
}

let ctx: TestContext;
let org: Awaited<ReturnType<typeof newOrganisation>>;
let routes: RegisteredRoute[];

beforeAll(async () => {
  ctx = await startTestApp();
  org = await newOrganisation(ctx, { name: 'Input Walker Utility' });
  routes = registeredRoutes()
    .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
    .sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
});
afterAll(() => ctx.close());

async function answer(probe: Probe, token: string) {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), DEADLINE_MS);
  });
  const res = await Promise.race([
    ctx.app.inject({
      method: probe.method as 'GET',
      url: probe.url,
      headers: { ...bearer(token), ...probe.headers },
      remoteAddress: nextIp(),
      ...(probe.payload === undefined ? {} : { payload: probe.payload }),
    }),
    deadline,
  ]);
  clearTimeout(timer);
  return res;
}

/** What is wrong with one answer, or null. */
function judge(probe: Probe, res: Awaited<ReturnType<typeof answer>>): string | null {
  if (res === 'hung') return `no answer within ${DEADLINE_MS} ms`;
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode === 400) {
    const details = (res.json() as { details?: { field?: unknown; message?: unknown }[] }).details;
    if (!details?.length || details.some((d) => typeof d.field !== 'string' || !d.field || typeof d.message !== 'string')) {
      return `400 without field-level details: ${res.body.slice(0, 200)}`;
    }
  }
  if (probe.expectsRefusal && probe.method !== 'GET' && res.statusCode < 300) return `accepted (${res.statusCode})`;
  return null;
}

describe('input walker', () => {
  it('finds the registered routes and their schemas', () => {
    const revenue = routes.find((r) => r.method === 'GET' && r.url === '/api/finance/reports/revenue');
    expect(revenue?.schema.querystring).toBeDefined();
    expect(probesFor(revenue!).map((p) => p.label)).toContain('GET /api/finance/reports/revenue query startDate="1e309"');
    const login = routes.find((r) => r.method === 'POST' && r.url === '/api/auth/login');
    expect(probesFor(login!).map((p) => p.label)).toContain('POST /api/auth/login body code="2147483648"');
  });

  it('every cross-field check of a route input runs only when its fields passed (onValidFields)', () => {
    const unguarded = routes.flatMap((r) =>
      (['params', 'querystring', 'body'] as const).flatMap((part) =>
        unguardedObjectChecks(r.schema[part] as z.ZodType | undefined, `${r.method} ${r.url} ${part}`),
      ),
    );
    expect([...new Set(unguarded)]).toEqual([]);
  });

  it('every bad variant of every param, query and body field is answered in time with a field-level 400, and nothing changes', async () => {
    const probes = routes.flatMap(probesFor);
    const before = await tableSnapshot(ctx.database.db);
    const findings: string[] = [];
    // A few requests in flight at once, as a browser sends them: the walk stays cheap, and each still
    // has its own deadline.
    let next = 0;
    const worker = async () => {
      while (next < probes.length) {
        const probe = probes[next++];
        const wrong = judge(probe, await answer(probe, org.token));
        if (wrong) findings.push(`${probe.label} -> ${wrong}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    findings.sort();
    const after = await tableSnapshot(ctx.database.db);
    expect(findings).toEqual([]);
    expect(after).toEqual(before);
    // Still serving, and the administrator still signed in, after the walk.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(org.token) });
    expect(me.statusCode).toBe(200);
  }, 300_000);
});

/** The examples of issue 12 (sections 1 and 3), one request each: each answered 500 or never before. */
describe('issue 12 examples', () => {
  const send = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    answer(
      {
        label: `${method} ${url}`,
        method,
        url,
        expectsRefusal: true,
        ...(payload === undefined
          ? {}
          : typeof payload === 'string'
            ? { payload, headers }
            : { payload: json(payload), headers: { 'content-type': 'application/json', ...headers } }),
      },
      org.token,
    );
  const fieldsOf400 = (res: Awaited<ReturnType<typeof answer>>) => {
    if (res === 'hung') throw new Error('no answer within the deadline');
    expect(res.statusCode, res.body).toBe(400);
    return (res.json() as { details: { field: string; message: string }[] }).details;
  };

  it('a revenue report (and its export) from 1e309 answers a field error at once instead of looping', async () => {
    for (const path of ['/api/finance/reports/revenue', '/api/finance/reports/revenue/export']) {
      const details = fieldsOf400(await send('GET', `${path}?startDate=1e309&endDate=2026-11-25&format=csv`));
      expect(details).toContainEqual({ field: 'startDate', message: 'Enter a date as YYYY-MM-DD.' });
    }
    const tooLong = fieldsOf400(await send('GET', '/api/finance/reports/revenue?startDate=1900-01-01&endDate=2999-12-31'));
    expect(tooLong).toContainEqual({ field: 'endDate', message: 'The period can span at most 60 months.' });
  });

  it('a NUL byte in any text is a field error, in the body, the query or a body field no schema names', async () => {
    expect(fieldsOf400(await send('POST', '/api/cities', { name: 'Hodan\u0000' }))).toEqual([
      { field: 'name', message: 'The text contains an invalid character.' },
    ]);
    expect(fieldsOf400(await send('GET', '/api/cities?q=a%00b'))).toEqual([{ field: 'q', message: 'The text contains an invalid character.' }]);
    expect(fieldsOf400(await send('POST', '/api/cities', { name: 'Hodan', extra: { deep: ['x\u0000'] } }))).toEqual([
      { field: 'extra.deep.0', message: 'The text contains an invalid character.' },
    ]);
    const somali = await ctx.app.inject({
      method: 'POST',
      url: '/api/cities',
      headers: { ...bearer(org.token), 'x-lang': 'so' },
      payload: { name: 'a\u0000' },
    });
    expect(somali.json().details).toEqual([{ field: 'name', message: 'Qoraalku wuxuu leeyahay xaraf aan la aqbali karin.' }]);
  });

  it('integers beyond the 32-bit columns are field errors: GET /api/admin/:id and the public sign-in code', async () => {
    expect(fieldsOf400(await send('GET', '/api/admin/2147483648'))).toEqual([{ field: 'id', message: 'The value cannot be more than 2147483647' }]);
    expect(fieldsOf400(await send('GET', '/api/admin/9007199254740991'))).toEqual([{ field: 'id', message: 'The value cannot be more than 2147483647' }]);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { username: 'admin', password: org.password, code: 2147483648 },
    });
    expect(login.statusCode, login.body).toBe(400);
    expect(login.json().details.map((d: { field: string }) => d.field)).toEqual(['code']);
  });

  it('dates that do not exist or lie outside 1900..2999 are field errors', async () => {
    for (const date of ['2026-02-30', '0000-01-01', '3000-01-01']) {
      const details = fieldsOf400(await send('GET', `/api/finance/reports/trial-balance?startDate=2026-01-01&endDate=${date}`));
      expect(details.map((d) => d.field)).toEqual(['endDate']);
    }
    expect(fieldsOf400(await send('GET', '/api/finance/balancesheet?date=0000-01-01'))).toEqual([
      { field: 'date', message: 'Enter a date between 1900-01-01 and 2999-12-31.' },
    ]);
  });

  it('malformed amounts are refused by the format before any arithmetic', async () => {
    for (const amount of ['1,000.00', '1e5', 'NaN', '9'.repeat(400)]) {
      const details = fieldsOf400(await send('POST', '/api/finance/transfer', { date: '2026-01-15', fromAccountId: 1, toAccountId: 2, amount }));
      expect(details).toEqual([{ field: 'amount', message: 'Enter an amount such as 1250.50.' }]);
    }
  });

  it('broken multipart bodies on every upload route are a 400 naming the file', async () => {
    const uploads = routes.filter((r) => r.schema.consumes?.includes('multipart/form-data'));
    expect(uploads.map((r) => r.url).sort()).toEqual([
      '/api/complaint/:id/attachment',
      '/api/dashboard/upload-signature',
      '/api/elc/reads/import',
      '/api/elc/settings/company/logo',
      '/api/elc/settings/company/signature',
      '/api/finance/attache-file-offilne-payment',
      '/api/finance/payments/batch/match',
      '/api/finance/upload-transaction-files',
      '/api/hr/employees/:id/photo',
      '/api/request/:id/files',
      '/api/tickets/:id/files',
    ]);
    const part = '--walker\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--walker--\r\n';
    for (const route of uploads) {
      for (const [contentType, body] of [
        ['multipart/form-data', part],
        ['multipart/form-data; boundary=other', part],
        ['multipart/form-data; boundary=walker', part.slice(0, 60)],
      ]) {
        // A route with an id in its path is sent a valid one, so the refusal is the file's.
        const details = fieldsOf400(await send('POST', route.url.replace(/:\w+/g, '1'), body, { 'content-type': contentType }));
        expect(
          details.map((d) => d.field),
          `${route.url} ${contentType}`,
        ).toEqual(['file']);
      }
    }
  });
});
