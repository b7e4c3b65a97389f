// The 'Taking action' loader: a backdrop with a spinner while a create, update or delete is pending
// (spec section 4). The api client keeps the state; a second action meanwhile is refused there.
import { useSyncExternalStore } from 'react';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { actionState } from '../lib/api.ts';

export function ActionLoader() {
  const { t } = useTranslation();
  const pending = useSyncExternalStore(actionState.subscribe, actionState.get);
  return (
    <Backdrop open={pending} sx={{ zIndex: (theme) => theme.zIndex.modal + 10 }} transitionDuration={{ enter: 150, exit: 150 }}>
      <Paper role="status" aria-live="assertive" sx={{ px: 4, py: 3, display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={28} />
        <Typography>{t('api.takingAction')}</Typography>
      </Paper>
    </Backdrop>
  );
}
