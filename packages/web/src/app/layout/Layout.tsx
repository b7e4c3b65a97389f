// The signed-in frame: sidebar (fixed on wide screens, a temporary drawer at 991 px or narrower),
// navbar, the page, footer, and the popup notes. The mobile drawer closes on every navigation.
import { Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet, useLocation } from 'react-router';
import { loadModuleTexts } from '../i18n/index.ts';
import { NotesProvider } from '../notes/NotesProvider.tsx';
import { MOBILE_QUERY, SIDEBAR_MINI_WIDTH, SIDEBAR_WIDTH } from '../theme/theme.ts';
import { useThemePrefs } from '../theme/themeStore.ts';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { SidebarContent } from './Sidebar.tsx';

export default function Layout() {
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const prefs = useThemePrefs();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [hovered, setHovered] = useState(false);

  // The modules' texts start loading with the frame, beside the dashboard's own requests.
  useEffect(() => {
    void loadModuleTexts();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => {
    setMobileOpen(false);
    setHovered(false);
  }, [location.pathname, location.search]);

  const mini = prefs.mini && !isMobile;
  const compact = mini && !hovered;
  const offset = isMobile ? 0 : mini ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH;

  return (
    <NotesProvider>
      {isMobile ? (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, border: 0 } } }}
        >
          <SidebarContent compact={false} />
        </Drawer>
      ) : (
        <Box
          component="aside"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setHovered(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHovered(false);
          }}
          sx={{
            position: 'fixed',
            inset: '0 auto 0 0',
            width: compact ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH,
            zIndex: (theme) => theme.zIndex.drawer,
            transition: 'width 200ms ease',
            boxShadow: '0 16px 38px -12px rgba(0,0,0,.56), 0 4px 25px 0 rgba(0,0,0,.12)',
          }}
        >
          <SidebarContent compact={compact} />
        </Box>
      )}
      <Box sx={{ ml: `${offset}px`, minHeight: '100vh', display: 'flex', flexDirection: 'column', transition: 'margin-left 200ms ease' }}>
        <Navbar isMobile={isMobile} onOpenMobile={() => setMobileOpen(true)} />
        <Box component="main" sx={{ flex: 1, p: { xs: 2, md: 3 } }}>
          <Suspense fallback={<LinearProgress />}>
            <Outlet />
          </Suspense>
        </Box>
        <Footer />
      </Box>
    </NotesProvider>
  );
}
