// Asks why (a required reason, the endpoint's own body schema) and calls a cancel or close endpoint of a
// document: stock adjustments and transfers, sales and purchasing documents, purchase orders. The server
// reverses or refuses; a refusal that names no reason field (payments allocated, the stock moved on)
// shows above the field, and the dialog stays open.
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
import type { Endpoint, z } from '@ubo/contracts';
import { ApiError, toast } from '../lib/api.ts';
import { useEndpointMutation } from '../lib/queries.ts';
import { FormTextField } from './FormTextField.tsx';

/** A cancel or close endpoint: params { id }, body { reason }, answering the document with its number. */
type ReasonEndpoint = Endpoint & { body: z.ZodType<{ reason: string }> };

export interface ReasonDialogProps {
  /** The document asked about; null: the dialog is closed. */
  document: { id: number; number: string } | null;
  endpoint: ReasonEndpoint;
  title: string;
  text: string;
  reasonLabel: string;
  /** The button that sends it (e.g. "Cancel document"). */
  action: string;
  /** The toast after it is done. */
  done: string;
  invalidate?: Endpoint[];
  onClose: () => void;
}

export function ReasonDialog({ document, endpoint, title, text, reasonLabel, action, done, invalidate, onClose }: ReasonDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { control, handleSubmit, reset, setError } = useForm<{ reason: string }>({
    mode: 'all',
    resolver: zodResolver(endpoint.body as z.ZodType<{ reason: string }, { reason: string }>),
    defaultValues: { reason: '' },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (document) reset({ reason: '' });
    setRefusal(null);
  }, [document, reset]);
  // Every such endpoint takes { id } and { reason }; one of them stands for the type of all.
  const mutation = useEndpointMutation(endpoint as Endpoint & { params: z.ZodType<{ id: number }>; body: z.ZodType<{ reason: string }> }, {
    invalidate,
    setError,
    successMessage: false,
    onSuccess: () => {
      toast(done, 'success');
      onClose();
    },
  });
  const submit = handleSubmit(
    (body) =>
      document &&
      mutation.mutate(
        { params: { id: document.id }, body } as never,
        {
          onError: (err: unknown) => {
            if (!(err instanceof ApiError)) return;
            const lines = err.details.filter((d) => d.field !== 'reason').map((d) => d.message);
            setRefusal(lines.length > 0 ? lines.join(' ') : err.details.length === 0 ? err.message : null);
          },
        } as never,
      ),
  );
  return (
    <Dialog open={document !== null} onClose={mutation.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          {refusal && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {refusal}
            </Alert>
          )}
          <FormTextField control={control} name="reason" label={reasonLabel} required autoFocus fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('common.close')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={mutation.isPending}>
            {action}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
