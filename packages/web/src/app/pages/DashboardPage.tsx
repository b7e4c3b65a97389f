// The landing page after sign-in: a welcome with the organisation and the user, and a shortcut card
// for every screen the user may open (GET /api/menus, already filtered by privilege). The page needs
// no privilege of its own (sign-in, the home link and every error page lead here); the organisation
// summary of GET /api/dashboard shows to holders of the `dashboard` privilege, then the modules'
// dashboard widgets (WebModule.dashboardWidgets) the user holds the privilege for. A user whose class
// presets a desk's dashboard (cashier, meter reader, ...) sees that desk's screens first as large buttons
// and only its widgets (dashboardFocus.ts).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import BadgeIcon from '@mui/icons-material/Badge';
import TagIcon from '@mui/icons-material/Tag';
import AppsIcon from '@mui/icons-material/Apps';
import GroupIcon from '@mui/icons-material/Group';
import SecurityIcon from '@mui/icons-material/Security';
import StoreIcon from '@mui/icons-material/Store';
import EventIcon from '@mui/icons-material/Event';
import { type ReactNode, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { dashboardEndpoints, type MenuItem } from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import { shellKeys } from '../../lib/queryKeys.ts';
import { formatDate, formatDateTime, todayIso } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';
import { menuIcon } from '../layout/menuIcons.tsx';
import { ModuleTexts } from '../i18n/ModuleTexts.tsx';
import { dashboardWidgets } from '../modules.ts';
import { DASHBOARD_FOCUS } from './dashboardFocus.ts';
import { menuLinks, useMenu } from '../layout/useMenu.ts';
import { useSession } from '../session.tsx';
import { accents } from '../theme/theme.ts';
import { useThemePrefs } from '../theme/themeStore.ts';

const bannerChip = { bgcolor: 'rgba(255,255,255,0.18)', color: '#fff', '& .MuiChip-icon': { color: '#fff' } } as const;

function Stat({ icon, label, value, warn }: { icon: ReactNode; label: string; value: ReactNode; warn?: boolean }) {
  return (
    <Paper sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, height: '100%' }}>
      <Box sx={{ color: warn ? 'warning.main' : 'primary.main', display: 'flex' }}>{icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography variant="h6" component="p">
          {value}
        </Typography>
      </Box>
    </Paper>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { user, can } = useSession();
  const focus = DASHBOARD_FOCUS[user?.dashboard ?? 'general'];
  const widgets = dashboardWidgets.filter((w) => (!w.privilege || can(w.privilege)) && (focus.widgets === 'all' || focus.widgets.includes(w.key)));
  const summary = useQuery({
    queryKey: shellKeys.dashboard,
    queryFn: ({ signal }) => api.call(dashboardEndpoints.get, undefined, { signal, silent: true }),
    enabled: can('dashboard'),
  });
  const daysLeft = summary.data?.subscription.daysLeft ?? null;
  const prefs = useThemePrefs();
  const accent = accents[prefs.sidebarColor];
  const menu = useMenu();
  const links = menuLinks(menu.data ?? []).filter((l) => l.route.toLowerCase() !== '/dashboard');
  const title = (m: MenuItem) => (lang === 'so' ? m.so : m.en);
  const desk = focus.routes.flatMap((route) => links.filter((l) => l.route === route));

  // Group the shortcuts by their menu section, in menu order.
  const sections: { key: string; title: string; icon: string; items: typeof links }[] = [];
  for (const l of links) {
    const key = l.parent?.path ?? l.route;
    let section = sections.find((s) => s.key === key);
    if (!section) {
      section = { key, title: l.parent ? title(l.parent) : title(l.item), icon: l.parent?.icon ?? l.item.icon, items: [] };
      sections.push(section);
    }
    section.items.push(l);
  }

  return (
    <Stack spacing={3}>
      <Paper
        sx={{
          p: { xs: 3, md: 4 },
          color: '#fff',
          background: `linear-gradient(60deg, ${accent.bright}, ${accent.deep})`,
          boxShadow: `0 4px 20px 0 rgba(0,0,0,.14), 0 7px 10px -5px ${alpha(accent.deep, 0.4)}`,
        }}
      >
        <Typography variant="h4" component="h2" sx={{ fontWeight: 400 }}>
          {t('dashboard.welcome', { name: user?.fullname ?? '' })}
        </Typography>
        <Typography sx={{ mt: 1, opacity: 0.92 }}>
          {t('dashboard.signedInTo', { organisation: user?.client_name ?? '', username: user?.username ?? '' })}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5, opacity: 0.85 }}>
          {t('dashboard.today', { date: formatDate(todayIso(), lang, 'long') })}
          {summary.data?.user.previousSignInAt && ` ${t('dashboard.lastVisit', { date: formatDateTime(summary.data.user.previousSignInAt, lang) })}`}
        </Typography>
        <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          <Chip icon={<BadgeIcon />} label={user?.isAdmin ? t('dashboard.administrator') : t('dashboard.staff')} sx={bannerChip} />
          <Chip icon={<TagIcon />} label={`${t('dashboard.organisationCode')}: ${user?.clientCode ?? ''}`} sx={bannerChip} />
          {menu.isSuccess && <Chip icon={<AppsIcon />} label={t('dashboard.screensCount', { count: links.length })} sx={bannerChip} />}
        </Stack>
      </Paper>

      {desk.length > 0 && (
        <Box component="section" aria-labelledby="dashboard-desk" data-testid="dashboard-desk">
          <Typography id="dashboard-desk" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {t(`dashboard.desk.${user?.dashboard ?? 'general'}`)}
          </Typography>
          <Grid container spacing={2}>
            {desk.map((l) => {
              const Icon = menuIcon(l.parent?.icon ?? l.item.icon);
              return (
                <Grid key={l.route} size={{ xs: 12, sm: 6, md: 4 }}>
                  <Button
                    component={RouterLink}
                    to={l.route}
                    variant="contained"
                    size="large"
                    startIcon={<Icon />}
                    fullWidth
                    sx={{ py: 2, justifyContent: 'flex-start', textTransform: 'none', fontSize: '1.05rem' }}
                  >
                    {title(l.item)}
                  </Button>
                </Grid>
              );
            })}
          </Grid>
        </Box>
      )}

      {summary.data && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <Stat icon={<GroupIcon fontSize="large" />} label={t('dashboard.activeUsers')} value={summary.data.counts.activeUsers} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <Stat icon={<SecurityIcon fontSize="large" />} label={t('dashboard.roles')} value={summary.data.counts.roles} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <Stat icon={<StoreIcon fontSize="large" />} label={t('dashboard.branches')} value={summary.data.counts.branches} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <Stat
              icon={<EventIcon fontSize="large" />}
              label={t('dashboard.licence')}
              warn={daysLeft !== null && daysLeft <= 30}
              value={daysLeft === null ? t('dashboard.noExpiry') : t('dashboard.daysLeft', { count: daysLeft })}
            />
          </Grid>
        </Grid>
      )}

      {widgets.map((w) => (
        <Box key={w.key} data-testid={`dashboard-widget-${w.key}`}>
          <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
            <ModuleTexts>{w.element}</ModuleTexts>
          </Suspense>
        </Box>
      ))}

      <Box component="section" aria-labelledby="dashboard-shortcuts">
        <Typography id="dashboard-shortcuts" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('dashboard.shortcuts')}
        </Typography>
        {menu.isPending && (
          <Grid container spacing={2}>
            {Array.from({ length: 4 }, (_, i) => (
              <Grid key={i} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                <Skeleton variant="rounded" height={96} />
              </Grid>
            ))}
          </Grid>
        )}
        {menu.isError && (
          <Paper sx={{ p: 3 }}>
            <Typography sx={{ mb: 1 }}>{t('dashboard.menuFailed')}</Typography>
            <Button onClick={() => menu.refetch()}>{t('errors.tryAgain')}</Button>
          </Paper>
        )}
        {menu.isSuccess && links.length === 0 && (
          <Paper sx={{ p: 3 }}>
            <Typography sx={{ color: 'text.secondary' }}>{t('dashboard.noShortcuts')}</Typography>
          </Paper>
        )}
        <Stack spacing={3}>
          {sections.map((s) => {
            const Icon = menuIcon(s.icon);
            return (
              <Box key={s.key}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, color: 'text.secondary' }}>
                  <Icon fontSize="small" />
                  <Typography variant="overline" component="h3">
                    {s.title}
                  </Typography>
                </Stack>
                <Grid container spacing={2}>
                  {s.items.map((l) => (
                    <Grid key={l.route} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                      <Card sx={{ height: '100%' }}>
                        <CardActionArea component={RouterLink} to={l.route} sx={{ height: '100%' }}>
                          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                            <Box
                              sx={{
                                width: 44,
                                height: 44,
                                borderRadius: 1.5,
                                flexShrink: 0,
                                display: 'flex',
                                alignItems: 'center',
                                justifyContent: 'center',
                                color: '#fff',
                                background: `linear-gradient(60deg, ${accent.bright}, ${accent.deep})`,
                              }}
                            >
                              <Icon />
                            </Box>
                            <Box sx={{ minWidth: 0 }}>
                              <Typography sx={{ fontWeight: 500 }}>{title(l.item)}</Typography>
                              <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                                {s.title}
                              </Typography>
                            </Box>
                          </CardContent>
                        </CardActionArea>
                      </Card>
                    </Grid>
                  ))}
                </Grid>
              </Box>
            );
          })}
        </Stack>
      </Box>
    </Stack>
  );
}
