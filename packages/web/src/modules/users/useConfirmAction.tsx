// Asks before a row action (disable, reset password, delete) and runs it. The action's call is made
// silent, so a refusal (409 role.inUse, user.lastAdmin, user.selfDisable, ...) shows as the server's
// message inside the dialog, which stays open, instead of a toast that vanishes.
import { type ReactNode, useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ApiError } from '../../lib/api.ts';

export interface ConfirmAction {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  run: () => Promise<unknown>;
}

export function useConfirmAction(): { ask: (action: ConfirmAction) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const [action, setAction] = useState<ConfirmAction | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = (next: ConfirmAction) => {
    setAction(next);
    setError(null);
    setOpen(true);
  };

  const confirm = async () => {
    if (!action) return;
    setError(null);
    try {
      await action.run();
    } catch (err) {
      // 'Please slow down' is already a toast; anything else is told here.
      if (!(err instanceof ApiError && err.code === 'SLOW_DOWN')) setError(err instanceof ApiError ? err.message : t('api.genericError'));
      throw err;
    }
  };

  const dialog = action && (
    <ConfirmDialog
      open={open}
      title={action.title}
      confirmLabel={action.confirmLabel}
      destructive={action.destructive}
      message={
        <Stack spacing={2}>
          <span>{action.message}</span>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      }
      onConfirm={confirm}
      onClose={() => setOpen(false)}
    />
  );

  return { ask, dialog };
}
