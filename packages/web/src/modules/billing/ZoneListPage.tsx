// /customers/zones: the areas read and billed together. A server-paged list with search (name,
// description) and a status filter; create and edit in a dialog (branch, meter reader); Activate /
// Deactivate (an inactive zone takes no new houses); delete after a confirmation that shows why the
// server refused (a zone with houses or tariffs is in use).
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type ReferenceStatus, referenceStatusValues, type Zone, zonesEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { ApiError, api, toast } from '../../lib/api.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { resourceKeys } from '../../lib/queryKeys.ts';
import { billingPrivileges as p } from './billing.access.ts';
import { ZONES_PATH } from './billing.queries.ts';
import { ListFilter } from './ListFilter.tsx';
import { ZoneFormDialog } from './ZoneFormDialog.tsx';

export default function ZoneListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const canEdit = can(p.zones);
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<Zone | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Zone | null>(null);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const changeStatus = useEndpointMutation(zonesEndpoints.setStatus, { successMessage: false });
  const remove = useMutation({
    // Silent: the confirmation dialog shows the refusal itself.
    mutationFn: (id: number) => api.call(zonesEndpoints.remove, { params: { id } }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys(ZONES_PATH).all }),
  });

  const columns = useMemo<DataTableColumn<Zone>[]>(
    () => [
      { field: 'name', header: t('billing.zones.name') },
      { field: 'branchName', header: t('billing.zones.branch'), sortable: false },
      { field: 'meterReaderName', header: t('billing.zones.meterReader'), sortable: false, render: (z) => z.meterReaderName ?? '—' },
      { field: 'houseCount', header: t('billing.zones.houses'), sortable: false, align: 'right' },
      { field: 'description', header: t('billing.zones.description'), sortable: false, hidden: true },
      { field: 'status', header: t('billing.status'), render: (z) => <StatusChip status={z.status} />, csv: (z) => t(`status.${z.status}`) },
      { field: 'updatedAt', header: t('billing.updatedAt'), render: (z) => <DateText value={z.updatedAt} withTime /> },
    ],
    [t],
  );

  const setZoneStatus = (zone: Zone, next: ReferenceStatus) =>
    changeStatus.mutate(
      { params: { id: zone.id }, body: { status: next } },
      { onSuccess: () => toast(t(next === 'Active' ? 'billing.zones.activated' : 'billing.zones.deactivated', { name: zone.name }), 'success') },
    );

  const actions: RowAction<Zone>[] = [
    { label: t('common.edit'), icon: <EditOutlinedIcon fontSize="small" />, hidden: () => !canEdit, onClick: (z) => setEditing(z) },
    {
      label: t('billing.deactivate'),
      icon: <BlockIcon fontSize="small" />,
      hidden: (z) => !canEdit || z.status !== 'Active',
      onClick: (z) => setZoneStatus(z, 'Inactive'),
    },
    {
      label: t('billing.activate'),
      icon: <CheckCircleOutlineIcon fontSize="small" />,
      color: 'success',
      hidden: (z) => !canEdit || z.status === 'Active',
      onClick: (z) => setZoneStatus(z, 'Active'),
    },
    {
      label: t('common.delete'),
      icon: <DeleteOutlineIcon fontSize="small" />,
      color: 'error',
      hidden: () => !canEdit,
      onClick: (z) => {
        setDeleteError(null);
        setDeleting(z);
        setDeleteOpen(true);
      },
    },
  ];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast(t('billing.zones.deleted', { name: deleting.name }), 'success');
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'SLOW_DOWN')) setDeleteError(err instanceof ApiError ? err.message : t('api.genericError'));
      throw err;
    }
  };

  return (
    <>
      <PageHeader
        title={t('billing.zones.title')}
        subtitle={t('billing.zones.subtitle')}
        actions={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {t('billing.zones.add')}
            </Button>
          )
        }
      />
      <DataTable
        endpoint={zonesEndpoints.list}
        columns={columns}
        actions={actions}
        params={{ status: status || undefined }}
        defaultSort={{ field: 'name', order: 'asc' }}
        exportName="zones"
        emptyText={t('billing.zones.empty')}
        toolbar={
          <ListFilter
            label={t('billing.status')}
            value={status}
            onChange={setStatus}
            options={referenceStatusValues.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        }
      />
      <ZoneFormDialog zone={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={isDeleteOpen}
        title={t('billing.zones.deleteTitle')}
        message={
          <>
            {deleting ? t('billing.zones.deleteText', { name: deleting.name }) : ''}
            {deleteError && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {deleteError}
              </Alert>
            )}
          </>
        }
        confirmLabel={t('common.delete')}
        destructive
        onConfirm={confirmDelete}
        onClose={() => setDeleteOpen(false)}
      />
    </>
  );
}
