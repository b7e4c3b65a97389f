// Disconnect or reconnect a house (PATCH /api/elc/houses/:id/status). The reason is written to the log
// sheet with the change and shown in the house's history; a disconnection needs one. A disconnected
// house is left out of bill runs.
import { useEffect, useId, useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type House, z } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toast } from '../../lib/api.ts';
import { useHouseStatus } from './billing.queries.ts';
import { houseLabel, nextStatus } from './house.logic.ts';
import { CancelButton } from './CancelButton.tsx';

const REASON_MAX = 500;

/** The reason, required for a disconnection (`requiredText` says so). */
const statusForm = (isReasonRequired: boolean, requiredText: string) =>
  z.object({
    reason: z
      .string()
      .max(REASON_MAX, `v.maxLength|${REASON_MAX}`)
      .refine((r) => !isReasonRequired || r.trim() !== '', requiredText),
  });
type StatusValues = z.infer<ReturnType<typeof statusForm>>;

export interface HouseStatusDialogProps {
  house: House | null;
  open: boolean;
  onClose: () => void;
}

export function HouseStatusDialog({ house, open, onClose }: HouseStatusDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const change = useHouseStatus();
  const target = house ? nextStatus(house.status) : null;
  const isDisconnect = target === 'Disconnected';
  const schema = useMemo(() => statusForm(isDisconnect, t('billing.houses.reasonRequired')), [isDisconnect, t]);
  const { control, handleSubmit, reset } = useForm<StatusValues>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  useEffect(() => {
    if (open) reset({ reason: '' });
  }, [open, reset]);

  if (!house || !target) return null;
  const names = { meter: house.meterNumber, house: houseLabel(house), customer: house.customerName };

  const submit = handleSubmit(({ reason }) => {
    change.mutate(
      { id: house.id, body: { status: target, reason: reason.trim() || null } },
      {
        onSuccess: () => {
          toast(t(isDisconnect ? 'billing.houses.disconnected' : 'billing.houses.reconnected', names), 'success');
          onClose();
        },
      },
    );
  });

  return (
    <Dialog open={open} onClose={change.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t(isDisconnect ? 'billing.houses.disconnectTitle' : 'billing.houses.reconnectTitle', names)}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>{t(isDisconnect ? 'billing.houses.disconnectText' : 'billing.houses.reconnectText', names)}</DialogContentText>
          <FormTextField
            control={control}
            name="reason"
            label={t('billing.houses.reason')}
            required={isDisconnect}
            autoFocus
            fullWidth
            helperText={t('billing.houses.reasonHelp')}
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
