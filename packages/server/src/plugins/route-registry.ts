// Every route registered in this process with its declared access and its input schemas (zod), recorded
// by the onRoute hook (assertRouteAccess) so test/access.test.ts and test/input-walker.test.ts can walk
// whatever modules exist without a list of their own.
// Keyed by method and URL: several apps built in one process register the same routes once.
import type { RouteOptions } from 'fastify';
import type { Access } from './auth.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  access?: Access;
  /** The route's own input schemas (zod), as declared: what the input walker generates bad variants from. */
  schema: { params?: unknown; querystring?: unknown; body?: unknown; consumes?: string[] };
}

const routes = new Map<string, RegisteredRoute>();

export function recordRoute(route: RouteOptions): void {
  const access = (route.config as { access?: Access } | undefined)?.access;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const declared = (route.schema ?? {}) as RegisteredRoute['schema'];
  const schema = { params: declared.params, querystring: declared.querystring, body: declared.body, consumes: declared.consumes };
  for (const method of methods) routes.set(`${method} ${route.url}`, { method, url: route.url, access, schema });
}

export function registeredRoutes(): RegisteredRoute[] {
  return [...routes.values()];
}
