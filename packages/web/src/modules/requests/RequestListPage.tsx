// /requests/list: requests newest first, with status and type filters and a search on the reference or
// purpose. Tabs: everyone's (list-request or an approver), the caller's own, and those waiting for the
// caller's action (first or final approval, never their own, oldest first). A row opens the request.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type Request, requestStatusValues, requestTypeValues, requestsEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SelectFilter } from '../../components/SelectFilter.tsx';
import { RequestStatusChip } from './RequestParts.tsx';
import { requestsPrivileges as p } from './requests.access.ts';

type TabKey = 'all' | 'mine' | 'awaiting';

export default function RequestListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const isApprover = can(p.firstApprove) || can(p.approve);
  const seesAll = can(p.list) || isApprover;
  const tabs: TabKey[] = [...(seesAll ? (['all'] as const) : []), 'mine', ...(isApprover ? (['awaiting'] as const) : [])];
  const [search, setSearch] = useSearchParams();
  const tab = tabs.find((k) => k === search.get('tab')) ?? tabs[0];
  const [status, setStatus] = useState('');
  const [type, setType] = useState('');
  const columns = useMemo<DataTableColumn<Request>[]>(
    () => [
      { field: 'refNo', header: t('requests.field.refNo'), sortable: false, render: (r) => r.refNo ?? t('requests.status.Draft') },
      { field: 'createdAt', header: t('requests.field.created'), sortable: false, render: (r) => <DateText value={r.createdAt} /> },
      { field: 'requesterName', header: t('requests.field.requester'), sortable: false },
      {
        field: 'type',
        header: t('requests.field.type'),
        sortable: false,
        render: (r) => t(`requests.type.${r.type}`),
        csv: (r) => t(`requests.type.${r.type}`),
      },
      { field: 'purpose', header: t('requests.field.purpose'), sortable: false },
      { field: 'department', header: t('requests.field.department'), sortable: false, render: (r) => r.department ?? r.branchName },
      { field: 'amount', header: t('requests.field.amount'), sortable: false, align: 'right', render: (r) => <MoneyText value={r.amount} /> },
      {
        field: 'status',
        header: t('requests.field.status'),
        sortable: false,
        render: (r) => <RequestStatusChip status={r.status} />,
        csv: (r) => t(`requests.status.${r.status}`),
      },
    ],
    [t],
  );
  const isAwaiting = tab === 'awaiting';
  return (
    <>
      <PageHeader
        title={t('requests.list.title')}
        subtitle={t('requests.list.subtitle')}
        actions={
          can(p.add) ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/requests/add')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {t('requests.list.add')}
            </Button>
          ) : undefined
        }
      />
      {tabs.length > 1 && (
        <Tabs value={tab} onChange={(_, v: TabKey) => setSearch({ tab: v }, { replace: true })} sx={{ mb: 2 }}>
          {tabs.map((k) => (
            <Tab key={k} value={k} label={t(`requests.list.tab${k === 'all' ? 'All' : k === 'mine' ? 'Mine' : 'Awaiting'}`)} />
          ))}
        </Tabs>
      )}
      <DataTable
        key={tab}
        endpoint={isAwaiting ? requestsEndpoints.awaiting : requestsEndpoints.list}
        columns={columns}
        params={{ status: isAwaiting ? undefined : status || undefined, type: type || undefined, mine: tab === 'mine' ? 'true' : undefined }}
        onRowClick={(r) => navigate(`/requests/${r.id}`)}
        exportName="requests"
        emptyText={t(isAwaiting ? 'requests.list.emptyAwaiting' : 'requests.list.empty')}
        toolbar={
          <Stack direction="row" spacing={1.5}>
            {!isAwaiting && (
              <SelectFilter
                label={t('requests.field.status')}
                value={status}
                onChange={setStatus}
                options={requestStatusValues.map((s) => ({ value: s, label: t(`requests.status.${s}`) }))}
              />
            )}
            <SelectFilter
              label={t('requests.field.type')}
              value={type}
              onChange={setType}
              options={requestTypeValues.map((s) => ({ value: s, label: t(`requests.type.${s}`) }))}
            />
          </Stack>
        }
      />
    </>
  );
}
