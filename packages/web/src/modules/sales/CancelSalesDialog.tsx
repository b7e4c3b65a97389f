// Cancels a sales document with a reason (required, contracts' salesCancelBody). The server reverses the
// entries, moves the stock back and cancels the open items, or refuses (payments allocated, returns
// standing, the stock moved on): the refusal shows on the dialog.
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
import { type SalesCancelBody, type SalesKind, salesCancelBody } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { commonEndpoints } from './sales.kinds.ts';

export function CancelSalesDialog({ kind, document, onClose }: { kind: SalesKind; document: { id: number; number: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { control, handleSubmit, reset, setError } = useForm<SalesCancelBody>({
    mode: 'all',
    resolver: zodResolver(salesCancelBody),
    defaultValues: { reason: '' },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (document) reset({ reason: '' });
    setRefusal(null);
  }, [document, reset]);
  const cancel = useEndpointMutation(commonEndpoints(kind).cancel, {
    setError,
    successMessage: false,
    onSuccess: (doc) => {
      toast(t('sales.cancel.done', { number: doc.number }), 'success');
      onClose();
    },
  });
  const submit = handleSubmit(
    (body) =>
      document &&
      cancel.mutate(
        { params: { id: document.id }, body },
        {
          onError: (err) => {
            if (!(err instanceof ApiError)) return;
            const lines = err.details.filter((d) => d.field !== 'reason').map((d) => d.message);
            setRefusal(lines.length > 0 ? lines.join(' ') : err.details.length === 0 ? err.message : null);
          },
        },
      ),
  );
  return (
    <Dialog open={document !== null} onClose={cancel.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('sales.cancel.title', { number: document?.number ?? '' })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>{t('sales.cancel.text')}</DialogContentText>
          {refusal && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {refusal}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="reason"
            label={t('sales.cancel.reason')}
            required
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={cancel.isPending}>
            {t('sales.cancel.close')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={cancel.isPending}>
            {t('sales.action.cancel')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
