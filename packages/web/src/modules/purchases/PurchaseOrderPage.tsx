// /vendors/orders/:id: one purchase order: vendor, dates, branch, notes, who approved or closed it and when,
// each line's ordered, received, billed and still expected quantities, and the vendor bills its receipts
// made. Edit and approve a draft; receive (part or whole) an approved one; close it short; cancel it while
// nothing was received.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { purchaseOrdersEndpoints, purchasePrintEndpoints } from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';
import { useDetailQuery, useEndpointMutation } from '../../lib/queries.ts';
import { Detail, PrintButton, PurchaseStatusChip } from './PurchaseParts.tsx';
import { TradeTotals } from '../../components/TradeLinesEditor.tsx';
import { ReceiveOrderDialog } from './ReceiveOrderDialog.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { EmailDocumentButton } from '../email/index.ts';

export default function PurchaseOrderPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const order = useDetailQuery(purchaseOrdersEndpoints.get, id);
  const [dialog, setDialog] = useState<'receive' | 'close' | 'cancel' | null>(null);
  const approve = useEndpointMutation(purchaseOrdersEndpoints.approve, {
    invalidate: [purchaseOrdersEndpoints.list, purchaseOrdersEndpoints.get],
    successMessage: false,
    onSuccess: (o) => toast(t('purchases.orders.approved', { number: o.number }), 'success'),
  });
  if (order.isError) return <Alert severity="error">{t('api.genericError')}</Alert>;
  if (!order.data) return <Skeleton variant="rounded" height={240} />;
  const o = order.data;
  const when = (iso: string | null) => formatDateTime(iso, lang);
  const open = o.status === 'Approved' || o.status === 'PartlyReceived';
  return (
    <>
      <PageHeader
        title={`${t('purchases.field.order')} ${o.number}`}
        subtitle={o.vendorName}
        actions={
          <Stack direction="row" spacing={1}>
            <PrintButton endpoint={purchasePrintEndpoints.orderPdf} id={o.id} />
            <EmailDocumentButton document="purchase_order" id={o.id} number={o.number} />
            {o.status === 'Draft' && (
              <>
                <Button variant="outlined" onClick={() => navigate(`/vendors/orders/${o.id}/edit`)}>
                  {t('purchases.orders.edit')}
                </Button>
                <Button variant="contained" disabled={approve.isPending} onClick={() => approve.mutate({ params: { id: o.id } })}>
                  {t('purchases.orders.approve')}
                </Button>
              </>
            )}
            {open && (
              <>
                <Button variant="contained" onClick={() => setDialog('receive')}>
                  {t('purchases.orders.receive')}
                </Button>
                <Button variant="outlined" onClick={() => setDialog('close')}>
                  {t('purchases.orders.close')}
                </Button>
              </>
            )}
            {(o.status === 'Draft' || o.status === 'Approved') && (
              <Button variant="outlined" color="error" onClick={() => setDialog('cancel')}>
                {t('purchases.orders.cancel')}
              </Button>
            )}
          </Stack>
        }
      />
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Grid container spacing={2}>
          <Detail label={t('purchases.field.status')}>
            <PurchaseStatusChip status={o.status} />
          </Detail>
          <Detail label={t('purchases.field.vendor')}>
            {o.vendorNumber} · {o.vendorName}
          </Detail>
          <Detail label={t('purchases.field.date')}>
            <DateText value={o.date} />
          </Detail>
          <Detail label={t('purchases.field.expectedDate')}>
            <DateText value={o.expectedDate} />
          </Detail>
          <Detail label={t('purchases.field.branch')}>{o.branchName}</Detail>
          <Detail label={t('purchases.field.createdBy')}>{o.createdByName ?? '—'}</Detail>
          {o.notes && <Detail label={t('purchases.field.notes')}>{o.notes}</Detail>}
        </Grid>
        {o.approvedAt && (
          <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
            {t('purchases.orders.approvedBy', { name: o.approvedByName ?? '', date: when(o.approvedAt) })}
          </Typography>
        )}
        {o.closedAt && (
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
            {t('purchases.orders.closedText', { name: o.closedByName ?? '', date: when(o.closedAt), reason: o.closeReason ?? '' })}
          </Typography>
        )}
        <Table size="small" sx={{ mt: 3 }} aria-label={t('purchases.document.lines')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('purchases.line.item')}</TableCell>
              <TableCell align="right">{t('purchases.line.unitPrice')}</TableCell>
              <TableCell align="right">{t('purchases.line.ordered')}</TableCell>
              <TableCell align="right">{t('purchases.line.received')}</TableCell>
              <TableCell align="right">{t('purchases.line.billed')}</TableCell>
              <TableCell align="right">{t('purchases.line.outstanding')}</TableCell>
              <TableCell align="right">{t('purchases.line.total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {o.lines.map((l) => (
              <TableRow key={l.position} data-testid={`order-line-${l.position}`}>
                <TableCell>
                  {l.itemCode ? `${l.itemCode} · ${l.itemName}` : ''}
                  {l.description ? <div>{l.description}</div> : null}
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={l.unitPrice} />
                </TableCell>
                <TableCell align="right">{l.quantity}</TableCell>
                <TableCell align="right">{l.received}</TableCell>
                <TableCell align="right">{l.billed}</TableCell>
                <TableCell align="right">{l.outstanding}</TableCell>
                <TableCell align="right">
                  <MoneyText value={l.total} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TradeTotals
          rows={[
            { label: t('purchases.field.subtotal'), value: o.subtotal },
            { label: t('purchases.field.discount'), value: o.discount },
            { label: t('purchases.field.tax'), value: o.tax },
            { label: t('purchases.field.total'), value: o.total, bold: true },
          ]}
        />
        <Typography variant="subtitle2" sx={{ mt: 3 }}>
          {t('purchases.orders.bills')}
        </Typography>
        {o.bills.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('purchases.orders.noBills')}
          </Typography>
        ) : (
          <Table size="small">
            <TableBody>
              {o.bills.map((b) => (
                <TableRow key={b.id}>
                  <TableCell>
                    <RouterLink to={`/vendors/credit-purchase/${b.id}`}>{b.number}</RouterLink>
                  </TableCell>
                  <TableCell>{b.vendorBillNo}</TableCell>
                  <TableCell>
                    <DateText value={b.date} />
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={b.total} />
                  </TableCell>
                  <TableCell>
                    <PurchaseStatusChip status={b.status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
      <ReceiveOrderDialog order={o} open={dialog === 'receive'} onClose={() => setDialog(null)} />
      <ReasonDialog
        document={dialog === 'close' || dialog === 'cancel' ? { id: o.id, number: o.number } : null}
        reasonLabel={t('purchases.reason')}
        endpoint={dialog === 'cancel' ? purchaseOrdersEndpoints.cancel : purchaseOrdersEndpoints.close}
        title={t(dialog === 'cancel' ? 'purchases.orders.cancelTitle' : 'purchases.orders.closeTitle', { number: o.number })}
        text={t(dialog === 'cancel' ? 'purchases.orders.cancelText' : 'purchases.orders.closeText')}
        action={t(dialog === 'cancel' ? 'purchases.orders.cancel' : 'purchases.orders.close')}
        done={t('purchases.orders.closedMessage', { number: o.number })}
        invalidate={[purchaseOrdersEndpoints.list, purchaseOrdersEndpoints.get]}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
