// /help_center/list-tickets: the organisation's tickets to support, newest change first, with status and
// category filters and a search on the subject or description. A row opens the ticket.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type TicketRow, ticketCategories, ticketStatuses, ticketsEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SelectFilter } from '../../components/SelectFilter.tsx';
import { TicketStatusChip } from './TicketParts.tsx';

export default function TicketListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const columns = useMemo<DataTableColumn<TicketRow>[]>(
    () => [
      { field: 'id', header: t('helpCenter.field.id'), sortable: false },
      { field: 'subject', header: t('helpCenter.field.subject'), sortable: false },
      {
        field: 'category',
        header: t('helpCenter.field.category'),
        sortable: false,
        render: (r) => t(`helpCenter.category.${r.category}`),
        csv: (r) => t(`helpCenter.category.${r.category}`),
      },
      {
        field: 'priority',
        header: t('helpCenter.field.priority'),
        sortable: false,
        render: (r) => t(`helpCenter.priority.${r.priority}`),
        csv: (r) => t(`helpCenter.priority.${r.priority}`),
      },
      { field: 'createdBy', header: t('helpCenter.field.createdBy'), sortable: false },
      { field: 'updatedAt', header: t('helpCenter.field.updatedAt'), sortable: false, render: (r) => <DateText value={r.updatedAt} withTime /> },
      { field: 'messages', header: t('helpCenter.field.messages'), sortable: false, align: 'right' },
      {
        field: 'status',
        header: t('helpCenter.field.status'),
        sortable: false,
        render: (r) => <TicketStatusChip status={r.status} />,
        csv: (r) => t(`helpCenter.status.${r.status}`),
      },
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t('helpCenter.list.title')}
        subtitle={t('helpCenter.list.subtitle')}
        actions={
          can('add-ticket') ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => navigate('/help_center/tickets/new')}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {t('helpCenter.list.add')}
            </Button>
          ) : undefined
        }
      />
      <DataTable
        endpoint={ticketsEndpoints.list}
        columns={columns}
        params={{ status: status || undefined, category: category || undefined }}
        onRowClick={(r) => navigate(can('view-ticket') ? `/help_center/tickets/${r.id}` : '/help_center/list-tickets')}
        exportName="tickets"
        emptyText={t('helpCenter.list.empty')}
        toolbar={
          <Stack direction="row" spacing={1.5}>
            <SelectFilter
              label={t('helpCenter.field.status')}
              value={status}
              onChange={setStatus}
              options={ticketStatuses.map((s) => ({ value: s, label: t(`helpCenter.status.${s}`) }))}
            />
            <SelectFilter
              label={t('helpCenter.field.category')}
              value={category}
              onChange={setCategory}
              options={ticketCategories.map((s) => ({ value: s, label: t(`helpCenter.category.${s}`) }))}
            />
          </Stack>
        }
      />
    </>
  );
}
