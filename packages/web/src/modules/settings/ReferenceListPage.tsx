// The one screen behind every settings reference list (cities, categories, units, branches): a
// server-paged DataTable with search, a status filter and sorting; create and edit in a dialog form
// validated with the list's contract schema (server field errors, such as a duplicate name, land on
// the field); Activate/Deactivate through its setStatus endpoint; delete after a confirmation that
// shows why the server refused (409 in use, the last active branch). A list is described by a
// ReferenceListConfig (see referenceLists.tsx) naming its endpoint group of the contracts.
import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpointResource, type ReferenceStatus, type referenceListEndpoints, referenceStatusValues, type z } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { DateText } from '../../components/DateText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { ApiError, callEndpoint, toast } from '../../lib/api.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { resourceKeys } from '../../lib/queryKeys.ts';
import { ReferenceFormDialog } from './ReferenceFormDialog.tsx';

/** What every reference list row has; the rest (region, description, ...) is per list. */
export interface ReferenceRow {
  id: number;
  name: string;
  status: ReferenceStatus;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

export interface ReferenceField {
  /** The body key, e.g. 'region'. */
  name: string;
  /** i18n key of the label. */
  label: string;
  /** i18n key of the help text under the field. */
  help?: string;
  required?: boolean;
  multiline?: boolean;
  /** Same limit as the contract, so the input stops where the server would refuse. */
  maxLength: number;
  type?: 'text' | 'tel' | 'number';
  autoComplete?: string;
  /** A select instead of a text input: the values the form sends and their (already translated) labels. */
  options?: { value: string; label: string }[];
  /** The value a new row starts with (default ''). */
  defaultValue?: string;
}

export interface ReferenceColumn {
  field: string;
  /** i18n key of the header. */
  label: string;
  /** Only columns the server's _sort accepts may be sortable (default false). */
  sortable?: boolean;
  hidden?: boolean;
  /** The cell's text when the raw value is not what a person reads (a yes/no flag, a department's id). */
  text?: (row: ReferenceRow) => string;
}

/** A reference list's endpoint group (contracts referenceListEndpoints) as this screen uses it. */
export type ReferenceEndpoints = ReturnType<
  typeof referenceListEndpoints<string, z.ZodType<ReferenceBody, ReferenceFormValues>, z.ZodType<ReferenceRow>, z.ZodType>
>;

export interface ReferenceListConfig {
  /** The list's endpoints, e.g. citiesEndpoints; the dialog form validates with its create body. */
  endpoints: ReferenceEndpoints;
  privilege: string;
  /** The form's fields, the name first. */
  fields: ReferenceField[];
  /** Columns shown between the name and the status. */
  columns: ReferenceColumn[];
  /** i18n prefix of the list's own texts: title, subtitle, add, createTitle, editTitle, deleteText, empty. */
  texts: string;
  /** CSV file name. */
  exportName: string;
}

type StatusFilter = '' | ReferenceStatus;

/** The dialog form's values (text inputs) and the body the schema makes of them (optional texts null). */
export type ReferenceFormValues = Record<string, string | null | undefined>;
export type ReferenceBody = Record<string, string | null>;

/** The reason the server gave, in the user's language (it translates its messages itself). */
function reasonOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

export function ReferenceListPage({ config }: { config: ReferenceListConfig }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const statusId = useId();
  const canEdit = can(config.privilege);
  const [status, setStatus] = useState<StatusFilter>('');
  const [editing, setEditing] = useState<ReferenceRow | 'new' | null>(null);
  // The row stays set while the dialog closes, so its text does not blank during the animation.
  const [deleting, setDeleting] = useState<ReferenceRow | null>(null);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const tx = (key: string, values?: Record<string, unknown>) => t(`${config.texts}.${key}`, values);

  const changeStatus = useEndpointMutation(config.endpoints.setStatus, { successMessage: false });
  const remove = useMutation({
    // Silent: the confirmation dialog shows the refusal itself (the interceptor still redirects on 401/402).
    mutationFn: (id: number) => callEndpoint(config.endpoints.remove, { params: { id } }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys(endpointResource(config.endpoints.list)).all }),
  });

  const columns = useMemo<DataTableColumn<ReferenceRow>[]>(
    () => [
      { field: 'name', header: t(`${config.texts}.fields.name`) },
      ...config.columns.map(
        (c): DataTableColumn<ReferenceRow> => ({
          field: c.field,
          header: t(c.label),
          sortable: c.sortable ?? false,
          hidden: c.hidden,
          // Free text (a description may hold 5000 characters) stays on one line; the whole text is its tooltip.
          render: (row) => {
            const text = c.text ? c.text(row) : row[c.field] === null || row[c.field] === undefined ? '' : String(row[c.field]);
            return (
              <Box component="span" title={text} sx={{ display: 'block', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {text}
              </Box>
            );
          },
          csv: (row) => (c.text ? c.text(row) : row[c.field] === null || row[c.field] === undefined ? '' : String(row[c.field])),
        }),
      ),
      {
        field: 'status',
        header: t('settings.lists.status'),
        render: (row) => <StatusChip status={row.status} />,
        csv: (row) => t(`status.${row.status}`),
      },
      {
        field: 'updatedAt',
        header: t('settings.lists.updatedAt'),
        render: (row) => <DateText value={row.updatedAt} withTime />,
      },
      {
        field: 'createdAt',
        header: t('settings.lists.createdAt'),
        hidden: true,
        render: (row) => <DateText value={row.createdAt} withTime />,
      },
    ],
    [config, t],
  );

  const setRowStatus = (row: ReferenceRow, next: ReferenceStatus) =>
    changeStatus.mutate(
      { params: { id: row.id }, body: { status: next } },
      { onSuccess: () => toast(t(next === 'Active' ? 'settings.lists.activated' : 'settings.lists.deactivated', { name: row.name }), 'success') },
    );

  const actions: RowAction<ReferenceRow>[] = [
    { label: t('common.edit'), icon: <EditOutlinedIcon fontSize="small" />, privilege: config.privilege, onClick: (row) => setEditing(row) },
    {
      label: t('settings.lists.deactivate'),
      icon: <BlockIcon fontSize="small" />,
      privilege: config.privilege,
      hidden: (row) => row.status !== 'Active',
      onClick: (row) => setRowStatus(row, 'Inactive'),
    },
    {
      label: t('settings.lists.activate'),
      icon: <CheckCircleOutlineIcon fontSize="small" />,
      color: 'success',
      privilege: config.privilege,
      hidden: (row) => row.status === 'Active',
      onClick: (row) => setRowStatus(row, 'Active'),
    },
    {
      label: t('common.delete'),
      icon: <DeleteOutlineIcon fontSize="small" />,
      color: 'error',
      privilege: config.privilege,
      onClick: (row) => {
        setDeleteError(null);
        setDeleting(row);
        setDeleteOpen(true);
      },
    },
  ];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast(t('settings.lists.deleted', { name: deleting.name }), 'success');
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'SLOW_DOWN')) setDeleteError(reasonOf(err, t('api.genericError')));
      throw err;
    }
  };

  return (
    <>
      <PageHeader
        title={tx('title')}
        subtitle={tx('subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={!canEdit}>
            {tx('add')}
          </Button>
        }
      />
      <DataTable
        endpoint={config.endpoints.list}
        columns={columns}
        actions={actions}
        params={{ status: status || undefined }}
        defaultSort={{ field: 'name', order: 'asc' }}
        exportName={config.exportName}
        emptyText={tx('empty')}
        toolbar={
          <TextField
            id={statusId}
            select
            size="small"
            label={t('settings.lists.statusFilter')}
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
            sx={{ minWidth: 150, ml: 1 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('settings.lists.allStatuses')}</MenuItem>
            {referenceStatusValues.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <ReferenceFormDialog config={config} row={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={isDeleteOpen}
        title={t('settings.lists.deleteTitle')}
        message={
          <>
            {deleting ? tx('deleteText', { name: deleting.name }) : ''}
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
