// /vendors/credit-purchase/:id and /vendors/cash-purchase/:id: one purchase: vendor, numbers, dates, branch,
// the account paid from, its order, each line with the account it was posted to and what was returned, the
// totals with what is paid and open. Return items (opens the return form on it), cancel (by reversal).
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
import UndoIcon from '@mui/icons-material/Undo';
import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import {
  cashPurchasesEndpoints,
  itemsEndpoints,
  purchaseOrdersEndpoints,
  purchasePrintEndpoints,
  stockMovesEndpoints,
  vendorBillsEndpoints,
} from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDetailQuery } from '../../lib/queries.ts';
import { purchasesPrivileges as p } from './purchases.access.ts';
import { Detail, PrintButton, PurchaseStatusChip } from './PurchaseParts.tsx';
import { TradeTotals } from '../../components/TradeLinesEditor.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';

export default function PurchasePage({ kind }: { kind: 'bill' | 'cash' }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const endpoints = kind === 'bill' ? vendorBillsEndpoints : cashPurchasesEndpoints;
  const doc = useDetailQuery(endpoints.get, id);
  const [cancelling, setCancelling] = useState(false);
  if (doc.isError) return <Alert severity="error">{t('api.genericError')}</Alert>;
  if (!doc.data) return <Skeleton variant="rounded" height={240} />;
  const d = doc.data;
  const posted = d.status === 'Posted';
  return (
    <>
      <PageHeader
        title={`${t(`purchases.kind.${kind}`)} ${d.number}`}
        subtitle={d.vendorName}
        actions={
          <Stack direction="row" spacing={1}>
            <PrintButton endpoint={kind === 'bill' ? purchasePrintEndpoints.billPdf : purchasePrintEndpoints.cashPurchasePdf} id={d.id} />
            {posted && can(p.ret) && (
              <Button variant="outlined" startIcon={<KeyboardReturnIcon />} onClick={() => navigate(`/vendors/purchase-return/new?purchaseId=${d.id}`)}>
                {t('purchases.document.returnItems')}
              </Button>
            )}
            {posted && (
              <Button variant="outlined" color="error" startIcon={<UndoIcon />} onClick={() => setCancelling(true)}>
                {t('purchases.document.cancel')}
              </Button>
            )}
          </Stack>
        }
      />
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Grid container spacing={2}>
          <Detail label={t('purchases.field.status')}>
            <PurchaseStatusChip status={d.shownStatus} />
          </Detail>
          <Detail label={t('purchases.field.vendor')}>
            {d.vendorNumber} · {d.vendorName}
          </Detail>
          <Detail label={t('purchases.field.vendorBillNo')}>{d.vendorBillNo ?? '—'}</Detail>
          <Detail label={t('purchases.field.branch')}>{d.branchName}</Detail>
          <Detail label={t('purchases.field.date')}>
            <DateText value={d.date} />
          </Detail>
          {kind === 'bill' ? (
            <Detail label={t('purchases.field.dueDate')}>
              <DateText value={d.dueDate} />
            </Detail>
          ) : (
            <Detail label={t('purchases.field.paymentAccount')}>{d.paymentAccountName}</Detail>
          )}
          <Detail label={t('purchases.field.order')}>{d.orderId ? <RouterLink to={`/vendors/orders/${d.orderId}`}>{d.orderNumber}</RouterLink> : '—'}</Detail>
          <Detail label={t('purchases.field.createdBy')}>{d.createdByName ?? '—'}</Detail>
          {d.notes && <Detail label={t('purchases.field.notes')}>{d.notes}</Detail>}
          {d.cancelReason && <Detail label={t('purchases.field.reason')}>{d.cancelReason}</Detail>}
        </Grid>
        <Table size="small" sx={{ mt: 3 }} aria-label={t('purchases.document.lines')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('purchases.line.item')}</TableCell>
              <TableCell>{t('purchases.line.postedTo')}</TableCell>
              <TableCell align="right">{t('purchases.line.quantity')}</TableCell>
              <TableCell align="right">{t('purchases.line.unitPrice')}</TableCell>
              <TableCell align="right">{t('purchases.line.discountPercent')}</TableCell>
              <TableCell align="right">{t('purchases.line.taxPercent')}</TableCell>
              <TableCell align="right">{t('purchases.line.returned')}</TableCell>
              <TableCell align="right">{t('purchases.line.total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {d.lines.map((l) => (
              <TableRow key={l.position}>
                <TableCell>
                  {l.itemCode ? `${l.itemCode} · ${l.itemName}` : ''}
                  {l.description ? <div>{l.description}</div> : null}
                </TableCell>
                <TableCell>
                  {l.postedAccountCode} {l.postedAccountName}
                </TableCell>
                <TableCell align="right">{l.quantity}</TableCell>
                <TableCell align="right">
                  <MoneyText value={l.unitPrice} />
                </TableCell>
                <TableCell align="right">{l.discountPercent}</TableCell>
                <TableCell align="right">{l.taxPercent}</TableCell>
                <TableCell align="right">{l.returnedQuantity === '0' ? '—' : l.returnedQuantity}</TableCell>
                <TableCell align="right">
                  <MoneyText value={l.total} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TradeTotals
          rows={[
            { label: t('purchases.field.subtotal'), value: d.subtotal },
            { label: t('purchases.field.discount'), value: d.discount },
            { label: t('purchases.field.tax'), value: d.tax },
            { label: t('purchases.field.total'), value: d.total, bold: true },
            ...(d.returned !== '0.00' ? [{ label: t('purchases.field.returned'), value: d.returned }] : []),
            ...(kind === 'bill'
              ? [
                  { label: t('purchases.field.paid'), value: d.paid },
                  { label: t('purchases.field.open'), value: d.open, bold: true },
                ]
              : []),
          ]}
        />
      </Paper>
      <ReasonDialog
        document={cancelling ? { id: d.id, number: d.number } : null}
        reasonLabel={t('purchases.reason')}
        endpoint={endpoints.cancel}
        title={t('purchases.document.cancelTitle', { number: d.number })}
        text={t('purchases.document.cancelText')}
        action={t('purchases.document.cancel')}
        done={t('purchases.document.cancelled', { number: d.number })}
        invalidate={[endpoints.list, endpoints.get, purchaseOrdersEndpoints.get, itemsEndpoints.list, stockMovesEndpoints.list]}
        onClose={() => setCancelling(false)}
      />
    </>
  );
}
