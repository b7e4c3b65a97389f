// /vendors/payments: money paid to vendors (Pay bill), newest first, with search (vendor, number,
// reference) and a status filter; a row opens the payment voucher; Cancel reverses a posted payment.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paymentStatusValues, type VendorPayment, vendorPaymentsEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PaymentStatusChip } from './PaymentStatusChip.tsx';
import { CancelVendorPaymentDialog } from './CancelVendorPaymentDialog.tsx';

export default function VendorPaymentListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState('');
  const [cancelling, setCancelling] = useState<VendorPayment | null>(null);
  const columns = useMemo<DataTableColumn<VendorPayment>[]>(
    () => [
      { field: 'number', header: t('vendors.payments.number') },
      { field: 'date', header: t('vendors.col.date'), render: (r) => <DateText value={r.date} /> },
      { field: 'vendor', header: t('vendors.col.vendor'), sortable: false, render: (r) => `${r.vendor.number} · ${r.vendor.name}`, csv: (r) => r.vendor.name },
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
      { field: 'unallocated', header: t('vendors.payments.unallocated'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.unallocated} /> },
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
  const actions: RowAction<VendorPayment>[] = [
    { label: t('vendors.payments.cancel'), icon: <BlockIcon fontSize="small" />, hidden: (r) => r.status !== 'Posted', onClick: (r) => setCancelling(r) },
  ];
  return (
    <>
      <PageHeader
        title={t('vendors.payments.title')}
        subtitle={t('vendors.payments.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/vendors/pay-bill')} sx={{ whiteSpace: 'nowrap' }}>
            {t('vendors.pay.title')}
          </Button>
        }
      />
      <DataTable
        endpoint={vendorPaymentsEndpoints.list}
        columns={columns}
        actions={actions}
        params={{ status: status || undefined }}
        defaultSort={{ field: 'number', order: 'desc' }}
        exportName="vendor-payments"
        emptyText={t('vendors.payments.empty')}
        onRowClick={(r) => navigate(`/vendors/payments/${r.id}`)}
        toolbar={
          <TextField
            select
            size="small"
            label={t('vendors.field.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: 160, flexShrink: 0 }}
          >
            <MenuItem value="">{t('common.all')}</MenuItem>
            {paymentStatusValues.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`vendors.payments.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <CancelVendorPaymentDialog payment={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
