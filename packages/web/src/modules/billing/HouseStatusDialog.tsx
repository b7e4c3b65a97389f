// Disconnect or reconnect a house (PATCH /api/elc/houses/:id/status). The reason is written to the log
// sheet with the change and shown in the house's history; a disconnection needs one. A disconnected
// house is left out of bill runs.
import { type FormEvent, useEffect, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { House } from '@ubo/contracts';
import { toast } from '../../lib/api.ts';
import { useHouseStatus } from './billing.queries.ts';
import { houseLabel, nextStatus } from './house.logic.ts';
import { CancelButton } from './CancelButton.tsx';

const REASON_MAX = 500;

export interface HouseStatusDialogProps {
  house: House | null;
  open: boolean;
  onClose: () => void;
}

export function HouseStatusDialog({ house, open, onClose }: HouseStatusDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const change = useHouseStatus();
  const [reason, setReason] = useState('');
  const [isTried, setTried] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setTried(false);
    }
  }, [open]);

  if (!house) return null;
  const target = nextStatus(house.status);
  const isDisconnect = target === 'Disconnected';
  const missing = isDisconnect && reason.trim() === '';
  const names = { meter: house.meterNumber, house: houseLabel(house), customer: house.customerName };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (missing) return;
    change.mutate(
      { id: house.id, body: { status: target, reason: reason.trim() || null } },
      {
        onSuccess: () => {
          toast(t(isDisconnect ? 'billing.houses.disconnected' : 'billing.houses.reconnected', names), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={change.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t(isDisconnect ? 'billing.houses.disconnectTitle' : 'billing.houses.reconnectTitle', names)}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>{t(isDisconnect ? 'billing.houses.disconnectText' : 'billing.houses.reconnectText', names)}</DialogContentText>
          <TextField
            label={t('billing.houses.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required={isDisconnect}
            autoFocus
            fullWidth
            error={isTried && missing}
            helperText={isTried && missing ? t('billing.houses.reasonRequired') : t('billing.houses.reasonHelp')}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <CancelButton onClick={onClose} disabled={change.isPending} />
          <Button type="submit" variant="contained" color={isDisconnect ? 'error' : 'success'} disabled={change.isPending}>
            {t(isDisconnect ? 'billing.houses.disconnect' : 'billing.houses.reconnect')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
