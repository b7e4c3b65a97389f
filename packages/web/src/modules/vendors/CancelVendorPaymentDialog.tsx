// Cancels a vendor payment with a reason (required): the server reverses its entry and the bills it paid
// open again.
import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type VendorPaymentCancelBody, vendorPaymentCancelBody, vendorPaymentsEndpoints, vendorsEndpoints } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toast } from '../../lib/api.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { useRefreshVendorPages } from './vendors.queries.ts';

type FormValues = { reason: string };
const resolver = zodResolver(vendorPaymentCancelBody) as unknown as Resolver<FormValues, unknown, VendorPaymentCancelBody>;

export function CancelVendorPaymentDialog({ payment, onClose }: { payment: { id: number; number: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { control, handleSubmit, reset, setError } = useForm<FormValues, unknown, VendorPaymentCancelBody>({
    mode: 'all',
    resolver,
    defaultValues: { reason: '' },
  });
  useEffect(() => {
    if (payment) reset({ reason: '' });
  }, [payment, reset]);
  const refreshVendorPages = useRefreshVendorPages();
  const cancel = useEndpointMutation(vendorPaymentsEndpoints.cancel, {
    invalidate: [vendorsEndpoints.list, vendorPaymentsEndpoints.openBills, vendorPaymentsEndpoints.vendors],
    setError,
    successMessage: false,
    onSuccess: (p) => {
      void refreshVendorPages();
      toast(t('vendors.payments.cancelled', { number: p.number }), 'success');
      onClose();
    },
  });
  const submit = handleSubmit((body) => payment && cancel.mutate({ params: { id: payment.id }, body }));
  return (
    <Dialog open={payment !== null} onClose={cancel.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('vendors.payments.cancelTitle', { number: payment?.number ?? '' })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>{t('vendors.payments.cancelText')}</DialogContentText>
          <FormTextField
            control={control}
            name="reason"
            label={t('vendors.payments.cancelReason')}
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
            {t('vendors.payments.cancel')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
