// /vendors/purchase-return: purchase returns, newest first, with search, vendor and status filters; a row
// opens the return.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type PurchaseReturn, purchaseReturnsEndpoints, purchaseStatusValues } from '@ubo/contracts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PurchaseStatusChip } from './PurchaseParts.tsx';
import { usePurchaseChoices } from './purchases.queries.ts';
import { SelectFilter } from './SelectFilter.tsx';

type Row = Omit<PurchaseReturn, 'lines'>;

export default function PurchaseReturnListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const vendors = usePurchaseChoices().data?.vendors ?? [];
  const [vendorId, setVendorId] = useState('');
  const [status, setStatus] = useState('');
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { field: 'number', header: t('purchases.field.number'), sortable: false },
      { field: 'date', header: t('purchases.field.date'), sortable: false, render: (r) => <DateText value={r.date} /> },
      { field: 'purchaseNumber', header: t('purchases.returns.purchase'), sortable: false },
      { field: 'vendorName', header: t('purchases.field.vendor'), sortable: false },
      { field: 'reason', header: t('purchases.field.reason'), sortable: false, render: (r) => r.reason ?? '—' },
      { field: 'total', header: t('purchases.field.total'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.total} /> },
      { field: 'status', header: t('purchases.field.status'), sortable: false, render: (r) => <PurchaseStatusChip status={r.status} />, csv: (r) => r.status },
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t('purchases.returns.title')}
        subtitle={t('purchases.returns.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => navigate('/vendors/purchase-return/new')}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t('purchases.returns.add')}
          </Button>
        }
      />
      <DataTable
        endpoint={purchaseReturnsEndpoints.list}
        columns={columns}
        params={{ vendorId: vendorId || undefined, status: status || undefined }}
        onRowClick={(r) => navigate(`/vendors/purchase-return/${r.id}`)}
        exportName="purchase-returns"
        emptyText={t('purchases.returns.empty')}
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
              options={purchaseStatusValues.map((s) => ({ value: s, label: t(`purchases.status.${s}`) }))}
            />
          </Stack>
        }
      />
    </>
  );
}
