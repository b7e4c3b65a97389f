// /vendors: the vendor register. A server-paged list with search (number, name, contact, phone, tax
// number), status filter and an "only vendors we owe" switch, each vendor's balance and open bills; create
// and edit in a dialog; Activate / Deactivate; Pay opens Pay bill for the vendor. A row opens the vendor's page.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Vendor, referenceStatusValues, vendorsEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useEndpointMutation } from '../../lib/queries.ts';
import { vendorsPrivileges as p } from './vendors.access.ts';
import { VendorFormDialog } from './VendorFormDialog.tsx';

export default function VendorListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const canEdit = can(p.edit);
  const [status, setStatus] = useState('');
  const [owing, setOwing] = useState(false);
  const [editing, setEditing] = useState<Vendor | 'new' | null>(null);
  const changeStatus = useEndpointMutation(vendorsEndpoints.setStatus, { successMessage: false });

  const columns = useMemo<DataTableColumn<Vendor>[]>(
    () => [
      { field: 'number', header: t('vendors.field.number') },
      { field: 'name', header: t('vendors.field.name') },
      { field: 'contactPerson', header: t('vendors.field.contactPerson'), sortable: false, render: (v) => v.contactPerson ?? '—' },
      { field: 'phone', header: t('vendors.field.phone'), sortable: false, render: (v) => v.phone ?? '—' },
      { field: 'paymentTermsDays', header: t('vendors.field.paymentTermsDays'), sortable: false, align: 'right' },
      { field: 'openBills', header: t('vendors.field.openBills'), sortable: false, align: 'right', render: (v) => <MoneyText value={v.openBills} /> },
      { field: 'balance', header: t('vendors.field.balance'), align: 'right', render: (v) => <MoneyText value={v.balance} negativeColor /> },
      { field: 'taxNumber', header: t('vendors.field.taxNumber'), sortable: false, hidden: true },
      { field: 'status', header: t('vendors.field.status'), render: (v) => <StatusChip status={v.status} />, csv: (v) => t(`status.${v.status}`) },
    ],
    [t],
  );

  const actions: RowAction<Vendor>[] = [
    {
      label: t('vendors.list.pay'),
      icon: <PaymentsOutlinedIcon fontSize="small" />,
      hidden: (v) => !can(p.pay) || v.status !== 'Active',
      onClick: (v) => navigate(`/vendors/pay-bill?vendorId=${v.id}`),
    },
    { label: t('common.edit'), icon: <EditOutlinedIcon fontSize="small" />, hidden: () => !canEdit, onClick: (v) => setEditing(v) },
    {
      label: t('vendors.list.deactivate'),
      icon: <BlockIcon fontSize="small" />,
      hidden: (v) => !canEdit || v.status !== 'Active',
      onClick: (v) => changeStatus.mutate({ params: { id: v.id }, body: { status: 'Inactive' } }),
    },
    {
      label: t('vendors.list.activate'),
      icon: <CheckCircleOutlineIcon fontSize="small" />,
      color: 'success',
      hidden: (v) => !canEdit || v.status === 'Active',
      onClick: (v) => changeStatus.mutate({ params: { id: v.id }, body: { status: 'Active' } }),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('vendors.list.title')}
        subtitle={t('vendors.list.subtitle')}
        actions={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {t('vendors.list.add')}
            </Button>
          )
        }
      />
      <DataTable
        endpoint={vendorsEndpoints.list}
        columns={columns}
        actions={actions}
        params={{ status: status || undefined, owing: owing ? 'true' : undefined }}
        defaultSort={{ field: 'number', order: 'asc' }}
        exportName="vendors"
        emptyText={t('vendors.list.empty')}
        onRowClick={(v) => navigate(`/vendors/${v.id}`)}
        toolbar={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label={t('vendors.field.status')}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ width: 160, flexShrink: 0 }}
            >
              <MenuItem value="">{t('common.all')}</MenuItem>
              {referenceStatusValues.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`status.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Switch checked={owing} onChange={(e) => setOwing(e.target.checked)} />} label={t('vendors.list.owing')} />
          </Stack>
        }
      />
      <VendorFormDialog vendor={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
