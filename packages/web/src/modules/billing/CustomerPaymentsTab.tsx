// The customer page's Payments tab: the customer's receipts (GET /api/finance/payments?customerId=),
// newest first, with what each settled on bills and what stayed as credit; a row opens the receipt.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Payment, paymentsEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';

export function CustomerPaymentsTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useMemo<DataTableColumn<Payment>[]>(
    () => [
      { field: 'receiptNo', header: t('billing.payments.number'), render: (p) => p.number, csv: (p) => p.number },
      { field: 'date', header: t('billing.payments.date'), render: (p) => <DateText value={p.date} /> },
      {
        field: 'method',
        header: t('billing.payments.method'),
        sortable: false,
        render: (p) => t(`billing.payments.methods.${p.method}`),
        csv: (p) => t(`billing.payments.methods.${p.method}`),
      },
      { field: 'reference', header: t('billing.payments.reference'), sortable: false, render: (p) => p.reference ?? '—' },
      { field: 'amount', header: t('billing.payments.amount'), align: 'right', render: (p) => <MoneyText value={p.amount} /> },
      { field: 'allocated', header: t('billing.payments.allocated'), sortable: false, align: 'right', render: (p) => <MoneyText value={p.allocated} /> },
      { field: 'credit', header: t('billing.payments.credit'), sortable: false, align: 'right', render: (p) => <MoneyText value={p.credit} /> },
      {
        field: 'status',
        header: t('billing.status'),
        sortable: false,
        // Posted receipts need no chip; a cancelled one stands out.
        render: (p) => (p.status === 'Cancelled' ? <StatusChip status="Cancelled" /> : t('billing.payments.posted')),
        csv: (p) => (p.status === 'Cancelled' ? t('status.Cancelled') : t('billing.payments.posted')),
      },
    ],
    [t],
  );
  return (
    <DataTable
      endpoint={paymentsEndpoints.list}
      columns={columns}
      params={{ customerId }}
      searchable={false}
      defaultSort={{ field: 'date', order: 'desc' }}
      exportName={`payments-customer-${customerId}`}
      emptyText={t('billing.payments.empty')}
      onRowClick={(p) => navigate(`/customers/payments/${p.id}`)}
    />
  );
}
