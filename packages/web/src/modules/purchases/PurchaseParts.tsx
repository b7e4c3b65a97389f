// Small pieces the purchasing pages share: the status chip of every document, a labelled detail, the
// totals block, and the dialog that asks the reason of a cancellation (or close) and calls its endpoint.
import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Endpoint, purchaseCancelBody, type PurchaseCancelBody, type vendorBillsEndpoints } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { ApiError, callEndpoint, toast } from '../../lib/api.ts';
import { useEndpointMutation } from '../../lib/queries.ts';

const colours: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info' | 'primary'> = {
  Posted: 'success',
  Paid: 'success',
  Received: 'success',
  Cancelled: 'default',
  Unpaid: 'warning',
  PartlyPaid: 'info',
  Overdue: 'error',
  Draft: 'default',
  Approved: 'primary',
  PartlyReceived: 'info',
  ClosedShort: 'default',
};

export function PurchaseStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={colours[status] ?? 'default'}
      variant={colours[status] === 'default' ? 'outlined' : 'filled'}
      label={t(`purchases.status.${status}`)}
    />
  );
}

export function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Grid>
  );
}

export function Totals({ rows }: { rows: Array<{ label: string; value: string; bold?: boolean }> }) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-end', mt: 2 }}>
      {rows.map((r) => (
        <Stack key={r.label} direction="row" spacing={3} sx={{ minWidth: 260, justifyContent: 'space-between' }}>
          <Typography variant="body2" sx={{ fontWeight: r.bold ? 700 : 400 }}>
            {r.label}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: r.bold ? 700 : 400 }}>
            <MoneyText value={r.value} />
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

export interface ReasonDialogProps {
  open: boolean;
  id: number;
  /** A cancel or close endpoint: params { id }, body { reason }. */
  endpoint: Endpoint;
  title: string;
  text: string;
  action: string;
  done: string;
  invalidate?: Endpoint[];
  onClose: () => void;
}

/** Asks why (required) and calls a cancel or close endpoint; a refusal that names no reason field shows above. */
export function ReasonDialog({ open, id, endpoint, title, text, action, done, invalidate, onClose }: ReasonDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { control, handleSubmit, reset, setError } = useForm<PurchaseCancelBody>({
    mode: 'all',
    resolver: zodResolver(purchaseCancelBody),
    defaultValues: { reason: '' },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (open) reset({ reason: '' });
    setRefusal(null);
  }, [open, reset]);
  const mutation = useEndpointMutation(endpoint as typeof vendorBillsEndpoints.cancel, {
    invalidate,
    setError,
    successMessage: false,
    onSuccess: () => {
      toast(done, 'success');
      onClose();
    },
  });
  const submit = handleSubmit((body) =>
    mutation.mutate(
      { params: { id }, body },
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
    <Dialog open={open} onClose={mutation.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          {refusal && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {refusal}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="reason"
            label={t('purchases.reason')}
            required
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('purchases.close')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={mutation.isPending}>
            {action}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Opens a document's PDF (a `produces` endpoint taking { id }) in a new tab; the api client says why when it fails. */
export function PrintButton({ endpoint, id }: { endpoint: Endpoint; id: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const blob = (await callEndpoint(endpoint as Endpoint & { produces: readonly string[] }, { params: { id } } as never)) as unknown as Blob;
      window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    } catch {
      // Told by the api client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<PrintIcon />} onClick={open} disabled={busy}>
      {t('purchases.document.print')}
    </Button>
  );
}
