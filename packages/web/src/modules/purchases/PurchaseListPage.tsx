// /vendors/credit-purchase and /vendors/cash-purchase: vendor bills or cash purchases, newest first, with
// search (number, the vendor's bill number, vendor), vendor, status and date filters; a row opens its page.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cashPurchasesEndpoints, type PurchaseDocument, purchaseShownStatusValues, vendorBillsEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SelectFilter } from './SelectFilter.tsx';
import { purchasePaths } from './purchases.access.ts';
import { PurchaseStatusChip } from './PurchaseParts.tsx';
import { usePurchaseChoices } from './purchases.queries.ts';

type Row = Omit<PurchaseDocument, 'lines'>;

export default function PurchaseListPage({ kind }: { kind: 'bill' | 'cash' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const vendors = usePurchaseChoices().data?.vendors ?? [];
  const [vendorId, setVendorId] = useState('');
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const texts = kind === 'bill' ? 'bills' : 'cash';
  const statuses = kind === 'bill' ? purchaseShownStatusValues : (['Posted', 'Cancelled'] as const);

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { field: 'number', header: t('purchases.field.number'), sortable: false },
      { field: 'date', header: t('purchases.field.date'), sortable: false, render: (r) => <DateText value={r.date} /> },
      { field: 'vendorName', header: t('purchases.field.vendor'), sortable: false },
      { field: 'vendorBillNo', header: t('purchases.field.vendorBillNo'), sortable: false, render: (r) => r.vendorBillNo ?? '—' },
      ...(kind === 'bill'
        ? [{ field: 'dueDate', header: t('purchases.field.dueDate'), sortable: false, render: (r: Row) => <DateText value={r.dueDate} /> }]
        : [{ field: 'paymentAccountName', header: t('purchases.field.paymentAccount'), sortable: false }]),
      { field: 'branchName', header: t('purchases.field.branch'), sortable: false },
      { field: 'total', header: t('purchases.field.total'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.total} /> },
      ...(kind === 'bill'
        ? [{ field: 'open', header: t('purchases.field.open'), sortable: false, align: 'right' as const, render: (r: Row) => <MoneyText value={r.open} /> }]
        : []),
      {
        field: 'shownStatus',
        header: t('purchases.field.status'),
        sortable: false,
        render: (r) => <PurchaseStatusChip status={r.shownStatus} />,
        csv: (r) => t(`purchases.status.${r.shownStatus}`),
      },
    ],
    [t, kind],
  );

  return (
    <>
      <PageHeader
        title={t(`purchases.${texts}.title`)}
        subtitle={t(`purchases.${texts}.subtitle`)}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => navigate(`${purchasePaths[kind]}/new`)}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t(`purchases.${texts}.add`)}
          </Button>
        }
      />
      <DataTable
        endpoint={kind === 'bill' ? vendorBillsEndpoints.list : cashPurchasesEndpoints.list}
        columns={columns}
        params={{ vendorId: vendorId || undefined, status: status || undefined, from: from || undefined, to: to || undefined }}
        onRowClick={(r) => navigate(`${purchasePaths[kind]}/${r.id}`)}
        exportName={kind === 'bill' ? 'vendor-bills' : 'cash-purchases'}
        emptyText={t(`purchases.${texts}.empty`)}
        toolbar={
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <SelectFilter
              label={t('purchases.field.vendor')}
              value={vendorId}
              onChange={setVendorId}
              allLabel={t('purchases.field.all')}
              options={vendors.map((v) => ({ value: String(v.id), label: v.name }))}
            />
            <SelectFilter
              label={t('purchases.field.status')}
              value={status}
              onChange={setStatus}
              options={statuses.map((s) => ({ value: s, label: t(`purchases.status.${s}`) }))}
            />
            <TextField
              size="small"
              type="date"
              label={t('purchases.field.date')}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField size="small" type="date" label="→" value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          </Stack>
        }
      />
    </>
  );
}
