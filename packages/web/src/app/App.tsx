// Providers around the router: MUI theme (from the stored theme choices, with MUI's own texts in the
// user's language), TanStack Query, and the toasts (notistack, loaded on demand: Toaster.tsx).
import { type ReactNode, useMemo } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { useLang } from '../lib/lang.ts';
import { queryClient } from '../lib/queryClient.ts';
import { muiLocale } from './i18n/muiLocale.ts';
import { createAppTheme } from './theme/theme.ts';
import { Toaster } from './Toaster.tsx';
import { useThemePrefs } from './theme/themeStore.ts';
import type { createAppRouter } from './router.tsx';

export function AppProviders({ children }: { children: ReactNode }) {
  const prefs = useThemePrefs();
  const { t } = useTranslation();
  const lang = useLang();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(() => createTheme(createAppTheme(prefs, { reducedMotion }), muiLocale(t, lang)), [prefs, t, lang, reducedMotion]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
