// The sidebar menu of the signed-in user: GET /api/menus answers the MenuItem[] tree of
// contracts/menu.ts already filtered by the caller's privileges and by the entries' `ready` flag.
import { useQuery } from '@tanstack/react-query';
import { type MenuItem, menuRoute, menusEndpoints } from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import { shellKeys } from '../../lib/queryKeys.ts';
import { useToken } from '../session.tsx';

function asTree(body: MenuItem[] | { data: MenuItem[] } | null | undefined): MenuItem[] {
  if (Array.isArray(body)) return body;
  return body?.data ?? [];
}

export function useMenu() {
  const token = useToken();
  return useQuery({
    queryKey: shellKeys.menus,
    queryFn: async ({ signal }) => asTree(await api.call(menusEndpoints.list, undefined, { signal })),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

export interface MenuLink {
  route: string;
  item: MenuItem;
  parent?: MenuItem;
}

/** Every link of a menu tree with its full route (/settings + list-users -> /settings/list-users). */
export function menuLinks(items: readonly MenuItem[], parent?: MenuItem): MenuLink[] {
  return items.flatMap((item) => (item.type === 'sub' ? menuLinks(item.children ?? [], item) : [{ route: menuRoute(parent, item), item, parent }]));
}
