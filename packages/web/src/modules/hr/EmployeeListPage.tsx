// /hr-settings/employee: the employees, server-paged with search (number, name, phone) and filters (status,
// department); the basic salary in force today. A row opens the employee's page.
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type EmployeeRow, employeeStatusValues, employeesEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { hrPrivileges as p } from './hr.access.ts';
import { useHrChoices } from './hr.queries.ts';
import { formatDate } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';

export function EmployeeFilters(props: { status: string; setStatus: (s: string) => void; departmentId: string; setDepartmentId: (s: string) => void }) {
  const { t } = useTranslation();
  const choices = useHrChoices();
  return (
    <>
      <TextField
        select
        size="small"
        label={t('hr.field.status')}
        value={props.status}
        onChange={(e) => props.setStatus(e.target.value)}
        sx={{ minWidth: 150, ml: 1 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('hr.employees.allStatuses')}</MenuItem>
        {employeeStatusValues.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`hr.status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('hr.field.department')}
        value={props.departmentId}
        onChange={(e) => props.setDepartmentId(e.target.value)}
        sx={{ minWidth: 170, ml: 1 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('hr.employees.allDepartments')}</MenuItem>
        {(choices.data?.departments ?? []).map((d) => (
          <MenuItem key={d.id} value={String(d.id)}>
            {d.name}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

export default function EmployeeListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  const [status, setStatus] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const columns = useMemo<DataTableColumn<EmployeeRow>[]>(
    () => [
      { field: 'number', header: t('hr.field.number') },
      { field: 'name', header: t('hr.field.name') },
      { field: 'department', header: t('hr.field.department'), render: (e) => e.department?.name ?? '', csv: (e) => e.department?.name ?? '' },
      { field: 'jobTitle', header: t('hr.field.jobTitle'), sortable: false, render: (e) => e.jobTitle?.name ?? '', csv: (e) => e.jobTitle?.name ?? '' },
      { field: 'phone', header: t('hr.field.phone'), sortable: false, render: (e) => e.phone ?? '' },
      { field: 'hireDate', header: t('hr.field.hireDate'), render: (e) => formatDate(e.hireDate, lang), csv: (e) => e.hireDate },
      {
        field: 'basic',
        header: t('hr.field.basic'),
        sortable: false,
        align: 'right',
        render: (e) => (e.basic ? <MoneyText value={e.basic} /> : ''),
        csv: (e) => e.basic ?? '',
      },
      { field: 'status', header: t('hr.field.status'), render: (e) => t(`hr.status.${e.status}`), csv: (e) => t(`hr.status.${e.status}`) },
    ],
    [t, lang],
  );
  return (
    <>
      <PageHeader
        title={t('hr.employees.title')}
        subtitle={t('hr.employees.subtitle')}
        actions={
          can(p.employee) && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/hr-settings/employee/new')}>
              {t('hr.employees.add')}
            </Button>
          )
        }
      />
      <DataTable
        endpoint={employeesEndpoints.list}
        columns={columns}
        params={{ status: status || undefined, departmentId: departmentId || undefined }}
        defaultSort={{ field: 'number', order: 'asc' }}
        exportName="employees"
        emptyText={t('hr.employees.empty')}
        onRowClick={(e) => navigate(`/hr-settings/employee/${e.id}`)}
        toolbar={<EmployeeFilters status={status} setStatus={setStatus} departmentId={departmentId} setDepartmentId={setDepartmentId} />}
      />
    </>
  );
}
