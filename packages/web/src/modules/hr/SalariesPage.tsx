// /hr-settings/salaries: every employee's basic salary in force today (since when) and their allowances in
// force today; a row opens the employee's page, where a raise is given.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { employeesEndpoints, type z, type salaryListRow } from '@ubo/contracts';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { EmployeeFilters } from './EmployeeListPage.tsx';
import { formatDate } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';

type Row = z.infer<typeof salaryListRow>;

export default function SalariesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [status, setStatus] = useState('Active');
  const [departmentId, setDepartmentId] = useState('');
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { field: 'number', header: t('hr.field.number') },
      { field: 'name', header: t('hr.field.name') },
      { field: 'department', header: t('hr.field.department'), render: (e) => e.department?.name ?? '', csv: (e) => e.department?.name ?? '' },
      {
        field: 'basic',
        header: t('hr.field.basic'),
        sortable: false,
        align: 'right',
        render: (e) => (e.basic ? <MoneyText value={e.basic} /> : ''),
        csv: (e) => e.basic ?? '',
      },
      { field: 'currency', header: t('hr.field.currency'), sortable: false, render: (e) => e.currency ?? '' },
      {
        field: 'effectiveFrom',
        header: t('hr.field.effectiveFrom'),
        sortable: false,
        render: (e) => (e.effectiveFrom ? formatDate(e.effectiveFrom, lang) : ''),
        csv: (e) => e.effectiveFrom ?? '',
      },
      {
        field: 'allowancesTotal',
        header: t('hr.field.allowancesTotal'),
        sortable: false,
        align: 'right',
        render: (e) => <MoneyText value={e.allowancesTotal} />,
      },
      { field: 'paymentMethod', header: t('hr.field.paymentMethod'), sortable: false, render: (e) => t(`hr.method.${e.paymentMethod}`) },
    ],
    [t, lang],
  );
  return (
    <>
      <PageHeader title={t('hr.salaries.title')} subtitle={t('hr.salaries.subtitle')} />
      <DataTable
        endpoint={employeesEndpoints.salaries}
        columns={columns}
        params={{ status: status || undefined, departmentId: departmentId || undefined }}
        defaultSort={{ field: 'number', order: 'asc' }}
        exportName="salaries"
        emptyText={t('hr.salaries.empty')}
        onRowClick={(e) => navigate(`/hr-settings/employee/${e.id}`)}
        toolbar={<EmployeeFilters status={status} setStatus={setStatus} departmentId={departmentId} setDepartmentId={setDepartmentId} />}
      />
    </>
  );
}
