// The MUI theme, built from the same store index.html reads before first paint (themeStore.ts).
// The sidebar colour is the app's primary colour; darker shades in light mode and brighter ones in
// dark mode keep button text readable. The wide layout starts at 960 px (spec section 9).
import { createTheme, type Theme } from '@mui/material/styles';
import type { SidebarBackground, SidebarColor, ThemePrefs } from './themeStore.ts';

export interface AccentColour {
  /** Primary colour in light mode (white text on it). */
  main: string;
  /** Primary colour in dark mode and the light end of the sidebar's active gradient. */
  bright: string;
  /** The deep end of the active gradient. */
  deep: string;
}

export const accents: Record<SidebarColor, AccentColour> = {
  purple: { main: '#8e24aa', bright: '#ba68c8', deep: '#7b1fa2' },
  azure: { main: '#00838f', bright: '#26c6da', deep: '#0097a7' },
  green: { main: '#2e7d32', bright: '#66bb6a', deep: '#388e3c' },
  orange: { main: '#d84315', bright: '#ffa726', deep: '#f57c00' },
  danger: { main: '#c62828', bright: '#ef5350', deep: '#d32f2f' },
  rose: { main: '#ad1457', bright: '#f06292', deep: '#d81b60' },
};

export interface SidebarSurface {
  base: string;
  overlay: string;
  text: string;
  muted: string;
  divider: string;
}

export const sidebarSurfaces: Record<SidebarBackground, SidebarSurface> = {
  black: { base: '#17171d', overlay: 'rgba(20, 20, 26, 0.86)', text: '#ffffff', muted: 'rgba(255,255,255,0.7)', divider: 'rgba(255,255,255,0.16)' },
  white: { base: '#ffffff', overlay: 'rgba(255, 255, 255, 0.93)', text: '#2f3a4a', muted: 'rgba(47,58,74,0.72)', divider: 'rgba(47,58,74,0.14)' },
  blue: { base: '#0b2a5b', overlay: 'rgba(11, 42, 91, 0.87)', text: '#ffffff', muted: 'rgba(255,255,255,0.72)', divider: 'rgba(255,255,255,0.18)' },
};

export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_MINI_WIDTH = 80;
/** Spec section 9: the mobile menu applies at 991 px or narrower. */
export const MOBILE_QUERY = '(max-width: 991px)';

/** reducedMotion: the user's system asks for less motion (index.html then stops transitions and animations; here the ripples). */
export function createAppTheme(prefs: ThemePrefs, opts: { reducedMotion?: boolean } = {}): Theme {
  const dark = prefs.mode === 'dark';
  const accent = accents[prefs.sidebarColor];
  return createTheme({
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
    palette: {
      mode: prefs.mode,
      primary: { main: dark ? accent.bright : accent.main },
      background: dark ? { default: '#1a2035', paper: '#202940' } : { default: '#eef1f5', paper: '#ffffff' },
      ...(dark ? { divider: 'rgba(255,255,255,0.12)' } : {}),
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", "Segoe UI", Arial, sans-serif',
      h4: { fontWeight: 400 },
      h5: { fontWeight: 400 },
      button: { textTransform: 'none', fontWeight: 500 },
    },
    components: {
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiCard: {
        styleOverrides: {
          root: { boxShadow: dark ? '0 1px 4px rgba(0,0,0,0.4)' : '0 1px 4px rgba(0,0,0,0.12)' },
        },
      },
      MuiButtonBase: { defaultProps: { disableRipple: Boolean(opts.reducedMotion) } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
    },
  });
}
