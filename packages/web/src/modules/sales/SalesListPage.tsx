// /customers/sales-invoice, /customers/sales-receipt, /customers/quotation, /customers/sales-return: one
// kind's documents, newest first, searched by number, customer or notes and filtered by status and
// branch (the API also takes a date range); a row opens its page, the New button its form.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type SalesDocumentRow, type SalesKind, salesShownStatusValues } from '@ubo/contracts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SelectFilter } from './SelectFilter.tsx';
import { commonEndpoints, kinds } from './sales.kinds.ts';
import { useSalesChoices } from './sales.queries.ts';
import { SalesStatusChip } from './SalesStatusChip.tsx';

/** The statuses a kind's documents can show. */
const statusesOf: Record<SalesKind, readonly string[]> = {
  quotation: ['Open', 'Accepted', 'Expired', 'Cancelled'],
  invoice: ['Unpaid', 'PartlyPaid', 'Paid', 'Overdue', 'Cancelled'],
  receipt: ['Posted', 'Cancelled'],
  return: ['Posted', 'Cancelled'],
};

export default function SalesListPage({ kind }: { kind: SalesKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const branches = useSalesChoices().data?.branches ?? [];
  const [status, setStatus] = useState('');
  const [branchId, setBranchId] = useState('');
  const k = kinds[kind];

  const columns = useMemo<DataTableColumn<SalesDocumentRow>[]>(
    () => [
      { field: 'number', header: t('sales.field.number'), sortable: false },
      { field: 'date', header: t('sales.field.date'), sortable: false, render: (r) => <DateText value={r.date} /> },
      { field: 'customerName', header: t('sales.field.customer'), sortable: false, render: (r) => `${r.customerName} · ${r.customerNo}` },
      ...(kind === 'invoice'
        ? [
            {
              field: 'dueDate',
              header: t('sales.field.dueDate'),
              sortable: false,
              render: (r: SalesDocumentRow) => (r.dueDate ? <DateText value={r.dueDate} /> : '—'),
            },
          ]
        : []),
      ...(kind === 'quotation'
        ? [
            {
              field: 'validUntil',
              header: t('sales.field.validUntil'),
              sortable: false,
              render: (r: SalesDocumentRow) => (r.validUntil ? <DateText value={r.validUntil} /> : '—'),
            },
          ]
        : []),
      ...(kind === 'return'
        ? [
            {
              field: 'sale',
              header: t('sales.field.sale'),
              sortable: false,
              render: (r: SalesDocumentRow) => r.sale?.number ?? '—',
              csv: (r: SalesDocumentRow) => r.sale?.number,
            },
          ]
        : []),
      { field: 'total', header: t('sales.field.total'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.total} /> },
      ...(kind === 'invoice'
        ? [
            {
              field: 'balance',
              header: t('sales.field.balance'),
              sortable: false,
              align: 'right' as const,
              render: (r: SalesDocumentRow) => <MoneyText value={r.balance} />,
            },
          ]
        : []),
      {
        field: 'shownStatus',
        header: t('sales.field.status'),
        sortable: false,
        render: (r) => <SalesStatusChip status={r.shownStatus} />,
        csv: (r) => t(`sales.status.${r.shownStatus}`),
      },
    ],
    [t, kind],
  );

  return (
    <>
      <PageHeader
        title={t(`sales.kind.${kind}.title`)}
        subtitle={t(`sales.kind.${kind}.subtitle`)}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(`${k.path}/new`)} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t(`sales.kind.${kind}.add`)}
          </Button>
        }
      />
      <DataTable
        endpoint={commonEndpoints(kind).list}
        columns={columns}
        params={{ status: status || undefined, branchId: branchId || undefined }}
        exportName={`sales-${kind}`}
        emptyText={t(`sales.kind.${kind}.empty`)}
        onRowClick={(r) => navigate(`${k.path}/${r.id}`)}
        toolbar={
          <Stack direction="row" spacing={1.5}>
            <SelectFilter
              label={t('sales.field.status')}
              value={status}
              onChange={setStatus}
              allLabel={t('sales.field.allStatuses')}
              options={salesShownStatusValues.filter((s) => statusesOf[kind].includes(s)).map((s) => ({ value: s, label: t(`sales.status.${s}`) }))}
            />
            <SelectFilter
              label={t('sales.reports.branch')}
              value={branchId}
              onChange={setBranchId}
              allLabel={t('sales.reports.allBranches')}
              options={branches.map((b) => ({ value: String(b.id), label: b.name }))}
            />
          </Stack>
        }
      />
    </>
  );
}
