// The user's theme choices, kept in localStorage and mirrored as attributes on <html>. index.html runs
// the same reading in a small inline script before the first paint, so the page never flashes the
// wrong colours; this module is the React side of that store. localStorage keys:
//   theme-mode          'light' (default) | 'dark'
//   sidebar-color       'purple' | 'azure' (default) | 'green' | 'orange' | 'danger' | 'rose'
//   sidebar-background  'black' (default) | 'white' | 'blue'
//   sidebar-image       'off' | 'sidebar-1' (default) | 'sidebar-2' | 'sidebar-3' | 'sidebar-4'
//   sidebar-mini        '1' (icons only) | '0' (default)
// <html> gets data-mode, data-sidebar-color, data-sidebar-background, data-sidebar-image and the class
// 'sidebar-mini'. Keep index.html's script in step with this file.
import { useSyncExternalStore } from 'react';
import { storage } from '../../lib/storage.ts';

export const sidebarColors = ['purple', 'azure', 'green', 'orange', 'danger', 'rose'] as const;
export const sidebarBackgrounds = ['black', 'white', 'blue'] as const;
export const sidebarImages = ['sidebar-1', 'sidebar-2', 'sidebar-3', 'sidebar-4'] as const;

export type Mode = 'light' | 'dark';
export type SidebarColor = (typeof sidebarColors)[number];
export type SidebarBackground = (typeof sidebarBackgrounds)[number];
export type SidebarImage = (typeof sidebarImages)[number] | 'off';

export interface ThemePrefs {
  mode: Mode;
  sidebarColor: SidebarColor;
  sidebarBackground: SidebarBackground;
  sidebarImage: SidebarImage;
  mini: boolean;
}

export const THEME_KEYS = {
  mode: 'theme-mode',
  sidebarColor: 'sidebar-color',
  sidebarBackground: 'sidebar-background',
  sidebarImage: 'sidebar-image',
  mini: 'sidebar-mini',
} as const;

export const defaultPrefs: ThemePrefs = {
  mode: 'light',
  sidebarColor: 'azure',
  sidebarBackground: 'black',
  sidebarImage: 'sidebar-1',
  mini: false,
};

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function readPrefs(): ThemePrefs {
  return {
    mode: pick<Mode>(storage.read(THEME_KEYS.mode), ['light', 'dark'], defaultPrefs.mode),
    sidebarColor: pick(storage.read(THEME_KEYS.sidebarColor), sidebarColors, defaultPrefs.sidebarColor),
    sidebarBackground: pick(storage.read(THEME_KEYS.sidebarBackground), sidebarBackgrounds, defaultPrefs.sidebarBackground),
    sidebarImage: pick<SidebarImage>(storage.read(THEME_KEYS.sidebarImage), [...sidebarImages, 'off'], defaultPrefs.sidebarImage),
    mini: storage.read(THEME_KEYS.mini) === '1',
  };
}

function applyToDocument(p: ThemePrefs): void {
  const html = document.documentElement;
  html.setAttribute('data-mode', p.mode);
  html.setAttribute('data-sidebar-color', p.sidebarColor);
  html.setAttribute('data-sidebar-background', p.sidebarBackground);
  html.setAttribute('data-sidebar-image', p.sidebarImage);
  html.classList.toggle('sidebar-mini', p.mini);
  html.style.colorScheme = p.mode;
}

let current = readPrefs();
const listeners = new Set<() => void>();

export const themeStore = {
  get: (): ThemePrefs => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(change: Partial<ThemePrefs>): void {
    current = { ...current, ...change };
    storage.write(THEME_KEYS.mode, current.mode);
    storage.write(THEME_KEYS.sidebarColor, current.sidebarColor);
    storage.write(THEME_KEYS.sidebarBackground, current.sidebarBackground);
    storage.write(THEME_KEYS.sidebarImage, current.sidebarImage);
    storage.write(THEME_KEYS.mini, current.mini ? '1' : '0');
    applyToDocument(current);
    for (const l of listeners) l();
  },
};

export function useThemePrefs(): ThemePrefs {
  return useSyncExternalStore(themeStore.subscribe, themeStore.get);
}

/** Another tab changed the theme: follow it. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key && (Object.values(THEME_KEYS) as string[]).includes(e.key)) {
      current = readPrefs();
      applyToDocument(current);
      for (const l of listeners) l();
    }
  });
}
