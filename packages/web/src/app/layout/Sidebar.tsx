// The sidebar of spec section 2: the organisation (client) name, the user panel (profile, change
// password, log out) and the menu from GET /api/menus with collapsible sub-menus. Colours come from
// the theme settings: the sidebar colour marks the active entry, the background colour tints the
// optional image. In mini mode only icons and initials show until the pointer or focus enters.
import { type ReactNode, useEffect, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import BoltIcon from '@mui/icons-material/Bolt';
import PersonIcon from '@mui/icons-material/Person';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { type MenuItem, menuRoute } from '@ubo/contracts';
import { useSession } from '../session.tsx';
import { accents, sidebarSurfaces } from '../theme/theme.ts';
import { useThemePrefs } from '../theme/themeStore.ts';
import { initials, menuIcon } from './menuIcons.tsx';
import { useMenu } from './useMenu.ts';

export interface SidebarContentProps {
  /** Icons only (mini sidebar, not hovered). */
  compact: boolean;
}

function sidebarImageUrl(name: string): string {
  return `${import.meta.env.BASE_URL}sidebar/${name}.svg`;
}

function isUnder(pathname: string, parent: MenuItem): boolean {
  const p = pathname.toLowerCase();
  const base = parent.path.toLowerCase();
  return p === base || p.startsWith(`${base}/`);
}

export function SidebarContent({ compact }: SidebarContentProps) {
  const { t, i18n } = useTranslation();
  const prefs = useThemePrefs();
  const { user, logout } = useSession();
  const menu = useMenu();
  const { pathname } = useLocation();
  const surface = sidebarSurfaces[prefs.sidebarBackground];
  const accent = accents[prefs.sidebarColor];
  const lang = i18n.language === 'so' ? 'so' : 'en';
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [userOpen, setUserOpen] = useState(false);

  // The sub-menu holding the current page opens by itself.
  useEffect(() => {
    const active = (menu.data ?? []).find((m) => m.type === 'sub' && isUnder(pathname, m));
    if (active?.collapse) setOpen((o) => (o[active.collapse!] ? o : { ...o, [active.collapse!]: true }));
  }, [pathname, menu.data]);

  const itemSx = {
    mx: 1.5,
    my: 0.25,
    borderRadius: 1,
    color: surface.text,
    minHeight: 44,
    '& .MuiListItemIcon-root': { color: surface.muted, minWidth: 40 },
    '&:hover': { backgroundColor: alpha(prefs.sidebarBackground === 'white' ? '#000' : '#fff', 0.1) },
    '&.active': {
      background: `linear-gradient(60deg, ${accent.bright}, ${accent.deep})`,
      color: '#fff',
      boxShadow: `0 4px 12px -4px ${alpha(accent.deep, 0.6)}`,
      '& .MuiListItemIcon-root': { color: '#fff' },
    },
  } as const;

  const textSx = { opacity: compact ? 0 : 1, transition: 'opacity 150ms', whiteSpace: 'nowrap' } as const;
  // Menu labels wrap onto a second line rather than end in an ellipsis (Somali titles run long); in the
  // mini sidebar they stay on one hidden line so the icons keep their rows.
  const menuTextSx = { ...textSx, whiteSpace: compact ? 'nowrap' : 'normal', my: 0.5 } as const;
  const menuTextSlot = { primary: { noWrap: compact, variant: 'body2', sx: { lineHeight: 1.3, overflowWrap: 'anywhere' } } } as const;
  const label = (m: MenuItem) => (lang === 'so' ? m.so : m.en);

  const link = (to: string, text: string, icon: ReactNode, key: string, nested = false) => (
    <ListItemButton key={key} component={NavLink} to={to} end nativeButton={false} sx={{ ...itemSx, ...(nested ? { pl: compact ? 2 : 3 } : {}) }}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText primary={text} sx={menuTextSx} slotProps={menuTextSlot} />
    </ListItemButton>
  );

  const initialsIcon = (text: string) => (
    <Box component="span" aria-hidden sx={{ width: 24, textAlign: 'center', fontSize: 12, fontWeight: 600, letterSpacing: 0.5 }}>
      {initials(text)}
    </Box>
  );

  return (
    <Box
      sx={{
        position: 'relative',
        height: '100%',
        backgroundColor: surface.base,
        color: surface.text,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      {prefs.sidebarImage !== 'off' && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            backgroundImage: `url(${sidebarImageUrl(prefs.sidebarImage)})`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        />
      )}
      <Box aria-hidden sx={{ position: 'absolute', inset: 0, backgroundColor: prefs.sidebarImage === 'off' ? surface.base : surface.overlay }} />

      <Box sx={{ position: 'relative', display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 2, minHeight: 64 }}>
          <Avatar sx={{ width: 36, height: 36, background: `linear-gradient(60deg, ${accent.bright}, ${accent.deep})`, color: '#fff' }}>
            <BoltIcon />
          </Avatar>
          <Box sx={{ minWidth: 0, ...textSx }}>
            <Typography variant="subtitle1" noWrap sx={{ fontWeight: 500, lineHeight: 1.2 }} title={user?.client_name}>
              {user?.client_name ?? t('app.name')}
            </Typography>
            <Typography variant="caption" noWrap sx={{ color: surface.muted, display: 'block' }}>
              {t('app.name')}
            </Typography>
          </Box>
        </Box>
        <Divider sx={{ borderColor: surface.divider, mx: 2 }} />

        <List dense disablePadding sx={{ py: 1 }}>
          <ListItemButton
            onClick={() => setUserOpen((o) => !o)}
            aria-expanded={userOpen}
            aria-label={t('nav.userMenu', { name: user?.fullname ?? '' })}
            sx={itemSx}
          >
            <ListItemIcon>
              <Avatar sx={{ width: 30, height: 30, fontSize: 13, bgcolor: alpha(surface.text, 0.18), color: surface.text }}>
                {initials(user?.fullname ?? user?.username ?? '?')}
              </Avatar>
            </ListItemIcon>
            <ListItemText
              primary={user?.fullname}
              secondary={user?.username}
              sx={textSx}
              slotProps={{ primary: { noWrap: true, variant: 'body2' }, secondary: { noWrap: true, sx: { color: surface.muted } } }}
            />
            {!compact && (userOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
          </ListItemButton>
          <Collapse in={userOpen && !compact} unmountOnExit>
            <List dense disablePadding>
              {link('/users/profile', t('nav.profile'), <PersonIcon fontSize="small" />, 'profile', true)}
              {link('/auth/change-password', t('nav.changePassword'), <LockResetIcon fontSize="small" />, 'password', true)}
              <ListItemButton onClick={() => void logout()} sx={{ ...itemSx, pl: 3 }}>
                <ListItemIcon>
                  <LogoutIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={t('nav.logout')} sx={textSx} slotProps={{ primary: { variant: 'body2' } }} />
              </ListItemButton>
            </List>
          </Collapse>
        </List>
        <Divider sx={{ borderColor: surface.divider, mx: 2 }} />

        <Box component="nav" aria-label={t('nav.mainMenu')} sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 1, scrollbarWidth: 'thin' }}>
          {menu.isPending && (
            <Box sx={{ px: 3 }}>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} height={36} sx={{ bgcolor: alpha(surface.text, 0.12) }} />
              ))}
            </Box>
          )}
          {menu.isError && (
            <Typography variant="body2" sx={{ px: 3, py: 1, color: surface.muted }}>
              {t('nav.menuUnavailable')}
            </Typography>
          )}
          <List dense disablePadding>
            {(menu.data ?? []).map((m) => {
              const Icon = menuIcon(m.icon);
              if (m.type !== 'sub') return link(menuRoute(undefined, m), label(m), <Icon />, m.path);
              const id = m.collapse ?? m.path;
              const expanded = Boolean(open[id]) && !compact;
              const active = isUnder(pathname, m);
              return (
                <Box key={m.path}>
                  <ListItemButton
                    onClick={() => setOpen((o) => ({ ...o, [id]: !o[id] }))}
                    aria-expanded={expanded}
                    sx={{ ...itemSx, ...(active ? { backgroundColor: alpha(accent.bright, 0.16) } : {}) }}
                  >
                    <ListItemIcon>
                      <Icon />
                    </ListItemIcon>
                    <ListItemText primary={label(m)} sx={menuTextSx} slotProps={menuTextSlot} />
                    {!compact && (expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
                  </ListItemButton>
                  <Collapse in={expanded} unmountOnExit>
                    <List dense disablePadding>
                      {(m.children ?? []).map((c) => link(menuRoute(m, c), label(c), initialsIcon(label(c)), `${m.path}/${c.path}`, true))}
                    </List>
                  </Collapse>
                </Box>
              );
            })}
          </List>
        </Box>
      </Box>
    </Box>
  );
}
