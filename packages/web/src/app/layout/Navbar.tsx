// The navbar of spec section 2: current page title in the chosen language, language select, home link
// to /dashboard, notification icon whose badge counts what waits for the user (GET /api/notifications:
// requests to approve, tickets answered, bill runs finished, ...; each links to its page) plus unread notes,
// and is absent when there is nothing (never the spec's made-up 5; the notes can be read again), the
// theme settings gear, and the sidebar toggle.
import { lazy, Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import HomeIcon from '@mui/icons-material/Home';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SettingsIcon from '@mui/icons-material/Settings';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import Divider from '@mui/material/Divider';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { bellEndpoints, type BellItem } from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import { useNotes } from '../notes/NotesProvider.tsx';
import { themeStore, useThemePrefs } from '../theme/themeStore.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { NavTooltip } from './NavTooltip.tsx';
import { usePageTitle } from './usePageTitle.ts';

// Opened on demand: its own chunk, out of the dashboard's first load.
const ThemeSettingsDrawer = lazy(() => import('../theme/ThemeSettingsDrawer.tsx').then((m) => ({ default: m.ThemeSettingsDrawer })));

export function Navbar({ isMobile, onOpenMobile }: { isMobile: boolean; onOpenMobile: () => void }) {
  const { t } = useTranslation();
  const title = usePageTitle();
  const prefs = useThemePrefs();
  const { notes, unread, show } = useNotes();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // What waits for the user (requests to approve, tickets answered, bill runs finished, ...): each server
  // module contributes its part; refreshed every minute and when the menu opens.
  const bell = useQuery({
    queryKey: ['notifications'],
    queryFn: ({ signal }) => api.call(bellEndpoints.summary, undefined, { signal, background: true, silent: true }),
    refetchInterval: 60_000,
  });
  const waiting = bell.data?.count ?? 0;
  const openItem = (group: { key: string; marksSeen: boolean }, item: BellItem) => {
    setNotesAnchor(null);
    if (group.marksSeen) {
      void api
        .call(bellEndpoints.seen, { body: { key: group.key } }, { background: true, silent: true })
        .then((summary) => queryClient.setQueryData(['notifications'], summary))
        .catch(() => undefined);
    }
    navigate(item.path);
  };
  const [themeOpen, setThemeOpen] = useState(false);
  // Mounted from the first opening on, so it slides out when closed.
  const [themeLoaded, setThemeLoaded] = useState(false);
  const [notesAnchor, setNotesAnchor] = useState<HTMLElement | null>(null);

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider', backdropFilter: 'blur(6px)' }}
    >
      <Toolbar sx={{ gap: 1, minHeight: { xs: 64 } }}>
        {isMobile ? (
          <IconButton edge="start" aria-label={t('nav.openMenu')} onClick={onOpenMobile}>
            <MenuIcon />
          </IconButton>
        ) : (
          <NavTooltip title={prefs.mini ? t('nav.expandMenu') : t('nav.collapseMenu')}>
            <IconButton
              edge="start"
              aria-label={prefs.mini ? t('nav.expandMenu') : t('nav.collapseMenu')}
              onClick={() => themeStore.set({ mini: !prefs.mini })}
            >
              {prefs.mini ? <MenuIcon /> : <MenuOpenIcon />}
            </IconButton>
          </NavTooltip>
        )}
        <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, fontWeight: 400 }}>
          {title}
        </Typography>
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <LanguageSelect />
        </Box>
        <NavTooltip title={t('nav.home')}>
          <IconButton component={RouterLink} to="/dashboard" aria-label={t('nav.home')}>
            <HomeIcon />
          </IconButton>
        </NavTooltip>
        <NavTooltip title={t('nav.notifications')}>
          <IconButton
            aria-label={t('nav.notifications')}
            aria-haspopup="menu"
            onClick={(e) => {
              setNotesAnchor(e.currentTarget);
              void bell.refetch();
            }}
          >
            <Badge badgeContent={unread + waiting} color="error" data-testid="notification-badge">
              <NotificationsIcon />
            </Badge>
          </IconButton>
        </NavTooltip>
        <NavTooltip title={t('nav.themeSettings')}>
          <IconButton
            edge="end"
            aria-label={t('nav.themeSettings')}
            onClick={() => {
              setThemeLoaded(true);
              setThemeOpen(true);
            }}
          >
            <SettingsIcon />
          </IconButton>
        </NavTooltip>
      </Toolbar>
      <Menu
        anchorEl={notesAnchor}
        open={notesAnchor !== null}
        onClose={() => setNotesAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 320, maxWidth: '100%' } } }}
      >
        <Typography variant="overline" component="div" sx={{ px: 2, color: 'text.secondary' }}>
          {t('nav.waitingTitle')}
        </Typography>
        {waiting === 0 && (
          <MenuItem disabled>
            <ListItemText primary={t('nav.nothingWaiting')} slotProps={{ primary: { sx: { whiteSpace: 'normal' } } }} />
          </MenuItem>
        )}
        {bell.data?.groups
          .filter((g) => g.count > 0)
          .flatMap((g) => [
            <Typography key={`h-${g.key}`} variant="caption" component="div" sx={{ px: 2, pt: 0.5, fontWeight: 600 }} data-testid={`bell-group-${g.key}`}>
              {t(`nav.bell.${g.key}`, { defaultValue: g.key })} ({g.count})
            </Typography>,
            ...g.items.map((item) => (
              <MenuItem key={`${g.key}-${item.id}`} onClick={() => openItem(g, item)} data-testid="bell-item">
                <ListItemText primary={item.text} slotProps={{ primary: { sx: { whiteSpace: 'normal' } } }} />
              </MenuItem>
            )),
          ])}
        <Divider />
        <Typography variant="overline" component="div" sx={{ px: 2, color: 'text.secondary' }}>
          {t('nav.messagesTitle')}
        </Typography>
        {notes.length === 0 && (
          <MenuItem disabled>
            <ListItemText primary={t('nav.noMessages')} slotProps={{ primary: { sx: { whiteSpace: 'normal' } } }} />
          </MenuItem>
        )}
        {notes.map((n) => (
          <MenuItem
            key={n.id}
            onClick={() => {
              setNotesAnchor(null);
              show([n]);
            }}
          >
            <ListItemText primary={n.title} secondary={n.message} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
          </MenuItem>
        ))}
      </Menu>
      <Box sx={{ display: { xs: 'flex', sm: 'none' }, px: 2, pb: 1.5 }}>
        <LanguageSelect />
      </Box>
      {themeLoaded && (
        <Suspense fallback={null}>
          <ThemeSettingsDrawer open={themeOpen} onClose={() => setThemeOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
