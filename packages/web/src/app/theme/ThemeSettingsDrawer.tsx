// The theme settings panel (gear in the navbar): sidebar colour, sidebar background, sidebar image,
// mini sidebar and dark mode. Every change applies at once and is remembered (themeStore.ts).
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { accents, sidebarSurfaces } from './theme.ts';
import { sidebarBackgrounds, sidebarColors, sidebarImages, themeStore, useThemePrefs } from './themeStore.ts';

interface SwatchProps {
  label: string;
  selected: boolean;
  onClick: () => void;
  background: string;
  size?: number;
  children?: ReactNode;
}

function Swatch({ label, selected, onClick, background, size = 32 }: SwatchProps) {
  return (
    <ButtonBase
      role="radio"
      aria-checked={selected}
      aria-label={label}
      title={label}
      onClick={onClick}
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        background,
        border: '2px solid',
        borderColor: selected ? 'text.primary' : 'divider',
        color: '#fff',
        boxShadow: selected ? 3 : 0,
      }}
    >
      {selected && <CheckIcon fontSize="small" sx={{ filter: 'drop-shadow(0 0 2px rgba(0,0,0,.6))' }} />}
    </ButtonBase>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', display: 'block', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function ThemeSettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const prefs = useThemePrefs();
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 320, maxWidth: '100%' }, 'aria-label': t('theme.title') } }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2.5, py: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('theme.title')}
        </Typography>
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ px: 2.5 }}>
        <Section title={t('theme.sidebarColor')}>
          <Stack direction="row" spacing={1.25} role="radiogroup" aria-label={t('theme.sidebarColor')} sx={{ flexWrap: 'wrap' }}>
            {sidebarColors.map((c) => (
              <Swatch
                key={c}
                label={t(`theme.colors.${c}`)}
                selected={prefs.sidebarColor === c}
                onClick={() => themeStore.set({ sidebarColor: c })}
                background={`linear-gradient(60deg, ${accents[c].bright}, ${accents[c].deep})`}
              />
            ))}
          </Stack>
        </Section>
        <Divider />
        <Section title={t('theme.sidebarBackground')}>
          <Stack direction="row" spacing={1.25} role="radiogroup" aria-label={t('theme.sidebarBackground')}>
            {sidebarBackgrounds.map((b) => (
              <Swatch
                key={b}
                label={t(`theme.backgrounds.${b}`)}
                selected={prefs.sidebarBackground === b}
                onClick={() => themeStore.set({ sidebarBackground: b })}
                background={sidebarSurfaces[b].base}
              />
            ))}
          </Stack>
        </Section>
        <Divider />
        <Section title={t('theme.sidebarImage')}>
          <FormControlLabel
            control={
              <Switch checked={prefs.sidebarImage !== 'off'} onChange={(e) => themeStore.set({ sidebarImage: e.target.checked ? 'sidebar-1' : 'off' })} />
            }
            label={t('theme.showImage')}
          />
          <Stack direction="row" spacing={1} role="radiogroup" aria-label={t('theme.sidebarImage')} sx={{ mt: 1 }}>
            {sidebarImages.map((img) => {
              const selected = prefs.sidebarImage === img;
              return (
                <ButtonBase
                  key={img}
                  role="radio"
                  aria-checked={selected}
                  aria-label={t(`theme.images.${img}`)}
                  title={t(`theme.images.${img}`)}
                  onClick={() => themeStore.set({ sidebarImage: img })}
                  sx={{
                    width: 56,
                    height: 96,
                    borderRadius: 1,
                    backgroundImage: `url(${import.meta.env.BASE_URL}sidebar/${img}.svg)`,
                    backgroundSize: 'cover',
                    backgroundPosition: 'center bottom',
                    border: '3px solid',
                    borderColor: selected ? 'primary.main' : 'transparent',
                    opacity: prefs.sidebarImage === 'off' ? 0.5 : 1,
                  }}
                />
              );
            })}
          </Stack>
        </Section>
        <Divider />
        <Section title={t('theme.mode')}>
          <Stack>
            <FormControlLabel control={<Switch checked={prefs.mini} onChange={(e) => themeStore.set({ mini: e.target.checked })} />} label={t('theme.mini')} />
            <FormControlLabel
              control={<Switch checked={prefs.mode === 'dark'} onChange={(e) => themeStore.set({ mode: e.target.checked ? 'dark' : 'light' })} />}
              label={t('theme.darkMode')}
            />
          </Stack>
        </Section>
        <Typography variant="body2" sx={{ color: 'text.secondary', pb: 3 }}>
          {t('theme.saved')}
        </Typography>
      </Box>
    </Drawer>
  );
}
