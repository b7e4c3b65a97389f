// The footer's About Us and Licenses dialogs (Footer.tsx): their own chunk, loaded when one is first
// opened, so the signed-in frame's first load carries no dialog or table (issue 13, first load).
import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The open-source software the product ships, with the licence each is used under. */
export const openSourceLicences: ReadonlyArray<{ name: string; use: string; licence: string }> = [
  { name: 'React', use: 'react, react-dom', licence: 'MIT' },
  { name: 'Material UI', use: '@mui/material, @mui/icons-material', licence: 'MIT' },
  { name: 'Material Icons', use: 'Google Material Icons', licence: 'Apache-2.0' },
  { name: 'Emotion', use: '@emotion/react, @emotion/styled', licence: 'MIT' },
  { name: 'TanStack Query', use: '@tanstack/react-query', licence: 'MIT' },
  { name: 'React Router', use: 'react-router', licence: 'MIT' },
  { name: 'React Hook Form', use: 'react-hook-form, @hookform/resolvers', licence: 'MIT' },
  { name: 'i18next', use: 'i18next, react-i18next', licence: 'MIT' },
  { name: 'notistack', use: 'notistack', licence: 'MIT' },
  { name: 'decimal.js', use: 'decimal.js', licence: 'MIT' },
  { name: 'Zod', use: 'zod', licence: 'MIT' },
  { name: 'Fastify', use: 'fastify and its plugins', licence: 'MIT' },
  { name: 'Drizzle ORM', use: 'drizzle-orm', licence: 'Apache-2.0' },
  { name: 'PGlite', use: '@electric-sql/pglite', licence: 'Apache-2.0' },
  { name: 'node-postgres', use: 'pg', licence: 'MIT' },
  { name: 'jose', use: 'jose', licence: 'MIT' },
  { name: 'node-rs argon2', use: '@node-rs/argon2', licence: 'MIT' },
  { name: 'PostgreSQL', use: 'database', licence: 'PostgreSQL Licence' },
];

function InfoDialog({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={id} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export type FooterDialog = 'about' | 'licenses';

export default function FooterDialogs({ dialog, onClose }: { dialog: FooterDialog | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <InfoDialog open={dialog === 'about'} onClose={onClose} title={t('footer.aboutTitle')}>
        <Typography sx={{ mb: 1.5 }}>{t('footer.aboutText1')}</Typography>
        <Typography sx={{ mb: 1.5 }}>{t('footer.aboutText2')}</Typography>
        <Typography>{t('footer.aboutText3')}</Typography>
      </InfoDialog>

      <InfoDialog open={dialog === 'licenses'} onClose={onClose} title={t('footer.licensesTitle')}>
        <Typography sx={{ mb: 2 }}>{t('footer.licensesIntro')}</Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('footer.packageColumn')}</TableCell>
              <TableCell>{t('footer.licenseColumn')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {openSourceLicences.map((l) => (
              <TableRow key={l.name}>
                <TableCell>
                  {l.name}
                  <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                    {l.use}
                  </Typography>
                </TableCell>
                <TableCell>{l.licence}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </InfoDialog>
    </>
  );
}
