// The complaints table: the list page and the customer page's tab show the same columns.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Complaint, complaintsEndpoints } from '@ubo/contracts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { ComplaintStatusChip, useTopicName } from './ComplaintParts.tsx';

export function ComplaintTable(props: {
  params: Record<string, string | number | undefined>;
  toolbar?: React.ReactNode;
  exportName: string;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const topicName = useTopicName();
  const columns = useMemo<DataTableColumn<Complaint>[]>(
    () => [
      { field: 'refNo', header: t('complaints.field.refNo'), sortable: false },
      {
        field: 'created',
        header: t('complaints.field.logged'),
        sortable: false,
        render: (c) => <DateText value={c.created.at} />,
        csv: (c) => c.created.at ?? '',
      },
      {
        field: 'customerName',
        header: t('complaints.field.customer'),
        sortable: false,
        render: (c) => c.customerName ?? `${c.callerName ?? ''} (${c.callerPhone ?? ''})`,
        csv: (c) => c.customerName ?? c.callerName ?? '',
      },
      { field: 'topicNameEn', header: t('complaints.field.topic'), sortable: false, render: (c) => topicName(c), csv: (c) => topicName(c) },
      {
        field: 'priority',
        header: t('complaints.field.priority'),
        sortable: false,
        render: (c) => t(`complaints.priority.${c.priority}`),
        csv: (c) => c.priority,
      },
      { field: 'assigneeName', header: t('complaints.field.assignee'), sortable: false, render: (c) => c.assigneeName ?? '—' },
      {
        field: 'status',
        header: t('complaints.field.status'),
        sortable: false,
        render: (c) => <ComplaintStatusChip status={c.status} overdue={c.overdue} />,
        csv: (c) => t(`complaints.status.${c.status}`),
      },
    ],
    [t, topicName],
  );
  return (
    <DataTable
      endpoint={complaintsEndpoints.list}
      columns={columns}
      params={props.params}
      onRowClick={(c) => navigate(`/complaint/${c.id}`)}
      exportName={props.exportName}
      emptyText={props.emptyText}
      toolbar={props.toolbar}
    />
  );
}
