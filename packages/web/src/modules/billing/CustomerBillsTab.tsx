// The customer page's Bills tab: the customer's bills (GET /api/bills?customerId=), newest period first;
// a row opens the bill (/customers/bills/:id).
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Bill, billsEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { MeterNumber } from './HouseParts.tsx';

export function CustomerBillsTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useMemo<DataTableColumn<Bill>[]>(
    () => [
      { field: 'number', header: t('billing.bills.number'), sortable: false },
      { field: 'period', header: t('billing.bills.period') },
      {
        field: 'meterNumber',
        header: t('billing.houses.meterNumber'),
        sortable: false,
        render: (b) => (b.meterNumber ? <MeterNumber value={b.meterNumber} /> : '—'),
      },
      {
        field: 'consumption',
        header: t('billing.bills.consumption'),
        sortable: false,
        align: 'right',
        render: (b) => (
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {b.consumption}
          </Box>
        ),
      },
      { field: 'amount', header: t('billing.bills.amount'), align: 'right', render: (b) => <MoneyText value={b.amount} /> },
      { field: 'paidAmount', header: t('billing.bills.paid'), sortable: false, align: 'right', render: (b) => <MoneyText value={b.paidAmount} /> },
      { field: 'dueDate', header: t('billing.bills.dueDate'), render: (b) => <DateText value={b.dueDate} /> },
      {
        field: 'status',
        header: t('billing.status'),
        sortable: false,
        render: (b) => <StatusChip status={b.status} />,
        csv: (b) => t(`status.${b.status}`, { defaultValue: b.status }),
      },
    ],
    [t],
  );
  return (
    <DataTable
      endpoint={billsEndpoints.list}
      columns={columns}
      params={{ customerId }}
      searchable={false}
      defaultSort={{ field: 'period', order: 'desc' }}
      exportName={`bills-customer-${customerId}`}
      emptyText={t('billing.bills.empty')}
      onRowClick={(b) => navigate(`/customers/bills/${b.id}`)}
    />
  );
}
