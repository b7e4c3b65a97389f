// /reports/inventory-counting: the count sheets, newest first, with branch and status filters. "New
// count" freezes a branch's stock (all goods or one category) and opens the sheet to count.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type StockCount, stockCountStatusValues, stockCountsEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useItemChoices } from './items.queries.ts';
import { NewCountDialog } from './NewCountDialog.tsx';
import { SelectFilter } from '../../components/SelectFilter.tsx';

type Row = Omit<StockCount, 'lines' | 'movesSince'>;

export const countStatusColour = { Draft: 'warning', Posted: 'success', Cancelled: 'default' } as const;

export default function CountListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const branches = useItemChoices().data?.branches ?? [];
  const [status, setStatus] = useState('');
  const [branchId, setBranchId] = useState('');
  const [isNewOpen, setNewOpen] = useState(false);

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { field: 'number', header: t('items.counting.number'), sortable: false },
      { field: 'date', header: t('items.counting.date'), sortable: false, render: (r) => <DateText value={r.date} /> },
      { field: 'branchName', header: t('items.counting.branch'), sortable: false },
      {
        field: 'categoryName',
        header: t('items.counting.category'),
        sortable: false,
        render: (r) => r.categoryName ?? t('items.counting.allCategories'),
        csv: (r) => r.categoryName ?? t('items.counting.allCategories'),
      },
      {
        field: 'countedCount',
        header: t('items.counting.counted'),
        sortable: false,
        render: (r) => t('items.counting.progress', { counted: r.countedCount, lines: r.lineCount }),
        csv: (r) => `${r.countedCount}/${r.lineCount}`,
      },
      {
        field: 'differenceValue',
        header: t('items.counting.differenceValue'),
        sortable: false,
        align: 'right',
        render: (r) => <MoneyText value={r.differenceValue} negativeColor />,
      },
      { field: 'adjustmentNumber', header: t('items.counting.adjustment'), sortable: false, render: (r) => r.adjustmentNumber ?? '—' },
      {
        field: 'status',
        header: t('items.counting.status'),
        sortable: false,
        render: (r) => <Chip size="small" color={countStatusColour[r.status]} label={t(`items.counting.statusName.${r.status}`)} />,
        csv: (r) => t(`items.counting.statusName.${r.status}`),
      },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('items.counting.title')}
        subtitle={t('items.counting.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setNewOpen(true)} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('items.counting.add')}
          </Button>
        }
      />
      <DataTable
        endpoint={stockCountsEndpoints.list}
        columns={columns}
        params={{ status: status || undefined, branchId: branchId || undefined }}
        onRowClick={(r) => navigate(`/reports/inventory-counting/${r.id}`)}
        exportName="inventory-counts"
        emptyText={t('items.counting.empty')}
        toolbar={
          <Stack direction="row" spacing={1.5}>
            <SelectFilter
              label={t('items.counting.status')}
              value={status}
              onChange={setStatus}
              options={stockCountStatusValues.map((s) => ({ value: s, label: t(`items.counting.statusName.${s}`) }))}
            />
            <SelectFilter
              label={t('items.counting.branch')}
              value={branchId}
              onChange={setBranchId}
              allLabel={t('items.page.allBranches')}
              options={branches.map((b) => ({ value: String(b.id), label: b.name }))}
            />
          </Stack>
        }
      />
      <NewCountDialog open={isNewOpen} onClose={() => setNewOpen(false)} onStarted={(id) => navigate(`/reports/inventory-counting/${id}`)} />
    </>
  );
}
