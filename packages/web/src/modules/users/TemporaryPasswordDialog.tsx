// Shows a temporary password once: after a user is created without a password and after a reset.
// The server keeps only its hash, so closing this dialog loses it; a backdrop click does not close it.
// A copy button puts it on the clipboard (or, where the browser refuses, asks to copy it by hand).
import { type FocusEvent, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.tsx';

export interface TemporaryPassword {
  /** 'created' after POST /api/admin, 'reset' after POST /api/admin/:id/reset-password. */
  reason: 'created' | 'reset';
  username: string;
  fullname: string;
  password: string;
}

export interface TemporaryPasswordDialogProps {
  value: TemporaryPassword | null;
  onClose: () => void;
}

/** Copies text; the Clipboard API first, the old selection command where it is missing or refused. */
async function copyText(text: string, fallbackInput: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection copy
  }
  if (!fallbackInput) return false;
  fallbackInput.focus();
  fallbackInput.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export function TemporaryPasswordDialog({ value, onClose }: TemporaryPasswordDialogProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const titleId = useId();
  const passwordId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  // Kept while the dialog closes so its text does not vanish during the exit transition.
  const [shown, setShown] = useState<TemporaryPassword | null>(value);
  if (value && value !== shown) {
    setShown(value);
    setCopy('idle');
  }

  const close = () => {
    setCopy('idle');
    onClose();
  };

  const doCopy = async () => {
    if (!shown) return;
    setCopy((await copyText(shown.password, inputRef.current)) ? 'copied' : 'failed');
  };

  return (
    <Dialog
      open={value !== null}
      onClose={(_, reason) => {
        if (reason !== 'backdropClick') close();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{shown && t(shown.reason === 'created' ? 'users.password.createdTitle' : 'users.password.resetTitle')}</DialogTitle>
      {shown && (
        <DialogContent>
          <Stack spacing={2}>
            <Typography component="label" htmlFor={passwordId}>
              {t('users.password.intro', { name: shown.fullname, username: shown.username })}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
              <Box
                component="input"
                id={passwordId}
                ref={inputRef}
                readOnly
                value={shown.password}
                onFocus={(e: FocusEvent<HTMLInputElement>) => e.currentTarget.select()}
                spellCheck={false}
                sx={{
                  flexGrow: 1,
                  minWidth: 0,
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  fontSize: '1.5rem',
                  letterSpacing: '0.08em',
                  px: 2,
                  py: 1.25,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  bgcolor: 'action.hover',
                  color: 'text.primary',
                  outline: 'none',
                  '&:focus': { borderColor: 'primary.main' },
                }}
              />
              <Button
                variant={copy === 'copied' ? 'outlined' : 'contained'}
                color={copy === 'copied' ? 'success' : 'primary'}
                startIcon={copy === 'copied' ? <CheckIcon /> : <ContentCopyIcon />}
                onClick={doCopy}
                sx={{ flexShrink: 0 }}
              >
                {copy === 'copied' ? t('users.password.copied') : t('users.password.copy')}
              </Button>
            </Stack>
            <Box aria-live="polite">{copy === 'failed' && <Alert severity="info">{t('users.password.copyFailed')}</Alert>}</Box>
            <Alert severity="warning">{t('users.password.onlyOnce')}</Alert>
            <Typography>{t('users.password.mustChange')}</Typography>
            {user && (
              <Typography sx={{ color: 'text.secondary' }}>{t('users.password.signInWith', { username: shown.username, code: user.clientCode })}</Typography>
            )}
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={close}>
          {t('users.password.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
