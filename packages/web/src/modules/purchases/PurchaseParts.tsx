// Small pieces the purchasing pages share: the status chip of every document, a labelled detail, the
// totals block and the print button (the reason dialog of a cancellation is components/ReasonDialog).
import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '@ubo/contracts';
import { callEndpoint } from '../../lib/api.ts';

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
