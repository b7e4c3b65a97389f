// The batches saved so far (paymentBatchesEndpoints.list), newest first, each with a link to its
// payments for those who may list them.
import { useMemo } from 'react';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type PaymentBatch, paymentBatchesEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';

export function BatchList({ mayListPayments }: { mayListPayments: boolean }) {
  const { t } = useTranslation();
  const columns = useMemo<DataTableColumn<PaymentBatch>[]>(
    () => [
      { field: 'id', header: t('payments.batch.id'), render: (r) => `#${r.id}`, csv: (r) => r.id },
      {
        field: 'createdAt',
        header: t('payments.batch.createdAt'),
        sortable: false,
        render: (r) => <DateText value={r.createdAt} withTime />,
        csv: (r) => r.createdAt,
      },
      { field: 'source', header: t('payments.batch.source'), sortable: false, render: (r) => t(`payments.batch.sources.${r.source}`) },
      { field: 'fileName', header: t('payments.batch.fileName'), sortable: false },
      { field: 'account', header: t('payments.account'), sortable: false, render: (r) => `${r.account.code} · ${r.account.name}`, csv: (r) => r.account.code },
      { field: 'paymentCount', header: t('payments.batch.count'), sortable: false, align: 'right' },
      { field: 'total', header: t('payments.amount'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.total} /> },
      { field: 'cancelledCount', header: t('payments.batch.cancelledCount'), sortable: false, align: 'right', hidden: true },
      {
        field: 'payments',
        header: '',
        sortable: false,
        render: (r) =>
          mayListPayments ? (
            <Link component={RouterLink} to={`/customers/payments?batchId=${r.id}`} underline="hover">
              {t('payments.batch.openPayments')}
            </Link>
          ) : null,
        csv: () => '',
      },
    ],
    [t, mayListPayments],
  );

  return (
    <DataTable
      endpoint={paymentBatchesEndpoints.list}
      title={t('payments.batch.listTitle')}
      columns={columns}
      searchable={false}
      defaultLimit={25}
      exportName="payment-batches"
      emptyText={t('payments.batch.empty')}
    />
  );
}
