// Receives an approved purchase order: the vendor's bill number, date, due date (empty: from the terms) and,
// per line, how much arrived (at most what is still expected). Validated with the contracts'
// purchaseReceiptBody; the server makes the vendor bill and refuses on the field a line beyond what is
// expected or an order no longer open for receiving.
import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  itemsEndpoints,
  type PurchaseOrder,
  purchaseOrdersEndpoints,
  purchaseReceiptBody,
  stockMovesEndpoints,
  vendorBillsEndpoints,
  type z,
} from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { useMessage } from '../../lib/messages.ts';
import { useEndpointMutation } from '../../lib/queries.ts';

interface FormValues {
  vendorBillNo: string;
  date: string;
  dueDate: string;
  lines: Array<{ position: string; quantity: string }>;
}
type Parsed = z.output<typeof purchaseReceiptBody>;

export function ReceiveOrderDialog({ order, open, onClose }: { order: PurchaseOrder; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const titleId = useId();
  const defaults = (): FormValues => ({
    vendorBillNo: '',
    date: todayIso(),
    dueDate: '',
    lines: order.lines.map((l) => ({ position: String(l.position), quantity: l.outstanding })),
  });
  const form = useForm<FormValues, unknown, Parsed>({
    mode: 'onTouched',
    resolver: zodResolver(purchaseReceiptBody) as unknown as Resolver<FormValues, unknown, Parsed>,
    defaultValues: defaults(),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on the order as it is now
  useEffect(() => {
    if (open) form.reset(defaults());
  }, [open]);
  const control = form.control as unknown as Control<FormValues>;
  const receive = useEndpointMutation(purchaseOrdersEndpoints.receive, {
    invalidate: [
      purchaseOrdersEndpoints.list,
      purchaseOrdersEndpoints.get,
      vendorBillsEndpoints.list,
      vendorBillsEndpoints.get,
      itemsEndpoints.list,
      stockMovesEndpoints.list,
    ],
    setError: form.setError,
    successMessage: false,
    onSuccess: () => {
      toast(t('purchases.orders.received'), 'success');
      onClose();
    },
  });
  const submit = form.handleSubmit((body) => receive.mutate({ params: { id: order.id }, body }));
  const linesError = form.formState.errors.lines?.message ?? form.formState.errors.lines?.root?.message;
  return (
    <Dialog open={open} onClose={receive.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('purchases.orders.receiveTitle', { number: order.number })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>{t('purchases.orders.receiveText')}</DialogContentText>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField control={control} name="vendorBillNo" label={t('purchases.field.vendorBillNo')} required autoFocus fullWidth />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <FormTextField control={control} name="date" label={t('purchases.field.date')} type="date" required fullWidth />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <FormTextField
                control={control}
                name="dueDate"
                label={t('purchases.field.dueDate')}
                type="date"
                helperText={t('purchases.field.dueDateHelp')}
                fullWidth
              />
            </Grid>
          </Grid>
          <Table size="small" sx={{ mt: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('purchases.line.item')}</TableCell>
                <TableCell align="right">{t('purchases.line.ordered')}</TableCell>
                <TableCell align="right">{t('purchases.line.received')}</TableCell>
                <TableCell align="right">{t('purchases.line.outstanding')}</TableCell>
                <TableCell sx={{ width: 150 }}>{t('purchases.line.toReceive')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.lines.map((l, i) => (
                <TableRow key={l.position}>
                  <TableCell>{l.itemCode ? `${l.itemCode} · ${l.itemName}` : l.description}</TableCell>
                  <TableCell align="right">{l.quantity}</TableCell>
                  <TableCell align="right">{l.received}</TableCell>
                  <TableCell align="right">{l.outstanding}</TableCell>
                  <TableCell>
                    <FormTextField
                      control={control}
                      name={`lines.${i}.quantity`}
                      size="small"
                      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${t('purchases.line.toReceive')} ${l.position}` } }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {linesError && <FormHelperText error>{message(linesError)}</FormHelperText>}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={receive.isPending}>
            {t('purchases.close')}
          </Button>
          <Button type="submit" variant="contained" disabled={receive.isPending}>
            {t('purchases.orders.receive')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
