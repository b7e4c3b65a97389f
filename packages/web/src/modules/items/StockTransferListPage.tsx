// /items/transfers: stock moved between branches, newest first, with a branch filter; a new transfer
// opens its form; a posted one can be cancelled with a reason (the stock goes back at the values it moved
// with, refused when it has been used since).
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import UndoIcon from '@mui/icons-material/Undo';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type StockTransfer, stockTransfersEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { CancelStockDocumentDialog } from './CancelStockDocumentDialog.tsx';
import { useItemChoices } from './items.queries.ts';
import { SelectFilter } from '../../components/SelectFilter.tsx';

type Row = Omit<StockTransfer, 'lines'>;

export default function StockTransferListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const branches = useItemChoices().data?.branches ?? [];
  const [branchId, setBranchId] = useState('');
  const [cancelling, setCancelling] = useState<Row | null>(null);

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { field: 'number', header: t('items.adjustments.number'), sortable: false },
      { field: 'date', header: t('items.page.date'), sortable: false, render: (r) => <DateText value={r.date} /> },
      { field: 'fromBranchName', header: t('items.transfers.from'), sortable: false },
      { field: 'toBranchName', header: t('items.transfers.to'), sortable: false },
      { field: 'memo', header: t('items.adjustments.memo'), sortable: false, render: (r) => r.memo ?? '—' },
      { field: 'total', header: t('items.adjustments.total'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.total} /> },
      {
        field: 'status',
        header: t('items.field.status'),
        sortable: false,
        render: (r) => <StatusChip status={r.status === 'Posted' ? 'Active' : 'Cancelled'} />,
        csv: (r) => r.status,
      },
    ],
    [t],
  );

  const actions: RowAction<Row>[] = [
    { label: t('items.transfers.cancel'), icon: <UndoIcon fontSize="small" />, color: 'error', hidden: (r) => r.status !== 'Posted', onClick: setCancelling },
  ];

  return (
    <>
      <PageHeader
        title={t('items.transfers.title')}
        subtitle={t('items.transfers.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/items/transfers/new')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('items.transfers.add')}
          </Button>
        }
      />
      <DataTable
        endpoint={stockTransfersEndpoints.list}
        columns={columns}
        actions={actions}
        params={{ branchId: branchId || undefined }}
        exportName="stock-transfers"
        emptyText={t('items.transfers.empty')}
        toolbar={
          <SelectFilter
            label={t('items.page.branch')}
            value={branchId}
            onChange={setBranchId}
            allLabel={t('items.page.allBranches')}
            options={branches.map((b) => ({ value: String(b.id), label: b.name }))}
          />
        }
      />
      <CancelStockDocumentDialog document={cancelling} kind="transfers" onClose={() => setCancelling(null)} />
    </>
  );
}
