// /items/adjustments: opening stock and adjustments, newest first, with kind and branch filters; a new
// adjustment opens its form; a posted one can be cancelled with a reason (the stock moves back at the
// values it moved with and the entry is reversed).
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import UndoIcon from '@mui/icons-material/Undo';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type StockAdjustment, stockAdjustmentDocumentKindValues, stockAdjustmentsEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { CancelStockDocumentDialog } from './CancelStockDocumentDialog.tsx';
import { useItemChoices } from './items.queries.ts';
import { SelectFilter } from '../../components/SelectFilter.tsx';

type Row = Omit<StockAdjustment, 'lines'>;

export default function StockAdjustmentListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const branches = useItemChoices().data?.branches ?? [];
  const [kind, setKind] = useState('');
  const [branchId, setBranchId] = useState('');
  const [cancelling, setCancelling] = useState<Row | null>(null);

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { field: 'number', header: t('items.adjustments.number'), sortable: false },
      { field: 'date', header: t('items.page.date'), sortable: false, render: (r) => <DateText value={r.date} /> },
      {
        field: 'kind',
        header: t('items.field.kind'),
        sortable: false,
        render: (r) => t(`items.adjustments.kind.${r.kind}`),
        csv: (r) => t(`items.adjustments.kind.${r.kind}`),
      },
      { field: 'branchName', header: t('items.page.branch'), sortable: false },
      { field: 'reason', header: t('items.adjustments.reason'), sortable: false, render: (r) => r.reason ?? '—' },
      { field: 'total', header: t('items.adjustments.total'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.total} negativeColor /> },
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
    { label: t('items.adjustments.cancel'), icon: <UndoIcon fontSize="small" />, color: 'error', hidden: (r) => r.status !== 'Posted', onClick: setCancelling },
  ];

  return (
    <>
      <PageHeader
        title={t('items.adjustments.title')}
        subtitle={t('items.adjustments.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/items/adjustments/new')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('items.adjustments.add')}
          </Button>
        }
      />
      <DataTable
        endpoint={stockAdjustmentsEndpoints.list}
        columns={columns}
        actions={actions}
        params={{ kind: kind || undefined, branchId: branchId || undefined }}
        exportName="stock-adjustments"
        emptyText={t('items.adjustments.empty')}
        toolbar={
          <Stack direction="row" spacing={1.5}>
            <SelectFilter
              label={t('items.field.kind')}
              value={kind}
              onChange={setKind}
              options={stockAdjustmentDocumentKindValues.map((k) => ({ value: k, label: t(`items.adjustments.kind.${k}`) }))}
            />
            <SelectFilter
              label={t('items.page.branch')}
              value={branchId}
              onChange={setBranchId}
              allLabel={t('items.page.allBranches')}
              options={branches.map((b) => ({ value: String(b.id), label: b.name }))}
            />
          </Stack>
        }
      />
      <CancelStockDocumentDialog document={cancelling} kind="adjustments" onClose={() => setCancelling(null)} />
    </>
  );
}
