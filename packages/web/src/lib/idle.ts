// Runs work the first screen does not need once the browser is idle (at the latest after `timeout` ms):
// the toasts' library, the menu's tooltips (issue 13, first load). Returns the cancel function.
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, Math.min(timeout, 200));
  return () => window.clearTimeout(handle);
}
