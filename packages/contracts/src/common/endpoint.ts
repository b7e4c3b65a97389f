// One endpoint of the API: method, path (with :params), the zod schemas of its params, query, body and
// response, and its success status. The server registers its route from it (server plugins/endpoint.ts)
// and the web calls it through `api.call(endpoint, input)`, so a path is written once and the response
// type is the endpoint's, never chosen at a call site. Who may call it stays the server's decision.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointSpec {
  method: HttpMethod;
  /** The served path, '/api/...', with ':name' for each path parameter (named by the params schema). */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer's schema (the server serialises through it). Absent exactly when `produces` is given. */
  response?: z.ZodType;
  /**
   * Content types of a file answer (PDF, CSV, XLSX): the handler sends the file itself and the web
   * receives it as a Blob. A report that answers JSON, or its file when `format` is given, keeps its
   * `response` and is a JSON endpoint; its file twice is a separate `produces` endpoint.
   */
  produces?: readonly string[];
  /** The success status (default 200; 201 where a create answers 201 today). */
  status?: number;
  /**
   * Content types of an upload (its body is a file, not JSON: no body schema; the web sends FormData).
   * With a body schema too, the endpoint takes either that JSON body or an upload of these types: the
   * handler tells them apart and checks the JSON itself (a route schema would refuse the upload).
   */
  consumes?: readonly string[];
}

export type Endpoint<S extends EndpointSpec = EndpointSpec> = Readonly<Omit<S, 'status'>> & { readonly status: number };

/** The `:name` parts of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
}

function shapeKeys(schema: z.ZodType | undefined): string[] | undefined {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape).sort() : undefined;
}

/** Defines an endpoint; a path whose :params differ from its params schema's keys is refused at once. */
export function endpoint<const S extends EndpointSpec>(spec: S): Endpoint<S> {
  if (!spec.path.startsWith('/api/')) throw new Error(`Endpoint path ${spec.path} must start with /api/`);
  if (!spec.response === !spec.produces) throw new Error(`Endpoint ${spec.method} ${spec.path} needs either a response schema or the file types it produces`);
  const names = pathParamNames(spec.path).sort();
  const keys = shapeKeys(spec.params) ?? [];
  if (names.join(',') !== keys.join(',')) {
    throw new Error(`Endpoint ${spec.method} ${spec.path}: path params [${names}] differ from the params schema [${keys}]`);
  }
  return Object.freeze({ ...spec, status: spec.status ?? 200 }) as Endpoint<S>;
}

// ---- Types the server and the web derive from an endpoint ----

type Part<E, K extends 'params' | 'query' | 'body'> = E extends { readonly [P in K]: infer T extends z.ZodType } ? T : undefined;

/** What the caller sends: params and body as the schemas accept them (query optional where every field is). */
export type EndpointInput<E extends Endpoint> = (Part<E, 'params'> extends z.ZodType ? { params: z.input<Part<E, 'params'>> } : { params?: undefined }) &
  (Part<E, 'query'> extends z.ZodType ? { query?: Partial<z.input<Part<E, 'query'>>> } : { query?: undefined }) &
  (Part<E, 'body'> extends z.ZodType
    ? E extends { readonly consumes: readonly string[] }
      ? { body: z.input<Part<E, 'body'>> | FormData }
      : undefined extends z.input<Part<E, 'body'>>
        ? { body?: z.input<Part<E, 'body'>> }
        : { body: z.input<Part<E, 'body'>> }
    : E extends { readonly consumes: readonly string[] }
      ? { body: FormData }
      : { body?: undefined });

/** What a handler receives once the schemas have parsed the request. */
export type EndpointParams<E extends Endpoint> = Part<E, 'params'> extends z.ZodType ? z.output<Part<E, 'params'>> : Record<string, never>;
export type EndpointQuery<E extends Endpoint> = Part<E, 'query'> extends z.ZodType ? z.output<Part<E, 'query'>> : Record<string, never>;
/** A JSON-or-upload endpoint's body is not checked before its handler (unknown: the handler checks it). */
export type EndpointBody<E extends Endpoint> =
  Part<E, 'body'> extends z.ZodType ? (E extends { readonly consumes: readonly string[] } ? unknown : z.output<Part<E, 'body'>>) : undefined;

/** A file endpoint (its answer is a file, not JSON). */
type FileEndpoint = { readonly produces: readonly string[] };
type ResponseSchema<E> = E extends { readonly response: infer T extends z.ZodType } ? T : never;

/**
 * What a handler returns (the response schema serialises it) and what the caller receives. A file
 * endpoint's handler sends the file through the reply (and returns the reply); its caller gets a Blob.
 */
export type EndpointReply<E extends Endpoint> = E extends FileEndpoint ? unknown : z.input<ResponseSchema<E>>;
export type EndpointResponse<E extends Endpoint> = E extends FileEndpoint ? Blob : z.output<ResponseSchema<E>>;

/** The rows of a paged list endpoint's answer ({ data: rows, ... }). */
export type EndpointRow<E extends Endpoint> = EndpointResponse<E> extends { data: ReadonlyArray<infer R> } ? R : never;

/** The query a list endpoint accepts (every field optional). */
export type EndpointListQuery<E extends Endpoint> = NonNullable<EndpointInput<E>['query']>;

/**
 * The resource an endpoint belongs to, as the web's query keys name it: the path without '/api/' up to
 * its first ':param' ('/api/elc/zones/:id/status' -> 'elc/zones'), so a change to a record refreshes
 * that resource's lists and details.
 */
export function endpointResource(endpoint: Pick<Endpoint, 'path'>): string {
  return endpoint.path
    .replace(/^\/api\//, '')
    .replace(/\/:.*$/, '')
    .replace(/\/+$/, '');
}

/** Fills a path's :params (each value URI-encoded). */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
