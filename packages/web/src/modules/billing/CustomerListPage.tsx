// /customers: the customers list. Search finds a customer by name, number, phone or meter number (the
// server's q); filters narrow to a zone (customers with a house there), a class and a status; the list is
// paged by the server. A row opens the customer's page; Add and Edit open the customer dialog, and the
// status switches between Active and Inactive (with add-customer).
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Customer, type CustomerListItem, type CustomerStatus, customerClassValues, customersEndpoints, customerStatusValues } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { toast } from '../../lib/api.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { billingPrivileges as p } from './billing.access.ts';
import { useAllZones } from './billing.queries.ts';
import { CustomerFormDialog } from './CustomerFormDialog.tsx';
import { ListFilter } from './ListFilter.tsx';

export default function CustomerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const zones = useAllZones();
  const canEdit = can(p.editCustomers);
  const [zoneId, setZoneId] = useState('');
  const [customerClass, setCustomerClass] = useState('');
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<Customer | 'new' | null>(null);
  const changeStatus = useEndpointMutation(customersEndpoints.setStatus, { successMessage: false });

  const columns = useMemo<DataTableColumn<CustomerListItem>[]>(
    () => [
      { field: 'customerNo', header: t('billing.customers.number'), width: 110 },
      { field: 'name', header: t('billing.customers.name') },
      { field: 'phone', header: t('billing.customers.phone'), sortable: false },
      {
        field: 'customerClass',
        header: t('billing.class.label'),
        render: (c) => t(`billing.class.${c.customerClass}`),
        csv: (c) => t(`billing.class.${c.customerClass}`),
      },
      {
        field: 'meterNumbers',
        header: t('billing.customers.meters'),
        sortable: false,
        render: (c) => (
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {c.meterNumbers.join(', ')}
          </Box>
        ),
        csv: (c) => c.meterNumbers.join(' '),
      },
      { field: 'houseCount', header: t('billing.customers.houses'), sortable: false, align: 'right' },
      // What the customer owes now (negative: in credit), so a cashier sees it before opening the customer.
      {
        field: 'balance',
        header: t('billing.customers.balance'),
        sortable: false,
        align: 'right',
        render: (c) => <MoneyText value={c.balance} />,
        csv: (c) => c.balance,
      },
      { field: 'cityName', header: t('billing.customers.city'), sortable: false, hidden: true },
      {
        field: 'openingBalance',
        header: t('billing.customers.openingBalance'),
        sortable: false,
        align: 'right',
        hidden: true,
        render: (c) => <MoneyText value={c.openingBalance} />,
      },
      { field: 'status', header: t('billing.status'), render: (c) => <StatusChip status={c.status} />, csv: (c) => t(`status.${c.status}`) },
      { field: 'createdAt', header: t('billing.createdAt'), hidden: true, render: (c) => <DateText value={c.createdAt} withTime /> },
    ],
    [t],
  );

  const setCustomerStatus = (c: Customer, next: CustomerStatus) =>
    changeStatus.mutate(
      { params: { id: c.id }, body: { status: next } },
      { onSuccess: () => toast(t(next === 'Active' ? 'billing.customers.activated' : 'billing.customers.deactivated', { name: c.name }), 'success') },
    );

  const actions: RowAction<CustomerListItem>[] = [
    { label: t('billing.customers.open'), icon: <OpenInNewIcon fontSize="small" />, onClick: (c) => navigate(`/customers/${c.id}`) },
    { label: t('common.edit'), icon: <EditOutlinedIcon fontSize="small" />, hidden: () => !canEdit, onClick: (c) => setEditing(c) },
    {
      label: t('billing.deactivate'),
      icon: <BlockIcon fontSize="small" />,
      hidden: (c) => !canEdit || c.status !== 'Active',
      onClick: (c) => setCustomerStatus(c, 'Inactive'),
    },
    {
      label: t('billing.activate'),
      icon: <CheckCircleOutlineIcon fontSize="small" />,
      color: 'success',
      hidden: (c) => !canEdit || c.status === 'Active',
      onClick: (c) => setCustomerStatus(c, 'Active'),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('billing.customers.title')}
        subtitle={t('billing.customers.subtitle')}
        actions={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {t('billing.customers.add')}
            </Button>
          )
        }
      />
      <DataTable
        endpoint={customersEndpoints.list}
        columns={columns}
        actions={actions}
        params={{ zoneId: zoneId || undefined, customerClass: customerClass || undefined, status: status || undefined }}
        defaultSort={{ field: 'customerNo', order: 'desc' }}
        exportName="customers"
        emptyText={t('billing.customers.empty')}
        onRowClick={(c) => navigate(`/customers/${c.id}`)}
        toolbar={
          <>
            {can(p.zones) && (
              <ListFilter
                label={t('billing.zone')}
                value={zoneId}
                onChange={setZoneId}
                options={(zones.data ?? []).map((z) => ({ value: String(z.id), label: z.name }))}
              />
            )}
            <ListFilter
              label={t('billing.class.label')}
              value={customerClass}
              onChange={setCustomerClass}
              options={customerClassValues.map((c) => ({ value: c, label: t(`billing.class.${c}`) }))}
            />
            <ListFilter
              label={t('billing.status')}
              value={status}
              onChange={setStatus}
              options={customerStatusValues.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              minWidth={120}
            />
          </>
        }
      />
      <CustomerFormDialog
        customer={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={(c, isNew) => {
          if (isNew) navigate(`/customers/${c.id}`);
        }}
      />
    </>
  );
}
