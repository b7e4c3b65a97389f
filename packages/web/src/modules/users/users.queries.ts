// The data the users and roles screens read besides their own lists: the roles for a select, the
// privilege catalogue, the branches, and one refresh after any change. A change to a user or a role
// can change the signed-in user's own privileges, so the profile and the menu are reloaded too.
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { branchesEndpoints, groupedPrivileges, type PrivilegeCatalogue, rolesEndpoints, userClassesEndpoints, usersEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { api, resourcePath } from '../../lib/api.ts';
import { endpointKeys, resourceKeys, shellKeys } from '../../lib/queryKeys.ts';

// The list paths key the cached lists (and feed DataTable and RecordLoader); they come from the contracts.
export const USERS_PATH = resourcePath(usersEndpoints.list);
export const ROLES_PATH = resourcePath(rolesEndpoints.list);
export const CATALOGUE_PATH = resourcePath(rolesEndpoints.catalogue);

export const USERS_ROUTE = '/settings/list-users';
export const ROLES_ROUTE = '/settings/list-roles';

/** The largest page the list endpoints answer: a select shows every role or branch at once. */
const ALL = 1000;

/** Every role of the organisation by name, for selects and filters; idle without list-role. */
export function useRoleOptions() {
  const can = useCan();
  const enabled = can('list-role');
  const params = { _page: 1, _limit: ALL, _sort: 'name', _order: 'asc' } as const;
  const query = useQuery({
    queryKey: resourceKeys(ROLES_PATH).list(params),
    queryFn: ({ signal }) => api.call(rolesEndpoints.list, { query: params }, { signal }),
    enabled,
  });
  return { enabled, roles: query.data?.data ?? [], isPending: enabled && query.isPending, isError: query.isError };
}

/** The organisation's user classes for the user form and the list's filter (GET /api/user-classes, privilege user-classes). */
export function useUserClassOptions() {
  const can = useCan();
  const enabled = can('user-classes');
  const params = { _page: 1, _limit: ALL, _sort: 'name', _order: 'asc' } as const;
  const query = useQuery({
    queryKey: endpointKeys(userClassesEndpoints.list).list(params),
    queryFn: ({ signal }) => api.call(userClassesEndpoints.list, { query: params }, { signal }),
    enabled,
  });
  return { enabled, classes: query.data?.data ?? [] };
}

/**
 * The privilege catalogue grouped by module (GET /api/roles/modules, which needs list-role). The same
 * catalogue ships with the contracts, so a user who may manage users but not roles still gets it.
 */
export function usePrivilegeCatalogue(): { catalogue: PrivilegeCatalogue | undefined; isPending: boolean; isError: boolean; refetch: () => void } {
  const can = useCan();
  const fromServer = can('list-role');
  const query = useQuery({
    queryKey: resourceKeys(CATALOGUE_PATH).all,
    queryFn: ({ signal }) => api.call(rolesEndpoints.catalogue, {}, { signal }),
    enabled: fromServer,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!fromServer) return { catalogue: groupedPrivileges(), isPending: false, isError: false, refetch: () => undefined };
  return { catalogue: query.data, isPending: query.isPending, isError: query.isError, refetch: () => void query.refetch() };
}

/**
 * The branches, when the user may read them (list-branch). A refusal or a missing endpoint is not an
 * error for the user form: `available` is false and the form leaves the branch field out.
 */
export function useBranchOptions() {
  const can = useCan();
  const enabled = can('list-branch');
  const params = { _page: 1, _limit: ALL, _sort: 'name', _order: 'asc' } as const;
  const query = useQuery({
    queryKey: endpointKeys(branchesEndpoints.list).list(params),
    queryFn: ({ signal }) => api.call(branchesEndpoints.list, { query: params }, { signal, silent: true }),
    enabled,
    retry: false,
  });
  return { available: enabled && query.isSuccess, branches: query.data?.data ?? [] };
}

/** After a change to users or roles: their lists and details, the signed-in user's profile and menu. */
export function useRefreshAccess() {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: resourceKeys(USERS_PATH).all }),
      client.invalidateQueries({ queryKey: resourceKeys(ROLES_PATH).all }),
      client.invalidateQueries({ queryKey: shellKeys.profile }),
      client.invalidateQueries({ queryKey: shellKeys.menus }),
    ]);
  }, [client]);
}
