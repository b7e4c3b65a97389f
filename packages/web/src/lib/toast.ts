// The toasts (notistack) load on demand: the sign-in page and the dashboard do not need them to paint,
// so notistack is fetched when the first toast is shown, or once the browser is idle after start
// (App.tsx), whichever comes first (issue 13, first load). Toasts asked for before it is there wait in a
// queue and show, in order, as soon as the provider (<Toaster>, App.tsx) has mounted.
import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

type Notistack = typeof import('notistack');

let lib: Notistack | undefined;
let loading: Promise<Notistack> | undefined;
let mounted = false;
const queue: [SnackbarMessage, OptionsObject | undefined][] = [];
const listeners = new Set<() => void>();

/**
 * Fetches notistack (once); <Toaster> renders the provider when it is there. A failed fetch (the server
 * out of reach) is tried again by the next toast; the toasts wait meanwhile.
 */
export function loadToasts(): Promise<Notistack> {
  loading ??= import('notistack').then(
    (m) => {
      lib = m;
      for (const l of listeners) l();
      return m;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** For useSyncExternalStore in <Toaster>: notistack once loaded. */
export const toastLibrary = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): Notistack | undefined => lib,
};

/** Called by <Toaster> once the provider has mounted: shows what waited. */
export function toastsReady(): void {
  mounted = true;
  for (const [message, options] of queue.splice(0)) lib?.enqueueSnackbar(message, options);
}

export function showToast(message: SnackbarMessage, options?: OptionsObject): void {
  if (lib && mounted) {
    lib.enqueueSnackbar(message, options);
    return;
  }
  queue.push([message, options]);
  loadToasts().catch(() => undefined);
}

/** Closes every toast (or the one given); nothing to close while none was ever shown. */
export function closeToasts(key?: SnackbarKey): void {
  if (lib && mounted) lib.closeSnackbar(key);
  else if (key === undefined) queue.length = 0;
}
