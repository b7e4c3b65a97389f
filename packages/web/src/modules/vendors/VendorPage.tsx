// /vendors/:id: one vendor. Its details, what is owed to it (or its credit when overpaid), its open bills
// (unsettled payable items, oldest first, with days overdue), its payments and its statement. Edit and Pay
// bill from the header.
import { useMemo, useState } from 'react';
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
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { type VendorPayment, endpointPath, vendorsEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { PaymentStatusChip } from './PaymentStatusChip.tsx';
import { api } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';
import { useDetailQuery } from '../../lib/queries.ts';
import { vendorsPrivileges as p } from './vendors.access.ts';
import { VendorFormDialog } from './VendorFormDialog.tsx';
import { VendorStatement } from './VendorStatement.tsx';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
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

export function billKind(kind: string, t: (k: string) => string) {
  return kind === 'opening' || kind === 'vendor-bill' ? t(`vendors.bill.kind.${kind}`) : t('vendors.bill.kind.other');
}

export default function VendorPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const vendor = useDetailQuery(vendorsEndpoints.get, id);
  const bills = useQuery({
    queryKey: endpointKeys(vendorsEndpoints.openBills).detail({ id }),
    queryFn: ({ signal }) => api.call(vendorsEndpoints.openBills, { params: { id } }, { signal }),
  });
  const [editing, setEditing] = useState(false);

  const paymentColumns = useMemo<DataTableColumn<VendorPayment>[]>(
    () => [
      { field: 'number', header: t('vendors.payments.number') },
      { field: 'date', header: t('vendors.col.date'), render: (r) => <DateText value={r.date} /> },
      {
        field: 'account',
        header: t('vendors.pay.account'),
        sortable: false,
        render: (r) => `${r.account.code} · ${r.account.name}`,
        csv: (r) => r.account.code,
      },
      { field: 'reference', header: t('vendors.pay.reference'), sortable: false, render: (r) => r.reference ?? '—' },
      { field: 'amount', header: t('vendors.pay.amount'), align: 'right', render: (r) => <MoneyText value={r.amount} /> },
      { field: 'allocated', header: t('vendors.payments.allocated'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.allocated} /> },
      {
        field: 'status',
        header: t('vendors.field.status'),
        sortable: false,
        render: (r) => <PaymentStatusChip status={r.status} />,
        csv: (r) => t(`vendors.payments.status.${r.status}`),
      },
    ],
    [t],
  );

  if (vendor.isError) return <Alert severity="error">{t('api.genericError')}</Alert>;
  if (!vendor.data) return <Skeleton variant="rounded" height={240} />;
  const v = vendor.data;
  const overpaid = v.balance.startsWith('-');

  return (
    <>
      <PageHeader
        title={`${v.number} · ${v.name}`}
        subtitle={v.contactPerson ?? undefined}
        actions={
          <Stack direction="row" spacing={1}>
            {can(p.pay) && v.status === 'Active' && (
              <Button variant="contained" startIcon={<PaymentsOutlinedIcon />} onClick={() => navigate(`/vendors/pay-bill?vendorId=${v.id}`)}>
                {t('vendors.page.pay')}
              </Button>
            )}
            {can(p.transaction) && (
              <Button variant="outlined" startIcon={<ReceiptLongOutlinedIcon />} onClick={() => navigate(`/Sales-reports/vendor-transaction?vendorId=${v.id}`)}>
                {t('vendors.page.transactions')}
              </Button>
            )}
            {can(p.edit) && (
              <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
            )}
          </Stack>
        }
      />
      <Paper component="section" aria-label={t('vendors.page.title')} sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Grid container spacing={2}>
          <Detail label={overpaid ? t('vendors.page.credit') : t('vendors.page.balance')}>
            <Typography variant="h6" component="span" data-testid="vendor-balance">
              <MoneyText value={v.balance} negativeColor />
            </Typography>
          </Detail>
          <Detail label={t('vendors.field.status')}>
            <StatusChip status={v.status} />
          </Detail>
          <Detail label={t('vendors.field.phone')}>{v.phone ?? '—'}</Detail>
          <Detail label={t('vendors.field.email')}>{v.email ?? '—'}</Detail>
          <Detail label={t('vendors.field.address')}>{v.address ?? '—'}</Detail>
          <Detail label={t('vendors.field.taxNumber')}>{v.taxNumber ?? '—'}</Detail>
          <Detail label={t('vendors.field.paymentTermsDays')}>{v.paymentTermsDays}</Detail>
          <Detail label={t('vendors.field.defaultExpenseAccount')}>
            {v.defaultExpenseAccount ? `${v.defaultExpenseAccount.code} · ${v.defaultExpenseAccount.name}` : '—'}
          </Detail>
          <Detail label={t('vendors.field.openingBalance')}>
            {v.openingDate ? (
              <>
                <MoneyText value={v.openingBalance} /> · <DateText value={v.openingDate} />
              </>
            ) : (
              '—'
            )}
          </Detail>
          {v.notes && <Detail label={t('vendors.field.notes')}>{v.notes}</Detail>}
        </Grid>
      </Paper>

      <Paper component="section" aria-labelledby="vendor-open-bills" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Typography id="vendor-open-bills" variant="h6" component="h3" sx={{ mb: 1 }}>
          {t('vendors.page.openBillsTitle')}
        </Typography>
        {bills.data && bills.data.bills.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('vendors.page.openBillsEmpty')}
          </Typography>
        ) : (
          <Table size="small" aria-labelledby="vendor-open-bills">
            <TableHead>
              <TableRow>
                <TableCell>{t('vendors.bill.number')}</TableCell>
                <TableCell>{t('vendors.col.kind')}</TableCell>
                <TableCell>{t('vendors.bill.date')}</TableCell>
                <TableCell>{t('vendors.bill.dueDate')}</TableCell>
                <TableCell align="right">{t('vendors.bill.amount')}</TableCell>
                <TableCell align="right">{t('vendors.bill.settled')}</TableCell>
                <TableCell align="right">{t('vendors.bill.open')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(bills.data?.bills ?? []).map((b) => (
                <TableRow key={b.openItemId}>
                  <TableCell>{b.number}</TableCell>
                  <TableCell>{billKind(b.kind, t)}</TableCell>
                  <TableCell>
                    <DateText value={b.date} />
                  </TableCell>
                  <TableCell sx={{ color: b.daysOverdue > 0 ? 'error.main' : undefined }}>
                    <DateText value={b.dueDate} /> {b.daysOverdue > 0 ? `· ${t('vendors.page.days', { count: b.daysOverdue })}` : ''}
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={b.amount} />
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText value={b.settled} />
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    <MoneyText value={b.open} />
                  </TableCell>
                </TableRow>
              ))}
              {bills.data && (
                <TableRow>
                  <TableCell colSpan={6} sx={{ fontWeight: 600 }}>
                    {t('vendors.field.openBills')}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="vendor-open-total">
                    <MoneyText value={bills.data.openTotal} />
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        )}
      </Paper>

      <DataTable<VendorPayment>
        path={endpointPath(vendorsEndpoints.payments.path, { id }).replace(/^\/api\//, '')}
        title={t('vendors.page.paymentsTitle')}
        columns={paymentColumns}
        searchable={false}
        defaultSort={{ field: 'number', order: 'desc' }}
        exportName={`vendor-payments-${v.number}`}
        emptyText={t('vendors.page.paymentsEmpty')}
        onRowClick={can(p.pay) ? (r) => navigate(`/vendors/payments/${r.id}`) : undefined}
      />
      <div style={{ height: 24 }} />
      <VendorStatement vendorId={id} />
      <VendorFormDialog vendor={v} open={editing} onClose={() => setEditing(false)} />
    </>
  );
}
