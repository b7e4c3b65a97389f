// /hr-settings/leaves: every leave request with filters (status, year, search); approve, reject (with a
// reason) and cancel need the leaves privilege; recording a request needs employee (it picks the employee).
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { type LeaveRequestRow, leaveStatusValues, leavesEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { hrPrivileges as p } from './hr.access.ts';
import { LeaveNoteDialog, LeaveRequestDialog, useLeaveDecision } from './LeaveDialogs.tsx';
import { formatDate } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';

export function useLeaveColumns(withEmployee: boolean) {
  const { t } = useTranslation();
  const lang = useLang();
  return useMemo<DataTableColumn<LeaveRequestRow>[]>(
    () => [
      ...(withEmployee
        ? [
            { field: 'employeeNumber', header: t('hr.field.number'), sortable: false },
            { field: 'employeeName', header: t('hr.field.employee'), sortable: false },
          ]
        : []),
      {
        field: 'leaveType',
        header: t('hr.field.leaveType'),
        sortable: false,
        render: (r) => (r.isPaid ? r.leaveType : `${r.leaveType} (${t('hr.employee.unpaid')})`),
      },
      { field: 'startDate', header: t('hr.field.startDate'), sortable: false, render: (r) => formatDate(r.startDate, lang), csv: (r) => r.startDate },
      { field: 'endDate', header: t('hr.field.endDate'), sortable: false, render: (r) => formatDate(r.endDate, lang), csv: (r) => r.endDate },
      { field: 'days', header: t('hr.field.days'), sortable: false, align: 'right' },
      {
        field: 'status',
        header: t('hr.field.status'),
        sortable: false,
        render: (r) => t(`hr.leave.status.${r.status}`),
        csv: (r) => t(`hr.leave.status.${r.status}`),
      },
      { field: 'reason', header: t('hr.field.reason'), sortable: false, render: (r) => r.decisionNote ?? r.reason ?? '' },
      { field: 'decidedBy', header: t('hr.field.decidedBy'), sortable: false, render: (r) => r.decidedBy ?? '' },
    ],
    [t, lang, withEmployee],
  );
}

export function useLeaveActions() {
  const { t } = useTranslation();
  const decide = useLeaveDecision();
  const [target, setTarget] = useState<{ id: number; decision: 'Rejected' | 'Cancelled' } | null>(null);
  const actions: RowAction<LeaveRequestRow>[] = [
    {
      label: t('hr.leave.approve'),
      icon: <CheckIcon fontSize="small" />,
      color: 'success',
      privilege: p.leaves,
      hidden: (r) => r.status !== 'Pending',
      onClick: (r) => decide.mutate({ id: r.id, decision: 'Approved', note: '' }),
    },
    {
      label: t('hr.leave.reject'),
      icon: <CloseIcon fontSize="small" />,
      color: 'error',
      privilege: p.leaves,
      hidden: (r) => r.status !== 'Pending',
      onClick: (r) => setTarget({ id: r.id, decision: 'Rejected' }),
    },
    {
      label: t('hr.leave.cancel'),
      icon: <BlockIcon fontSize="small" />,
      privilege: p.leaves,
      hidden: (r) => r.status !== 'Pending' && r.status !== 'Approved',
      onClick: (r) => setTarget({ id: r.id, decision: 'Cancelled' }),
    },
  ];
  const dialog = <LeaveNoteDialog target={target} onClose={() => setTarget(null)} decide={decide} />;
  return { actions, dialog };
}

export default function LeavePage() {
  const { t } = useTranslation();
  const can = useCan();
  const [status, setStatus] = useState('');
  const [isRequesting, setRequesting] = useState(false);
  const columns = useLeaveColumns(true);
  const { actions, dialog } = useLeaveActions();
  return (
    <>
      <PageHeader
        title={t('hr.leave.title')}
        subtitle={t('hr.leave.subtitle')}
        actions={
          can(p.employee) && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setRequesting(true)}>
              {t('hr.leave.add')}
            </Button>
          )
        }
      />
      <DataTable
        endpoint={leavesEndpoints.list}
        columns={columns}
        actions={actions}
        params={{ status: status || undefined }}
        exportName="leave-requests"
        emptyText={t('hr.leave.empty')}
        toolbar={
          <TextField
            select
            size="small"
            label={t('hr.field.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            sx={{ minWidth: 150, ml: 1 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('hr.leave.allStatuses')}</MenuItem>
            {leaveStatusValues.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`hr.leave.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <LeaveRequestDialog open={isRequesting} onClose={() => setRequesting(false)} />
      {dialog}
    </>
  );
}
