// Everything the web keeps in localStorage, in one place. Keys (spec section 9):
//   token                the bearer token of the signed-in user (removed on logout and on 401)
//   operator-token       (sessionStorage) the token of a signed-in installation operator (/operator),
//                        kept apart from the staff token: neither ever goes to the other's routes
//   lang                 'en' (default) or 'so'; changing it reloads the page
//   devices              known-device tokens per organisation code and user name (lib/device.ts)
//   theme-mode, sidebar-color, sidebar-background, sidebar-image, sidebar-mini: see app/theme/themeStore.ts
import type { Lang } from '@ubo/contracts';

export const TOKEN_KEY = 'token';
export const LANG_KEY = 'lang';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or storage disabled: the session lasts as long as the page.
  }
}

export const storage = { read, write };

const OPERATOR_TOKEN_KEY = 'operator-token';

/** The installation operator's token (operator screen only), for this tab's session. */
export function getOperatorToken(): string | null {
  try {
    return window.sessionStorage.getItem(OPERATOR_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setOperatorToken(token: string | null): void {
  try {
    if (token === null) window.sessionStorage.removeItem(OPERATOR_TOKEN_KEY);
    else window.sessionStorage.setItem(OPERATOR_TOKEN_KEY, token);
  } catch {
    // Storage disabled: the operator signs in again.
  }
}

const tokenListeners = new Set<() => void>();

export function getToken(): string | null {
  return read(TOKEN_KEY);
}

/** Stores (or with null removes) the token and tells the session, which re-renders. */
export function setToken(token: string | null): void {
  write(TOKEN_KEY, token);
  for (const l of tokenListeners) l();
}

/** For useSyncExternalStore: changes of the token in this tab and in other tabs. */
export function subscribeToken(listener: () => void): () => void {
  tokenListeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === TOKEN_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getLang(): Lang {
  return read(LANG_KEY) === 'so' ? 'so' : 'en';
}

/** Stores the language and reloads the page, as the spec asks, so every screen starts over in it. */
export function setLang(lang: Lang): void {
  if (lang === getLang()) return;
  write(LANG_KEY, lang);
  window.location.reload();
}
