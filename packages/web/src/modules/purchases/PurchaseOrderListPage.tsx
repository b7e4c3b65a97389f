// /vendors/orders: purchase orders, newest first, with search, vendor and status filters; a row opens the order.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type PurchaseOrder, purchaseOrdersEndpoints, purchaseOrderStatusValues } from '@ubo/contracts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PurchaseStatusChip } from './PurchaseParts.tsx';
import { usePurchaseChoices } from './purchases.queries.ts';
import { SelectFilter } from './SelectFilter.tsx';

type Row = Omit<PurchaseOrder, 'lines' | 'bills'>;

export default function PurchaseOrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const vendors = usePurchaseChoices().data?.vendors ?? [];
  const [vendorId, setVendorId] = useState('');
  const [status, setStatus] = useState('');
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { field: 'number', header: t('purchases.field.number'), sortable: false },
      { field: 'date', header: t('purchases.field.date'), sortable: false, render: (r) => <DateText value={r.date} /> },
      { field: 'vendorName', header: t('purchases.field.vendor'), sortable: false },
      { field: 'expectedDate', header: t('purchases.field.expectedDate'), sortable: false, render: (r) => <DateText value={r.expectedDate} /> },
      { field: 'branchName', header: t('purchases.field.branch'), sortable: false },
      { field: 'total', header: t('purchases.field.total'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.total} /> },
      {
        field: 'status',
        header: t('purchases.field.status'),
        sortable: false,
        render: (r) => <PurchaseStatusChip status={r.status} />,
        csv: (r) => t(`purchases.status.${r.status}`),
      },
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t('purchases.orders.title')}
        subtitle={t('purchases.orders.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/vendors/orders/new')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('purchases.orders.add')}
          </Button>
        }
      />
      <DataTable
        endpoint={purchaseOrdersEndpoints.list}
        columns={columns}
        params={{ vendorId: vendorId || undefined, status: status || undefined }}
        onRowClick={(r) => navigate(`/vendors/orders/${r.id}`)}
        exportName="purchase-orders"
        emptyText={t('purchases.orders.empty')}
        toolbar={
          <Stack direction="row" spacing={1.5}>
            <SelectFilter
              label={t('purchases.field.vendor')}
              value={vendorId}
              onChange={setVendorId}
              options={vendors.map((v) => ({ value: String(v.id), label: v.name }))}
            />
            <SelectFilter
              label={t('purchases.field.status')}
              value={status}
              onChange={setStatus}
              options={purchaseOrderStatusValues.map((s) => ({ value: s, label: t(`purchases.status.${s}`) }))}
            />
          </Stack>
        }
      />
    </>
  );
}
