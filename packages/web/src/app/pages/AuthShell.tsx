// The frame of the screens outside the layout (sign-in, change password, expired): a centred card
// with the product name over a background in the theme colour, and the language choice.
import { type ReactNode, useEffect } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import BoltIcon from '@mui/icons-material/Bolt';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../layout/LanguageSelect.tsx';
import { accents } from '../theme/theme.ts';
import { useThemePrefs } from '../theme/themeStore.ts';

export interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Card width, 440 px unless told. */
  width?: number;
}

export function AuthShell({ title, subtitle, children, width = 440 }: AuthShellProps) {
  const { t } = useTranslation();
  const prefs = useThemePrefs();
  const accent = accents[prefs.sidebarColor];
  const dark = prefs.mode === 'dark';
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: dark
          ? `radial-gradient(circle at 20% 10%, ${alpha(accent.deep, 0.35)}, transparent 55%), #1a2035`
          : `radial-gradient(circle at 15% 0%, ${alpha(accent.bright, 0.35)}, transparent 50%), radial-gradient(circle at 100% 100%, ${alpha(accent.deep, 0.25)}, transparent 45%), #eef1f5`,
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 2 }}>
        <Box sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>
          <LanguageSelect />
        </Box>
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, pb: 6 }}>
        <Card sx={{ width, maxWidth: '100%', overflow: 'visible', mt: 4 }}>
          <Box
            sx={{
              mx: 2.5,
              mt: -4,
              borderRadius: 1.5,
              px: 3,
              py: 2.5,
              color: '#fff',
              background: `linear-gradient(60deg, ${accent.bright}, ${accent.deep})`,
              boxShadow: `0 4px 20px 0 rgba(0,0,0,.14), 0 7px 10px -5px ${alpha(accent.deep, 0.4)}`,
              display: 'flex',
              alignItems: 'center',
              gap: 2,
            }}
          >
            <Avatar sx={{ bgcolor: 'rgba(255,255,255,0.2)', color: '#fff', width: 44, height: 44 }}>
              <BoltIcon />
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="overline" component="p" sx={{ lineHeight: 1.4, opacity: 0.9, letterSpacing: 1 }}>
                {t('app.name')}
              </Typography>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 500 }}>
                {title}
              </Typography>
            </Box>
          </Box>
          <CardContent sx={{ px: { xs: 2.5, sm: 4 }, pt: 3, pb: '32px !important' }}>
            {subtitle && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </CardContent>
        </Card>
      </Box>
      <Typography variant="caption" component="p" sx={{ textAlign: 'center', color: 'text.secondary', pb: 2 }}>
        © {new Date().getFullYear()} {t('footer.company')} · {t('app.tagline')}
      </Typography>
    </Box>
  );
}
