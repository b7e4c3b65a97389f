// Query-key factories. Every list, detail and shell query key is built here, so a mutation can
// invalidate exactly what it changed: resourceKeys('settings/cities').lists() covers every page,
// search and sort of that list.
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

export const shellKeys = {
  profile: ['auth', 'profile'] as const,
  menus: ['menus'] as const,
  notes: ['notes'] as const,
  expired: ['auth', 'expired'] as const,
  dashboard: ['dashboard'] as const,
};
