// /settings/list-log-sheet: the organisation's audit trail (GET log-sheet), newest first, searchable
// (q: user, record type, record id) and filtered through the FilterDialog by a date range, the user
// (offered only to holders of list-user, who may read GET admin), the record type and the action.
// A row opens the entry's details with its before/after comparison.
import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useTranslation } from 'react-i18next';
import { type AdminUser, type LogSheetEntry, logSheetEndpoints, usersEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { FilterDialog, type FilterSelect, type FilterValues } from '../../components/FilterDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { resourcePath } from '../../lib/api.ts';
import { formatDate, todayIso } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';
import { useListQuery } from '../../lib/queries.ts';
import { LogEntryDrawer } from './LogEntryDrawer.tsx';
import { changedKeys } from './logDiff.ts';
import { actionLabel, entityLabel, fieldLabel, logActions, logEntities, recordLabel, userLabel } from './logLabels.ts';
import { settingsPrivileges } from './settings.access.ts';

/** The filters applied to the list; absent means "all". */
interface LogFilters {
  startDate?: string;
  endDate?: string;
  userId?: number;
  entity?: string;
  action?: string;
}

/** Days back from today the date range starts at when the dialog opens without one. */
const DEFAULT_RANGE_DAYS = 30;
const USERS_LIMIT = 1000;

function daysAgoIso(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export default function LogSheetPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const canListUsers = can(settingsPrivileges.users);
  const [filters, setFilters] = useState<LogFilters>({});
  const [isFilterOpen, setFilterOpen] = useState(false);
  const [selected, setSelected] = useState<LogSheetEntry | null>(null);
  const [isDetailOpen, setDetailOpen] = useState(false);

  const users = useListQuery<AdminUser>(
    resourcePath(usersEndpoints.list),
    { _limit: USERS_LIMIT, _sort: 'fullname', _order: 'asc' },
    { enabled: canListUsers },
  );
  const userRows = users.data?.data;

  const selects = useMemo<FilterSelect[]>(() => {
    const out: FilterSelect[] = [];
    if (canListUsers) {
      out.push({
        name: 'user',
        label: t('settings.logSheet.user'),
        options: (userRows ?? []).map((u) => ({ value: String(u.id), label: `${u.fullname} (${u.username})` })),
      });
    }
    out.push({
      name: 'entity',
      label: t('settings.logSheet.entity'),
      options: logEntities.map((e) => ({ value: e, label: entityLabel(t, e) })),
    });
    out.push({
      name: 'action',
      label: t('settings.logSheet.action'),
      options: logActions.map((a) => ({ value: a, label: actionLabel(t, a) })),
    });
    return out;
  }, [canListUsers, userRows, t]);

  const initial = useMemo<FilterValues>(
    () => ({
      startDate: filters.startDate ?? daysAgoIso(DEFAULT_RANGE_DAYS),
      endDate: filters.endDate ?? todayIso(),
      selects: {
        user: filters.userId ? String(filters.userId) : 0,
        entity: filters.entity ?? 0,
        action: filters.action ?? 0,
      },
    }),
    [filters],
  );

  const apply = (v: FilterValues) => {
    const pick = (name: string) => {
      const value = v.selects?.[name];
      return value === 0 || value === undefined || value === '' ? undefined : value;
    };
    const user = pick('user');
    setFilters({ startDate: v.startDate, endDate: v.endDate, userId: user ? Number(user) : undefined, entity: pick('entity'), action: pick('action') });
  };

  const openEntry = useCallback((entry: LogSheetEntry) => {
    setSelected(entry);
    setDetailOpen(true);
  }, []);

  const userName = (id: number) => {
    const u = userRows?.find((r) => r.id === id);
    return u ? u.fullname : `#${id}`;
  };

  const columns = useMemo<DataTableColumn<LogSheetEntry>[]>(
    () => [
      {
        field: 'at',
        header: t('settings.logSheet.when'),
        width: 180,
        // A real button, so the details open from the keyboard too (the whole row opens them by mouse).
        render: (r) => (
          <Link
            component="button"
            type="button"
            underline="hover"
            onClick={(e) => {
              e.stopPropagation();
              openEntry(r);
            }}
            sx={{ textAlign: 'left', whiteSpace: 'nowrap' }}
          >
            <DateText value={r.at} withTime />
          </Link>
        ),
        csv: (r) => r.at,
      },
      {
        field: 'username',
        header: t('settings.logSheet.user'),
        render: (r) => userLabel(r) ?? t('settings.logSheet.system'),
        csv: (r) => userLabel(r) ?? t('settings.logSheet.system'),
      },
      {
        field: 'action',
        header: t('settings.logSheet.action'),
        render: (r) => <Chip size="small" variant="outlined" label={actionLabel(t, r.action)} />,
        csv: (r) => actionLabel(t, r.action),
      },
      { field: 'entity', header: t('settings.logSheet.entity'), render: (r) => entityLabel(t, r.entity), csv: (r) => entityLabel(t, r.entity) },
      {
        field: 'entityId',
        header: t('settings.logSheet.record'),
        sortable: false,
        // The record by its name or number (the server resolves it); a session's id says nothing to a reader.
        render: (r) => recordLabel(r),
        csv: (r) => recordLabel(r),
      },
      {
        field: 'changes',
        header: t('settings.logSheet.changes'),
        sortable: false,
        render: (r) => (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {changedKeys(r.before, r.after)
              .map((k) => fieldLabel(t, k))
              .join(', ')}
          </Box>
        ),
        csv: (r) =>
          changedKeys(r.before, r.after)
            .map((k) => fieldLabel(t, k))
            .join(', '),
      },
      { field: 'ip', header: t('settings.logSheet.ip'), sortable: false, render: (r) => r.ip ?? '' },
      { field: 'id', header: t('settings.logSheet.fields.id'), hidden: true },
    ],
    [t, openEntry],
  );

  const params = {
    startDate: filters.startDate,
    endDate: filters.endDate,
    userId: filters.userId,
    entity: filters.entity,
    action: filters.action,
  };
  const hasFilters = Object.values(params).some((v) => v !== undefined);
  const drop = (...keys: (keyof LogFilters)[]) =>
    setFilters((f) => {
      const next = { ...f };
      for (const k of keys) delete next[k];
      return next;
    });

  return (
    <>
      <PageHeader
        title={t('settings.logSheet.title')}
        subtitle={t('settings.logSheet.subtitle')}
        actions={
          <Button variant="outlined" startIcon={<FilterListIcon />} onClick={() => setFilterOpen(true)}>
            {t('settings.logSheet.filter')}
          </Button>
        }
      />
      {hasFilters && (
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          {filters.startDate && filters.endDate && (
            <Chip
              label={t('settings.logSheet.dateRange', { start: formatDate(filters.startDate, lang), end: formatDate(filters.endDate, lang) })}
              onDelete={() => drop('startDate', 'endDate')}
            />
          )}
          {filters.userId !== undefined && <Chip label={`${t('settings.logSheet.user')}: ${userName(filters.userId)}`} onDelete={() => drop('userId')} />}
          {filters.entity && <Chip label={`${t('settings.logSheet.entity')}: ${entityLabel(t, filters.entity)}`} onDelete={() => drop('entity')} />}
          {filters.action && <Chip label={`${t('settings.logSheet.action')}: ${actionLabel(t, filters.action)}`} onDelete={() => drop('action')} />}
          <Button size="small" onClick={() => setFilters({})}>
            {t('settings.logSheet.clearFilters')}
          </Button>
        </Stack>
      )}
      <DataTable<LogSheetEntry>
        path={resourcePath(logSheetEndpoints.list)}
        columns={columns}
        params={params}
        defaultSort={{ field: 'at', order: 'desc' }}
        exportName="log-sheet"
        emptyText={t('settings.logSheet.noEntries')}
        onRowClick={openEntry}
      />
      <FilterDialog
        open={isFilterOpen}
        title={t('settings.logSheet.filter')}
        fields={['startDate', 'endDate']}
        selects={selects}
        initial={initial}
        onApply={apply}
        onClose={() => setFilterOpen(false)}
      />
      <LogEntryDrawer entry={selected} open={isDetailOpen} onClose={() => setDetailOpen(false)} />
    </>
  );
}
