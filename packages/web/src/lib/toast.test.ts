// Toasts asked for before notistack has loaded and its provider has mounted are not lost: they wait and
// show in order once <Toaster> reports the provider ready; after that they go straight through.
import { describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
let closed = 0;
vi.mock('notistack', () => ({
  enqueueSnackbar: (message: string) => void shown.push(message),
  closeSnackbar: () => void closed++,
}));

const { closeToasts, loadToasts, showToast, toastLibrary, toastsReady } = await import('./toast.ts');

describe('toasts loaded on demand', () => {
  it('queues until the provider is mounted, then shows in order and directly', async () => {
    expect(toastLibrary.get()).toBeUndefined();
    showToast('first', { variant: 'error' });
    showToast('second');
    await loadToasts();
    expect(toastLibrary.get()).toBeDefined();
    expect(shown).toEqual([]);
    toastsReady();
    expect(shown).toEqual(['first', 'second']);
    showToast('third');
    expect(shown).toEqual(['first', 'second', 'third']);
    closeToasts();
    expect(closed).toBe(1);
  });
});
