// Cancels a stock adjustment or transfer with a reason (required, contracts' stockCancelBody). The server moves the
// stock back and reverses the entry, or refuses on the dialog when the stock has moved on since.
import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type StockCancelBody, itemsEndpoints, stockAdjustmentsEndpoints, stockCancelBody, stockMovesEndpoints, stockTransfersEndpoints } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { useEndpointMutation } from '../../lib/queries.ts';

export interface CancelStockDocumentDialogProps {
  document: { id: number; number: string } | null;
  /** Which document: its cancel endpoint and its texts (items.adjustments.* or items.transfers.*). */
  kind: 'adjustments' | 'transfers';
  onClose: () => void;
}

const cancelEndpoints = { adjustments: stockAdjustmentsEndpoints.cancel, transfers: stockTransfersEndpoints.cancel };

export function CancelStockDocumentDialog({ document, kind, onClose }: CancelStockDocumentDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { control, handleSubmit, reset, setError } = useForm<StockCancelBody>({
    mode: 'all',
    resolver: zodResolver(stockCancelBody),
    defaultValues: { reason: '' },
  });
  // A refusal about the stock (not enough left to move back) names lines the dialog has no field for.
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (document) reset({ reason: '' });
    setRefusal(null);
  }, [document, reset]);
  // Both answer a document with its number; the adjustments' type stands for both.
  const cancel = useEndpointMutation(cancelEndpoints[kind] as typeof stockAdjustmentsEndpoints.cancel, {
    invalidate: [itemsEndpoints.list, stockMovesEndpoints.list],
    setError,
    successMessage: false,
    onSuccess: (doc) => {
      toast(t(`items.${kind}.cancelled`, { number: doc.number }), 'success');
      onClose();
    },
  });
  const submit = handleSubmit(
    (body) =>
      document?.id &&
      cancel.mutate(
        { params: { id: document.id }, body },
        {
          onError: (err) => {
            const lines = err instanceof ApiError ? err.details.filter((d) => d.field !== 'reason').map((d) => d.message) : [];
            setRefusal(lines.length > 0 ? lines.join(' ') : null);
          },
        },
      ),
  );
  return (
    <Dialog open={document !== null} onClose={cancel.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('items.adjustments.cancelTitle', { number: document?.number ?? '' })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>{t(`items.${kind}.cancelText`)}</DialogContentText>
          {refusal && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {refusal}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="reason"
            label={t('items.adjustments.cancelReason')}
            required
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={cancel.isPending}>
            {t('common.close')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={cancel.isPending}>
            {t(`items.${kind}.cancel`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
