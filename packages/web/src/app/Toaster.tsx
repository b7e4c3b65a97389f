// notistack's provider, rendered once lib/toast.ts has loaded notistack (on the first toast, or when
// the browser is idle after start): top right, 3000 ms (errors 5000 ms, set per toast in lib/api.ts).
import { useEffect, useSyncExternalStore } from 'react';
import { TOAST_MS } from '../lib/api.ts';
import { whenIdle } from '../lib/idle.ts';
import { loadToasts, toastLibrary, toastsReady } from '../lib/toast.ts';

function Provider({ lib }: { lib: NonNullable<ReturnType<typeof toastLibrary.get>> }) {
  useEffect(() => toastsReady(), []);
  return <lib.SnackbarProvider maxSnack={4} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_MS} />;
}

export function Toaster() {
  // Fetched when the browser is idle after start, so the first toast does not wait for it.
  useEffect(() => whenIdle(() => void loadToasts().catch(() => undefined)), []);
  const lib = useSyncExternalStore(toastLibrary.subscribe, toastLibrary.get);
  return lib ? <Provider lib={lib} /> : null;
}
