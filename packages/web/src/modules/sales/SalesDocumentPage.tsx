// /customers/<kind>/:id: one sales document: its customer, dates, branch, account, the document it comes
// from or led to, its lines (a sale's with what was returned), totals, what was paid and what is still
// due; Print opens its PDF; Cancel (with a reason); a quotation converts into an invoice in one click; an
// invoice opens Receive payment for its customer; a sale opens a return of it.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { type SalesDocument, type SalesKind, quotationsEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, callEndpoint, toast } from '../../lib/api.ts';
import { useDetailQuery, useEndpointMutation } from '../../lib/queries.ts';
import { CancelSalesDialog } from './CancelSalesDialog.tsx';
import { salesPrivileges as p } from './sales.access.ts';
import { commonEndpoints, kinds } from './sales.kinds.ts';
import { SalesStatusChip } from './SalesStatusChip.tsx';
import { TradeTotals } from '../../components/TradeLinesEditor.tsx';
import { EmailDocumentButton } from '../email/index.ts';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
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

export default function SalesDocumentPage({ kind }: { kind: SalesKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { id } = useParams();
  const doc = useDetailQuery(commonEndpoints(kind).get, id);
  const [cancelling, setCancelling] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [convertError, setConvertError] = useState<string | null>(null);
  const convert = useEndpointMutation(quotationsEndpoints.convert, {
    successMessage: false,
    onSuccess: (inv) => {
      toast(t('sales.action.converted', { number: inv.number }), 'success');
      navigate(`${kinds.invoice.path}/${inv.id}`);
    },
  });
  const d = doc.data as SalesDocument | undefined;
  const print = async () => {
    if (!d) return;
    setPrinting(true);
    try {
      const blob = (await callEndpoint(commonEndpoints(kind).pdf, { params: { id: d.id } })) as Blob;
      window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    } catch {
      // The api client has told the user why.
    } finally {
      setPrinting(false);
    }
  };
  if (!d) return <Skeleton variant="rounded" height={320} />;
  const posted = d.status === 'Posted' || d.status === 'Open';
  const isSale = kind === 'invoice' || kind === 'receipt';

  return (
    <>
      <PageHeader
        title={`${t(`sales.kind.${kind}.one`)} ${d.number}`}
        subtitle={`${d.customerName} · ${d.customerNo}`}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Button variant="outlined" startIcon={<PictureAsPdfIcon />} onClick={print} disabled={printing}>
              {t('sales.action.print')}
            </Button>
            {(kind === 'invoice' || kind === 'receipt') && <EmailDocumentButton document={kind} id={d.id} number={d.number} />}
            {kind === 'quotation' && d.shownStatus === 'Open' && can(p.invoice) && (
              <Button
                variant="contained"
                onClick={() => {
                  setConvertError(null);
                  convert.mutate(
                    { params: { id: d.id }, body: {} },
                    // Not enough in stock now, an item made inactive: the refusals, in words, above the page.
                    { onError: (err) => err instanceof ApiError && setConvertError(err.details.map((x) => x.message).join(' ') || err.message) },
                  );
                }}
                disabled={convert.isPending}
              >
                {t('sales.action.convert')}
              </Button>
            )}
            {kind === 'invoice' && d.status === 'Posted' && Number(d.balance) > 0 && can(p.receivePayment) && (
              <Button variant="contained" onClick={() => navigate(`/customers/payment?customerId=${d.customerId}`)}>
                {t('sales.action.receivePayment')}
              </Button>
            )}
            {isSale && d.status === 'Posted' && can(p.return) && (
              <Button variant="outlined" onClick={() => navigate(`${kinds.return.path}/new?saleId=${d.id}`)}>
                {t('sales.action.makeReturn')}
              </Button>
            )}
            {posted && d.shownStatus !== 'Accepted' && (
              <Button color="error" onClick={() => setCancelling(true)}>
                {t('sales.action.cancel')}
              </Button>
            )}
          </Stack>
        }
      />
      {convertError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {convertError}
        </Alert>
      )}
      {d.status === 'Cancelled' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('sales.status.Cancelled')}: {d.cancelReason}
        </Alert>
      )}
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Grid container spacing={2}>
          <Fact label={t('sales.field.status')}>
            <SalesStatusChip status={d.shownStatus} />
          </Fact>
          <Fact label={t('sales.field.date')}>
            <DateText value={d.date} />
          </Fact>
          {d.dueDate && (
            <Fact label={t('sales.field.dueDate')}>
              <DateText value={d.dueDate} />
            </Fact>
          )}
          {d.validUntil && (
            <Fact label={t('sales.field.validUntil')}>
              <DateText value={d.validUntil} />
            </Fact>
          )}
          {d.branchName && <Fact label={kind === 'return' ? t('sales.field.branchBack') : t('sales.field.branch')}>{d.branchName}</Fact>}
          {d.accountName && <Fact label={kind === 'return' ? t('sales.field.refundAccount') : t('sales.field.account')}>{d.accountName}</Fact>}
          {d.reference && <Fact label={t('sales.field.reference')}>{d.reference}</Fact>}
          {d.quotation && (
            <Fact label={t('sales.kind.quotation.title')}>
              <Link component={RouterLink} to={`${kinds.quotation.path}/${d.quotation.id}`}>
                {d.quotation.number}
              </Link>
            </Fact>
          )}
          {d.invoice && (
            <Fact label={t('sales.kind.invoice.title')}>
              <Link component={RouterLink} to={`${kinds.invoice.path}/${d.invoice.id}`}>
                {d.invoice.number}
              </Link>
            </Fact>
          )}
          {d.sale && (
            <Fact label={t('sales.field.sale')}>
              <Link component={RouterLink} to={`${kinds[d.sale.kind].path}/${d.sale.id}`}>
                {d.sale.number}
              </Link>
            </Fact>
          )}
          {d.notes && <Fact label={kind === 'return' ? t('sales.field.reason') : t('sales.field.notes')}>{d.notes}</Fact>}
        </Grid>
        <Table size="small" sx={{ mt: 3 }} aria-label={t('sales.page.lines')}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{t('sales.line.item')}</TableCell>
              <TableCell align="right">{t('sales.line.quantity')}</TableCell>
              {isSale && <TableCell align="right">{t('sales.line.returned')}</TableCell>}
              <TableCell align="right">{t('sales.line.unitPrice')}</TableCell>
              <TableCell align="right">{t('sales.totals.discount')}</TableCell>
              <TableCell align="right">{t('sales.totals.tax')}</TableCell>
              <TableCell align="right">{t('sales.line.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {d.lines.map((l) => (
              <TableRow key={l.position}>
                <TableCell>{l.position}</TableCell>
                <TableCell>{[l.itemCode && `${l.itemCode} ${l.itemName}`, l.description].filter(Boolean).join(' — ')}</TableCell>
                <TableCell align="right">{l.quantity}</TableCell>
                {isSale && <TableCell align="right">{l.returnedQuantity ?? '0'}</TableCell>}
                <TableCell align="right">
                  <MoneyText value={l.unitPrice} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={l.discount} />
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
          testId="document-totals"
          rows={[
            { label: t('sales.totals.subtotal'), value: d.subtotal },
            { label: t('sales.totals.discount'), value: d.discount },
            { label: t('sales.totals.tax'), value: d.tax },
            { label: t('sales.totals.total'), value: d.total, bold: true },
            ...(kind === 'invoice'
              ? [
                  { label: t('sales.totals.paid'), value: d.paid },
                  { label: t('sales.totals.balance'), value: d.balance, bold: true },
                ]
              : []),
          ]}
        />
        {d.createdByName && (
          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 2 }}>
            {t('sales.page.createdBy', { name: d.createdByName })}
          </Typography>
        )}
      </Paper>
      <Box sx={{ mt: 2 }}>
        <Button onClick={() => navigate(kinds[kind].path)}>{t('sales.action.back')}</Button>
      </Box>
      <CancelSalesDialog
        kind={kind}
        document={cancelling ? { id: d.id, number: d.number } : null}
        onClose={() => {
          setCancelling(false);
          void doc.refetch();
        }}
      />
    </>
  );
}
