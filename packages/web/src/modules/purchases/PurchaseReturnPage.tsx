// /vendors/purchase-return/:id: one purchase return: its purchase, vendor, date, reason, refund account, the
// lines sent back with what each took off, and cancel (by reversal: the items come back into stock).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import UndoIcon from '@mui/icons-material/Undo';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import {
  cashPurchasesEndpoints,
  itemsEndpoints,
  purchasePrintEndpoints,
  purchaseReturnsEndpoints,
  stockMovesEndpoints,
  vendorBillsEndpoints,
} from '@ubo/contracts';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDetailQuery } from '../../lib/queries.ts';
import { purchasePaths } from './purchases.access.ts';
import { Detail, PrintButton, PurchaseStatusChip } from './PurchaseParts.tsx';
import { TradeTotals } from '../../components/TradeLinesEditor.tsx';
import Stack from '@mui/material/Stack';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';

export default function PurchaseReturnPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const doc = useDetailQuery(purchaseReturnsEndpoints.get, id);
  const [cancelling, setCancelling] = useState(false);
  if (doc.isError) return <Alert severity="error">{t('api.genericError')}</Alert>;
  if (!doc.data) return <Skeleton variant="rounded" height={240} />;
  const d = doc.data;
  return (
    <>
      <PageHeader
        title={`${t('purchases.returns.title')} ${d.number}`}
        subtitle={d.vendorName}
        actions={
          <Stack direction="row" spacing={1}>
            <PrintButton endpoint={purchasePrintEndpoints.returnPdf} id={d.id} />
            {d.status === 'Posted' && (
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
            <PurchaseStatusChip status={d.status} />
          </Detail>
          <Detail label={t('purchases.returns.purchase')}>
            <RouterLink to={`${purchasePaths[d.purchaseKind]}/${d.purchaseId}`}>{d.purchaseNumber}</RouterLink>
          </Detail>
          <Detail label={t('purchases.field.date')}>
            <DateText value={d.date} />
          </Detail>
          <Detail label={t('purchases.field.branch')}>{d.branchName}</Detail>
          <Detail label={t('purchases.field.reason')}>{d.reason ?? '—'}</Detail>
          {d.refundAccountName && <Detail label={t('purchases.field.refundAccount')}>{d.refundAccountName}</Detail>}
          <Detail label={t('purchases.field.createdBy')}>{d.createdByName ?? '—'}</Detail>
          {d.cancelReason && <Detail label={t('purchases.document.cancel')}>{d.cancelReason}</Detail>}
        </Grid>
        <Table size="small" sx={{ mt: 3 }} aria-label={t('purchases.document.lines')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('purchases.line.item')}</TableCell>
              <TableCell>{t('purchases.line.postedTo')}</TableCell>
              <TableCell align="right">{t('purchases.line.quantity')}</TableCell>
              <TableCell align="right">{t('purchases.returns.amount')}</TableCell>
              <TableCell align="right">{t('purchases.field.tax')}</TableCell>
              <TableCell align="right">{t('purchases.field.total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {d.lines.map((l) => (
              <TableRow key={l.position}>
                <TableCell>{l.itemCode ? `${l.itemCode} · ${l.itemName}` : l.description}</TableCell>
                <TableCell>{l.accountCode}</TableCell>
                <TableCell align="right">{l.quantity}</TableCell>
                <TableCell align="right">
                  <MoneyText value={l.amount} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={l.tax} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={l.total} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TradeTotals
          rows={[
            { label: t('purchases.returns.amount'), value: d.amount },
            { label: t('purchases.field.tax'), value: d.tax },
            { label: t('purchases.field.total'), value: d.total, bold: true },
          ]}
        />
      </Paper>
      <ReasonDialog
        document={cancelling ? { id: d.id, number: d.number } : null}
        reasonLabel={t('purchases.reason')}
        endpoint={purchaseReturnsEndpoints.cancel}
        title={t('purchases.document.cancelTitle', { number: d.number })}
        text={t('purchases.returns.cancelText')}
        action={t('purchases.document.cancel')}
        done={t('purchases.document.cancelled', { number: d.number })}
        invalidate={[
          purchaseReturnsEndpoints.list,
          purchaseReturnsEndpoints.get,
          purchaseReturnsEndpoints.purchase,
          vendorBillsEndpoints.get,
          cashPurchasesEndpoints.get,
          itemsEndpoints.list,
          stockMovesEndpoints.list,
        ]}
        onClose={() => setCancelling(false)}
      />
    </>
  );
}
