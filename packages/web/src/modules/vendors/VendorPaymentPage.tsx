// /vendors/payments/:id: a vendor payment as its voucher: the organisation, the voucher number and date,
// the vendor paid, the amount, the account and method, the bills it settled and what is left as the
// vendor's credit, the journal entry (and its reversal when cancelled), and lines to sign. Print gives the
// voucher on paper, PDF the server's voucher (document-print); Cancel reverses it.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import BlockIcon from '@mui/icons-material/Block';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { vendorPaymentsEndpoints } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { NO_PRINT, PrintStyles } from '../../components/PrintStyles.tsx';
import { downloadEndpoint } from '../../lib/api.ts';
import { useDetailQuery } from '../../lib/queries.ts';
import { CancelVendorPaymentDialog } from './CancelVendorPaymentDialog.tsx';
import { PaymentStatusChip } from './PaymentStatusChip.tsx';
import { billKind } from './VendorPage.tsx';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 6, md: 4 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Grid>
  );
}

export default function VendorPaymentPage() {
  const { t } = useTranslation();
  const session = useSession();
  const id = Number(useParams().id);
  const payment = useDetailQuery(vendorPaymentsEndpoints.get, id);
  const [cancelling, setCancelling] = useState(false);
  if (payment.isError) return <Alert severity="error">{t('api.genericError')}</Alert>;
  if (!payment.data) return <Skeleton variant="rounded" height={320} />;
  const p = payment.data;
  return (
    <>
      <PrintStyles page={{ size: 'A4', margin: '14mm' }} />
      <Stack direction="row" spacing={1} className={NO_PRINT} sx={{ mb: 2, justifyContent: 'flex-end' }}>
        {p.status === 'Posted' && (
          <Button color="error" variant="outlined" startIcon={<BlockIcon />} onClick={() => setCancelling(true)}>
            {t('vendors.payments.cancel')}
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfIcon />}
          onClick={() => void downloadEndpoint(vendorPaymentsEndpoints.voucherPdf, { params: { id: p.id } }, `payment-voucher-${p.number}.pdf`)}
        >
          {t('vendors.payments.pdf')}
        </Button>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {t('vendors.payments.print')}
        </Button>
      </Stack>
      <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 900, mx: 'auto' }} data-testid="payment-voucher">
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 3 }}>
          <Box>
            <Typography variant="h6" component="p">
              {session.user?.clientName}
            </Typography>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {t('vendors.payments.voucher')}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="h6" component="p" data-testid="voucher-number">
              {p.number}
            </Typography>
            <DateText value={p.date} />
            <Box sx={{ mt: 1 }}>
              <PaymentStatusChip status={p.status} />
            </Box>
          </Box>
        </Stack>
        <Grid container spacing={2} sx={{ mb: 3 }}>
          <Fact label={t('vendors.payments.paidTo')}>{`${p.vendor.number} · ${p.vendor.name}`}</Fact>
          <Fact label={t('vendors.pay.amount')}>
            <Typography variant="h6" component="span">
              <MoneyText value={p.amount} />
            </Typography>
          </Fact>
          <Fact label={t('vendors.pay.account')}>{`${p.account.code} · ${p.account.name}`}</Fact>
          <Fact label={t('vendors.pay.method')}>{t(`vendors.pay.methods.${p.method}`)}</Fact>
          <Fact label={t('vendors.pay.reference')}>{p.reference ?? '—'}</Fact>
          <Fact label={t('vendors.payments.entry')}>
            {p.entryNumber}
            {p.reversalEntryNumber ? ` · ${t('vendors.payments.reversal')} ${p.reversalEntryNumber}` : ''}
          </Fact>
          {p.memo && <Fact label={t('vendors.pay.memo')}>{p.memo}</Fact>}
          {p.cancelReason && <Fact label={t('vendors.payments.cancelReason')}>{p.cancelReason}</Fact>}
        </Grid>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {t('vendors.payments.bills')}
        </Typography>
        <Table size="small" sx={{ mb: 3 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('vendors.bill.number')}</TableCell>
              <TableCell>{t('vendors.col.kind')}</TableCell>
              <TableCell>{t('vendors.bill.date')}</TableCell>
              <TableCell align="right">{t('vendors.bill.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {p.allocations.map((a) => (
              <TableRow key={a.openItemId}>
                <TableCell>{a.number}</TableCell>
                <TableCell>{billKind(a.kind, t)}</TableCell>
                <TableCell>
                  <DateText value={a.date} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={a.amount} />
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
                {t('vendors.payments.unallocated')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="voucher-unallocated">
                <MoneyText value={p.unallocated} />
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
        <Grid container spacing={4} sx={{ mt: 6 }}>
          {[t('vendors.payments.preparedBy'), t('vendors.payments.approvedBy'), t('vendors.payments.receivedBy')].map((label) => (
            <Grid key={label} size={4}>
              <Box sx={{ borderTop: '1px solid', borderColor: 'text.secondary', pt: 0.5 }}>
                <Typography variant="caption">{label}</Typography>
              </Box>
              {label === t('vendors.payments.preparedBy') && <Typography variant="body2">{p.createdBy ?? ''}</Typography>}
            </Grid>
          ))}
        </Grid>
      </Paper>
      <CancelVendorPaymentDialog payment={cancelling ? p : null} onClose={() => setCancelling(false)} />
    </>
  );
}
