// /customers/bills/:id: one bill in full (GET /api/bills/:id): the customer and house, the meter with
// the readings billed, the tariff lines that make the amount, the previous balance and the amount due,
// the run it belongs to and its ledger entry; Print opens the printable bill, PDF downloads the
// server's PDF of it.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { billPrintEndpoints } from '@ubo/contracts';
import { useSession } from '../../app/session.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { BillStatusChip, BreakdownTable, usePeriodText } from './BillingParts.tsx';
import { usePdfDownload } from './BillListPage.tsx';
import { useBill } from './billing-runs.queries.ts';
import { DocumentGate } from '../../components/DocumentGate.tsx';
import { EmailDocumentButton } from '../email/index.ts';

/** The bill id of the route, or null when it is not one. */
export function useBillId(): number | null {
  const { id } = useParams();
  return id && /^[1-9]\d{0,14}$/.test(id) ? Number(id) : null;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper sx={{ p: 2, height: '100%' }} component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" sx={{ color: 'text.secondary', textTransform: 'uppercase', letterSpacing: 0.5, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Line({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ justifyContent: 'space-between', py: 0.5, fontWeight: strong ? 700 : undefined, fontSize: strong ? '1.1rem' : undefined }}
    >
      <Box component="span" sx={{ color: strong ? undefined : 'text.secondary' }}>
        {label}
      </Box>
      <Box component="span" sx={{ textAlign: 'right' }}>
        {children}
      </Box>
    </Stack>
  );
}

export default function BillPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const periodText = usePeriodText();
  const id = useBillId();
  const bill = useBill(id);
  const pdf = usePdfDownload();
  const back = (
    <Button component={RouterLink} to="/customers/bills" startIcon={<ArrowBackIcon />}>
      {t('billingRuns.bill.back')}
    </Button>
  );

  return (
    <DocumentGate
      id={id}
      queries={[bill]}
      data={bill.data}
      title={t('billingRuns.bills.title')}
      back={back}
      notFound={t('billingRuns.bill.notFound')}
      loadFailed={t('billingRuns.bill.loadFailed')}
      height={420}
    >
      {(b) => {
        return (
          <>
            <PageHeader
              title={t('billingRuns.bill.title', { number: b.number })}
              subtitle={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
                  <BillStatusChip status={b.status} />
                  <span>
                    {t(`billingRuns.services.${b.service}`)} · {periodText(b.period)} · {b.zoneName}
                  </span>
                </Stack>
              }
              actions={
                <>
                  {back}
                  <Button
                    variant="outlined"
                    startIcon={<PictureAsPdfIcon />}
                    disabled={pdf.isBusy}
                    onClick={() => void pdf.download(billPrintEndpoints.billPdf, { params: { id: b.id } }, `bill-${b.number}.pdf`)}
                  >
                    {t('billingRuns.bills.pdf')}
                  </Button>
                  <EmailDocumentButton document="bill" id={b.id} number={b.number} />
                  <Button variant="contained" component={RouterLink} to={`/customers/bills/${b.id}/print`} startIcon={<PrintIcon />}>
                    {t('billingRuns.bills.print')}
                  </Button>
                </>
              }
            />
            {b.status === 'Cancelled' && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {t('billingRuns.bill.cancelledNotice')}
              </Alert>
            )}
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 4 }}>
                <Card title={t('billingRuns.bill.customer')}>
                  <Typography variant="h6" component="p">
                    {b.customer.name}
                  </Typography>
                  <Line label={t('billingRuns.bill.customerNo')}>{b.customer.customerNo}</Line>
                  <Line label={t('billingRuns.bill.phone')}>{b.customer.phone}</Line>
                  {b.customer.address && <Line label={t('billingRuns.bill.address')}>{b.customer.address}</Line>}
                </Card>
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <Card title={t('billingRuns.bill.house')}>
                  <Typography variant="h6" component="p">
                    {b.house.houseNo ?? `#${b.house.id}`}
                  </Typography>
                  {b.house.address && <Line label={t('billingRuns.bill.address')}>{b.house.address}</Line>}
                  <Line label={t('billingRuns.zone')}>{b.zoneName}</Line>
                  <Line label={t('billingRuns.meter')}>{b.meter?.meterNumber ?? '—'}</Line>
                </Card>
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <Card title={t('billingRuns.bill.summary')}>
                  <Line label={t('billingRuns.bill.thisBill')}>
                    <MoneyText value={b.amount} />
                  </Line>
                  <Line label={t('billingRuns.bills.previousBalance')}>
                    <MoneyText value={b.previousBalance} />
                  </Line>
                  <Line label={t('billingRuns.bills.amountDue')} strong>
                    <span data-testid="bill-amount-due">
                      <MoneyText value={b.amountDue} />
                    </span>
                  </Line>
                  <Line label={t('billingRuns.bills.paid')}>
                    <MoneyText value={b.paidAmount} />
                  </Line>
                  <Line label={t('billingRuns.bills.billDate')}>
                    <DateText value={b.billDate} />
                  </Line>
                  <Line label={t('billingRuns.bills.dueDate')}>
                    <DateText value={b.dueDate} />
                  </Line>
                  <Line label={t('billingRuns.run.runs.number')}>
                    <Link component={RouterLink} to={`/customers/batch-bill?period=${b.period}&zoneId=${b.zoneId}`} underline="hover">
                      {t('billingRuns.bill.run', { id: b.runId })}
                    </Link>
                  </Line>
                  {b.journalEntryId !== null && (
                    <Line label={t('billingRuns.bill.journal')}>
                      {can('general-journal') ? (
                        <Link component={RouterLink} to={`/finance/general-journal/${b.journalEntryId}`} underline="hover">
                          #{b.journalEntryId}
                        </Link>
                      ) : (
                        `#${b.journalEntryId}`
                      )}
                    </Line>
                  )}
                </Card>
              </Grid>
              <Grid size={{ xs: 12, md: 5 }}>
                <Card title={t('billingRuns.bill.meterReadings')}>
                  <Line label={t('billingRuns.bill.previousReading')}>{b.previousReading}</Line>
                  <Line label={t('billingRuns.currentReading')}>{b.currentReading}</Line>
                  <Line label={t('billingRuns.consumption')} strong>
                    {t('billingRuns.units', { value: b.consumption })}
                  </Line>
                  {b.readings.length > 0 && (
                    <Table size="small" aria-label={t('billingRuns.bill.readingsOfPeriod')} sx={{ mt: 1 }}>
                      <TableHead>
                        <TableRow>
                          <TableCell>{t('billingRuns.readings.pending.date')}</TableCell>
                          <TableCell>{t('billingRuns.type')}</TableCell>
                          <TableCell align="right">{t('billingRuns.bill.reading')}</TableCell>
                          <TableCell align="right">{t('billingRuns.consumption')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {b.readings.map((r) => (
                          <TableRow key={r.id}>
                            <TableCell sx={{ whiteSpace: 'nowrap' }}>
                              <DateText value={r.readingDate} />
                            </TableCell>
                            <TableCell>{t(`billingRuns.types.${r.type}`, { defaultValue: r.type })}</TableCell>
                            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                              {r.previousReading} → {r.currentReading}
                            </TableCell>
                            <TableCell align="right">{r.consumption}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  )}
                </Card>
              </Grid>
              <Grid size={{ xs: 12, md: 7 }}>
                <Card title={t('billingRuns.bill.breakdown')}>
                  <BreakdownTable lines={b.lines} subtotal={b.subtotal} tax={b.tax} amount={b.amount} label={t('billingRuns.bill.breakdown')} />
                </Card>
              </Grid>
            </Grid>
          </>
        );
      }}
    </DocumentGate>
  );
}
