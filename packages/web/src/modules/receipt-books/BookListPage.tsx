// /books/list: the receipt books, server-paged, searchable (series, collector, a number within a book),
// filtered by status and collector, with used, voided and unused counts. A row opens the book's page.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ReceiptBook, receiptBookStatusValues, receiptBooksEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SelectFilter } from '../../components/SelectFilter.tsx';
import { BookStatusChip } from './BookStatusChip.tsx';
import { booksPrivileges as p } from './receipt-books.access.ts';
import { useCollectors } from './receipt-books.queries.ts';

export default function BookListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [status, setStatus] = useState('');
  const [collectorId, setCollectorId] = useState('');
  const collectors = useCollectors();

  const columns = useMemo<DataTableColumn<ReceiptBook>[]>(
    () => [
      { field: 'series', header: t('books.field.series') },
      {
        field: 'firstNumber',
        header: t('books.field.numbers'),
        render: (b) => `${b.firstNumber}–${b.lastNumber}`,
        csv: (b) => `${b.firstNumber}-${b.lastNumber}`,
      },
      { field: 'collector.fullname', header: t('books.field.collector'), sortable: false },
      { field: 'issueDate', header: t('books.field.issueDate'), render: (b) => <DateText value={b.issueDate} /> },
      { field: 'usedCount', header: t('books.field.used'), sortable: false, align: 'right' },
      { field: 'voidedCount', header: t('books.field.voided'), sortable: false, align: 'right' },
      { field: 'unusedCount', header: t('books.field.unused'), sortable: false, align: 'right' },
      {
        field: 'nextNumber',
        header: t('books.field.next'),
        sortable: false,
        align: 'right',
        render: (b) => (b.status === 'Active' ? (b.nextNumber ?? '—') : '—'),
      },
      {
        field: 'status',
        header: t('books.field.status'),
        sortable: false,
        render: (b) => <BookStatusChip status={b.status} />,
        csv: (b) => t(`books.status.${b.status}`),
      },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('books.list.title')}
        subtitle={t('books.list.subtitle')}
        actions={
          can(p.add) && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/books/add')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {t('books.list.add')}
            </Button>
          )
        }
      />
      <DataTable
        endpoint={receiptBooksEndpoints.list}
        columns={columns}
        params={{ status: status || undefined, collectorId: collectorId || undefined }}
        defaultSort={{ field: 'issueDate', order: 'desc' }}
        exportName="receipt-books"
        emptyText={t('books.list.empty')}
        onRowClick={(b) => navigate(`/books/${b.id}`)}
        toolbar={
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <SelectFilter
              label={t('books.field.status')}
              value={status}
              onChange={setStatus}
              options={receiptBookStatusValues.map((s) => ({ value: s, label: t(`books.status.${s}`) }))}
            />
            <SelectFilter
              label={t('books.list.collector')}
              value={collectorId}
              onChange={setCollectorId}
              minWidth={200}
              options={(collectors.data?.data ?? []).map((u) => ({ value: String(u.id), label: u.fullname }))}
            />
          </Stack>
        }
      />
    </>
  );
}
