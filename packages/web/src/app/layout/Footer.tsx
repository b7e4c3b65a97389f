// The footer of spec section 2: company name, About Us and Licenses (small dialogs, FooterDialogs.tsx,
// loaded when first opened) and the year.
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FooterDialog } from './FooterDialogs.tsx';

const FooterDialogs = lazy(() => import('./FooterDialogs.tsx'));

export function Footer() {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<FooterDialog | null>(null);
  // Mounted from the first opening on, so a dialog closes with its transition.
  const [loaded, setLoaded] = useState(false);
  const open = (which: FooterDialog) => {
    setLoaded(true);
    setDialog(which);
  };
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={2}>
          <Link component="button" type="button" variant="body2" underline="hover" onClick={() => open('about')}>
            {t('footer.about')}
          </Link>
          <Link component="button" type="button" variant="body2" underline="hover" onClick={() => open('licenses')}>
            {t('footer.licenses')}
          </Link>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          © {year} {t('footer.company')}. {t('footer.rights')}
        </Typography>
      </Stack>

      {loaded && (
        <Suspense fallback={null}>
          <FooterDialogs dialog={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </Box>
  );
}
