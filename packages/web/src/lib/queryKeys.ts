// Query-key factories. Every list, detail and shell query key is built here, so a mutation can
// invalidate exactly what it changed: resourceKeys('settings/cities').lists() covers every page,
// search and sort of that list.
import { type Endpoint, endpointResource } from '@ubo/contracts';
import type { Query } from './api.ts';

export function resourceKeys(path: string) {
  const base = path.replace(/^\/+/, '');
  return {
    all: [base] as const,
    lists: () => [base, 'list'] as const,
    list: (params: Query = {}) => [base, 'list', params] as const,
    details: () => [base, 'detail'] as const,
    detail: (id: string | number) => [base, 'detail', String(id)] as const,
  };
}

/**
 * Keys of an endpoint's answers: under its resource's lists or details (so resourceKeys(resource)
 * invalidates them), told apart by the endpoint's path (two list endpoints of one resource never share
 * a cache entry).
 */
export function endpointKeys(endpoint: Endpoint) {
  const base = endpointResource(endpoint);
  return {
    all: [base] as const,
    list: (query: object = {}) => [base, 'list', endpoint.path, query] as const,
    detail: (params: object = {}) => [base, 'detail', endpoint.path, params] as const,
  };
}

export const shellKeys = {
  profile: ['auth', 'profile'] as const,
  menus: ['menus'] as const,
  notes: ['notes'] as const,
  expired: ['auth', 'expired'] as const,
  dashboard: ['dashboard'] as const,
};
