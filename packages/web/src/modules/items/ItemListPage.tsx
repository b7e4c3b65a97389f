// /items/list: the item register. A server-paged list with search (code, name, barcode), kind and
// status filters and a "below reorder level" switch; what is on hand in all branches and its value at
// cost; create and edit in a dialog; Activate / Deactivate. A row opens the item's page (its stock per
// branch and stock card).
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Item, itemKindValues, itemsEndpoints, referenceStatusValues } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useEndpointMutation } from '../../lib/queries.ts';
import { itemsPrivileges as p } from './items.access.ts';
import { ItemFormDialog } from './ItemFormDialog.tsx';
import { QuantityText } from './QuantityText.tsx';
import { SelectFilter } from '../../components/SelectFilter.tsx';

export default function ItemListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const canEdit = can(p.edit);
  const [kind, setKind] = useState('');
  const [status, setStatus] = useState('');
  const [belowReorder, setBelowReorder] = useState(false);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const changeStatus = useEndpointMutation(itemsEndpoints.setStatus, { successMessage: false });

  const columns = useMemo<DataTableColumn<Item>[]>(
    () => [
      { field: 'code', header: t('items.field.code') },
      { field: 'name', header: t('items.field.name') },
      { field: 'kind', header: t('items.field.kind'), render: (i) => t(`items.kind.${i.kind}`), csv: (i) => t(`items.kind.${i.kind}`) },
      { field: 'categoryName', header: t('items.field.category'), sortable: false, render: (i) => i.categoryName ?? '—' },
      { field: 'salePrice', header: t('items.field.salePrice'), align: 'right', render: (i) => <MoneyText value={i.salePrice} /> },
      {
        field: 'onHand',
        header: t('items.field.onHand'),
        align: 'right',
        sortable: false,
        render: (i) =>
          i.kind === 'stock' ? (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
              {i.belowReorder && <Chip size="small" color="warning" label={t('items.list.reorder')} />}
              <QuantityText value={i.onHand} unit={i.unitName} />
            </Stack>
          ) : (
            '—'
          ),
        csv: (i) => (i.kind === 'stock' ? i.onHand : ''),
      },
      {
        field: 'stockValue',
        header: t('items.field.stockValue'),
        align: 'right',
        sortable: false,
        render: (i) => (i.kind === 'stock' ? <MoneyText value={i.stockValue} negativeColor /> : '—'),
        csv: (i) => (i.kind === 'stock' ? i.stockValue : ''),
      },
      { field: 'barcode', header: t('items.field.barcode'), sortable: false, hidden: true },
      { field: 'status', header: t('items.field.status'), render: (i) => <StatusChip status={i.status} />, csv: (i) => t(`status.${i.status}`) },
    ],
    [t],
  );

  const actions: RowAction<Item>[] = [
    { label: t('common.edit'), icon: <EditOutlinedIcon fontSize="small" />, hidden: () => !canEdit, onClick: (i) => setEditing(i) },
    {
      label: t('items.list.deactivate'),
      icon: <BlockIcon fontSize="small" />,
      hidden: (i) => !canEdit || i.status !== 'Active',
      onClick: (i) => changeStatus.mutate({ params: { id: i.id }, body: { status: 'Inactive' } }),
    },
    {
      label: t('items.list.activate'),
      icon: <CheckCircleOutlineIcon fontSize="small" />,
      color: 'success',
      hidden: (i) => !canEdit || i.status === 'Active',
      onClick: (i) => changeStatus.mutate({ params: { id: i.id }, body: { status: 'Active' } }),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('items.list.title')}
        subtitle={t('items.list.subtitle')}
        actions={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {t('items.list.add')}
            </Button>
          )
        }
      />
      <DataTable
        endpoint={itemsEndpoints.list}
        columns={columns}
        actions={actions}
        params={{ kind: kind || undefined, status: status || undefined, belowReorder: belowReorder || undefined }}
        defaultSort={{ field: 'code', order: 'asc' }}
        exportName="items"
        emptyText={t('items.list.empty')}
        onRowClick={(i) => navigate(`/items/${i.id}`)}
        toolbar={
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <SelectFilter
              label={t('items.list.kindFilter')}
              value={kind}
              onChange={setKind}
              options={itemKindValues.map((k) => ({ value: k, label: t(`items.kind.${k}`) }))}
            />
            <SelectFilter
              label={t('items.field.status')}
              value={status}
              onChange={setStatus}
              minWidth={140}
              options={referenceStatusValues.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
            <FormControlLabel
              control={<Switch checked={belowReorder} onChange={(e) => setBelowReorder(e.target.checked)} />}
              label={t('items.list.belowReorder')}
            />
          </Stack>
        }
      />
      <ItemFormDialog item={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
