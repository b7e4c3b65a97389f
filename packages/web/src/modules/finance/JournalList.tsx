// The journal (GET /api/finance/transaction): posted entries newest first, server-paged, with the
// search box (reference, memo or entry number), a date range from the filter dialog and an account
// filter; both filters live in the URL. A row opens the entry view.
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { financeEndpoints, type JournalEntrySummary } from '@ubo/contracts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { FilterDialog, type FilterValues } from '../../components/FilterDialog.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { formatDate } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { AccountPicker } from './AccountPicker.tsx';
import { EntryStateChips, entryState, useSourceLabel } from './EntryParts.tsx';
import { entryLink, idFromParams } from './finance.logic.ts';
import { isIsoDate, thisYear } from '../../lib/reportPeriods.ts';
import { useAllAccounts } from './finance.queries.ts';

export function JournalList() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const sourceLabel = useSourceLabel();
  const accounts = useAllAccounts();
  const [params, setParams] = useSearchParams();
  const [isFilterOpen, setFilterOpen] = useState(false);

  const startDate = isIsoDate(params.get('startDate')) ? (params.get('startDate') as string) : undefined;
  const endDate = isIsoDate(params.get('endDate')) ? (params.get('endDate') as string) : undefined;
  const accountId = idFromParams(params, 'accountId');

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };

  const columns = useMemo<DataTableColumn<JournalEntrySummary>[]>(
    () => [
      {
        field: 'number',
        header: t('finance.journal.number'),
        sortable: false,
        render: (e) => (
          <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
            {e.number}
          </Box>
        ),
      },
      { field: 'date', header: t('finance.journal.date'), render: (e) => <DateText value={e.date} />, csv: (e) => e.date },
      { field: 'reference', header: t('finance.journal.reference'), sortable: false },
      {
        field: 'memo',
        header: t('finance.journal.memo'),
        sortable: false,
        render: (e) => (
          <Box
            component="span"
            title={e.memo ?? ''}
            sx={{ display: 'block', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {e.memo}
          </Box>
        ),
      },
      {
        field: 'sourceType',
        header: t('finance.journal.source'),
        sortable: false,
        render: (e) => sourceLabel(e.sourceType),
        csv: (e) => sourceLabel(e.sourceType),
      },
      { field: 'total', header: t('finance.journal.total'), sortable: false, align: 'right', render: (e) => <MoneyText value={e.total} /> },
      { field: 'userName', header: t('finance.journal.postedBy'), sortable: false, hidden: true },
      {
        field: 'state',
        header: t('finance.journal.state'),
        sortable: false,
        render: (e) => <EntryStateChips {...entryState(e)} />,
        csv: (e) => (e.reversedById ? t('finance.entry.reversed') : e.reversesId ? t('finance.entry.reversal') : ''),
      },
    ],
    [t, sourceLabel],
  );

  const onApply = (v: FilterValues) => update({ startDate: v.startDate ?? null, endDate: v.endDate ?? null });
  const initial = useMemo(() => (startDate && endDate ? { startDate, endDate } : thisYear()), [startDate, endDate]);

  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <AccountPicker
          accounts={accounts.data ?? []}
          loading={accounts.isPending}
          value={accountId}
          onChange={(id) => update({ accountId: id ? String(id) : null })}
          label={t('finance.journal.accountFilter')}
          size="small"
          sx={{ width: { xs: '100%', md: 340 } }}
        />
        <Button variant="outlined" startIcon={<FilterListIcon />} onClick={() => setFilterOpen(true)}>
          {t('finance.report.period')}
        </Button>
        {startDate && endDate && (
          <Chip
            label={t('finance.report.range', { from: formatDate(startDate, lang), to: formatDate(endDate, lang) })}
            onDelete={() => update({ startDate: null, endDate: null })}
          />
        )}
      </Stack>
      <DataTable
        endpoint={financeEndpoints.entries}
        columns={columns}
        params={{ startDate, endDate, accountId: accountId ?? undefined }}
        defaultSort={{ field: 'date', order: 'desc' }}
        defaultLimit={25}
        exportName="journal"
        onRowClick={(e) => navigate(entryLink(e.id))}
        emptyText={t('finance.journal.empty')}
      />
      <FilterDialog
        open={isFilterOpen}
        title={t('finance.report.period')}
        fields={['startDate', 'endDate']}
        initial={initial}
        onApply={onApply}
        onClose={() => setFilterOpen(false)}
      />
    </>
  );
}
