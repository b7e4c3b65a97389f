// Every route registered in this process with its declared access, recorded by the onRoute hook
// (assertRouteAccess) so test/access.test.ts can walk whatever modules exist without a list of its own.
// Keyed by method and URL: several apps built in one process register the same routes once.
import type { RouteOptions } from 'fastify';
import type { Access } from './auth.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  access?: Access;
}

const routes = new Map<string, RegisteredRoute>();

export function recordRoute(route: RouteOptions): void {
  const access = (route.config as { access?: Access } | undefined)?.access;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) routes.set(`${method} ${route.url}`, { method, url: route.url, access });
}

export function registeredRoutes(): RegisteredRoute[] {
  return [...routes.values()];
}
