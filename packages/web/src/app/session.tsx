// The signed-in user. Sign-in stores the token; the profile comes from GET /api/auth (TanStack Query)
// and carries the privileges, so a role change shows after the next profile load. `can()` is the
// contracts' hasPrivilege: administrators pass, a list needs every key. Logout ends the session on
// the server, forgets the token, goes to #/auth/login and reloads 100 ms later (spec section 4).
import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authEndpoints, hasPrivilege, type LoginBody, type LoginUser, type Profile } from '@ubo/contracts';
import { api } from '../lib/api.ts';
import { shellKeys } from '../lib/queryKeys.ts';
import { getToken, setToken, subscribeToken } from '../lib/storage.ts';
import { deviceTokenFor, rememberDevice } from '../lib/device.ts';

export const LOGOUT_RELOAD_MS = 100;

export type PrivilegeCheck = string | readonly string[] | undefined;

export interface Session {
  token: string | null;
  /** The profile of GET /api/auth; undefined until loaded or when signed out. */
  user: Profile | undefined;
  privileges: readonly string[];
  isAdmin: boolean;
  isLoading: boolean;
  isError: boolean;
  /** When the profile was last loaded (changes on every reload of it). */
  loadedAt: number;
  can: (privilege: PrivilegeCheck) => boolean;
  signIn: (body: LoginBody) => Promise<LoginUser>;
  logout: () => Promise<void>;
  reload: () => Promise<unknown>;
}

const SessionContext = createContext<Session | null>(null);

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const token = useToken();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const profile = useQuery({
    queryKey: shellKeys.profile,
    queryFn: () => api.call(authEndpoints.profile),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
  const user = token ? profile.data : undefined;

  const can = useCallback((privilege: PrivilegeCheck) => hasPrivilege(user, privilege), [user]);

  const signIn = useCallback(
    async (body: LoginBody) => {
      const device = deviceTokenFor(body);
      const result = await api.call(authEndpoints.login, { body: device ? { ...body, device } : body }, { signIn: true });
      rememberDevice(body, result.device);
      queryClient.clear();
      setToken(result.token);
      return result;
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    if (getToken()) {
      await api.call(authEndpoints.logout, {}, { background: true, silent: true }).catch(() => undefined);
    }
    setToken(null);
    queryClient.clear();
    navigate('/auth/login', { replace: true });
    setTimeout(() => window.location.reload(), LOGOUT_RELOAD_MS);
  }, [navigate, queryClient]);

  const value = useMemo<Session>(
    () => ({
      token,
      user,
      privileges: user?.privileges ?? [],
      isAdmin: user?.isAdmin ?? false,
      isLoading: token !== null && profile.isPending,
      isError: profile.isError,
      loadedAt: profile.dataUpdatedAt,
      can,
      signIn,
      logout,
      reload: () => profile.refetch(),
    }),
    [token, user, profile.isPending, profile.isError, profile.dataUpdatedAt, profile.refetch, can, signIn, logout],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** Shorthand for components that only hide or disable by privilege. */
export function useCan(): Session['can'] {
  return useSession().can;
}
