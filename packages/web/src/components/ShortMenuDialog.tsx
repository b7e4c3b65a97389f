// A title with buttons linking to routes (spec section 2: "short-menu dialog"). Items the user may
// not open (privilege) are left out; choosing one navigates there and closes the dialog.
// Props: open, title, items [{ label, to, icon?, privilege?, description? }], onClose.
import type { ReactNode } from 'react';
import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type PrivilegeCheck, useCan } from '../app/session.tsx';

export interface ShortMenuItem {
  label: string;
  /** App route, e.g. '/customers/payment'. */
  to: string;
  icon?: ReactNode;
  description?: string;
  privilege?: PrivilegeCheck;
}

export interface ShortMenuDialogProps {
  open: boolean;
  title: string;
  items: ShortMenuItem[];
  onClose: () => void;
}

export function ShortMenuDialog({ open, title, items, onClose }: ShortMenuDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const titleId = useId();
  const visible = items.filter((i) => can(i.privilege));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 0.5 }}>
          {visible.map((item) => (
            <Button
              key={item.to}
              variant="outlined"
              size="large"
              startIcon={item.icon}
              onClick={() => {
                onClose();
                navigate(item.to);
              }}
              sx={{ justifyContent: 'flex-start', textAlign: 'left', py: 1.25 }}
            >
              <span>
                {item.label}
                {item.description && (
                  <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                    {item.description}
                  </Typography>
                )}
              </span>
            </Button>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
