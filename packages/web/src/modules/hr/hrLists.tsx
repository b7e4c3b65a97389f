// The HR reference lists as configurations of the settings module's one ReferenceListPage: endpoint group,
// privilege, form fields (limits as in the contracts) and extra columns. Sub-sections pick their department;
// allowance and bonus types say whether they are taxed; leave types carry days a year and paid or unpaid.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  hrAllowanceTypesEndpoints,
  hrBankTypesEndpoints,
  hrBonusTypesEndpoints,
  hrDeductionTypesEndpoints,
  hrDepartmentsEndpoints,
  hrDutiesEndpoints,
  hrDutyStationsEndpoints,
  hrFacultiesEndpoints,
  hrInstitutionsEndpoints,
  hrJobTitlesEndpoints,
  hrLeaveTypesEndpoints,
  hrSubSectionsEndpoints,
} from '@ubo/contracts';
import { useListQuery } from '../../lib/queries.ts';
import { type ReferenceListConfig, ReferenceListPage } from '../settings/index.ts';
import { hrPrivileges as p } from './hr.access.ts';

type Endpoints = ReferenceListConfig['endpoints'];

function plain(name: string, endpoints: unknown, privilege: string): ReferenceListConfig {
  return {
    endpoints: endpoints as Endpoints,
    privilege,
    texts: `hr.lists.${name}`,
    exportName: name,
    fields: [
      { name: 'name', label: `hr.lists.${name}.fields.name`, required: true, maxLength: 120 },
      { name: 'description', label: 'hr.lists.description', multiline: true, maxLength: 1000 },
    ],
    columns: [{ field: 'description', label: 'hr.lists.description' }],
  };
}

function useYesNo() {
  const { t } = useTranslation();
  return useMemo(
    () => [
      { value: 'true', label: t('hr.yes') },
      { value: 'false', label: t('hr.no') },
    ],
    [t],
  );
}

export const DepartmentsPage = () => <ReferenceListPage config={plain('departments', hrDepartmentsEndpoints, p.departments)} />;
export const JobTitlesPage = () => <ReferenceListPage config={plain('jobTitles', hrJobTitlesEndpoints, p.jobTitles)} />;
export const DutiesPage = () => <ReferenceListPage config={plain('duties', hrDutiesEndpoints, p.duties)} />;
export const DutyStationsPage = () => <ReferenceListPage config={plain('dutyStations', hrDutyStationsEndpoints, p.dutyStations)} />;
export const InstitutionsPage = () => <ReferenceListPage config={plain('institutions', hrInstitutionsEndpoints, p.institutions)} />;
export const FacultiesPage = () => <ReferenceListPage config={plain('faculties', hrFacultiesEndpoints, p.faculties)} />;
export const BankTypesPage = () => <ReferenceListPage config={plain('bankTypes', hrBankTypesEndpoints, p.bankTypes)} />;
export const DeductionTypesPage = () => <ReferenceListPage config={plain('deductionTypes', hrDeductionTypesEndpoints, p.deduction)} />;

export function SubSectionsPage() {
  const { t } = useTranslation();
  const departments = useListQuery(hrDepartmentsEndpoints.list, { _limit: 1000 });
  const config = useMemo((): ReferenceListConfig => {
    const all = departments.data?.data ?? [];
    const base = plain('subSections', hrSubSectionsEndpoints, p.subSections);
    return {
      ...base,
      fields: [
        base.fields[0],
        {
          name: 'departmentId',
          label: 'hr.field.department',
          required: true,
          maxLength: 12,
          options: all.filter((d) => d.status === 'Active').map((d) => ({ value: String(d.id), label: d.name })),
        },
        base.fields[1],
      ],
      columns: [
        { field: 'departmentId', label: 'hr.field.department', text: (row) => all.find((d) => d.id === row.departmentId)?.name ?? '' },
        ...base.columns,
      ],
    };
  }, [departments.data]);
  void t;
  return <ReferenceListPage config={config} />;
}

function useTaxableConfig(name: string, endpoints: unknown, privilege: string): ReferenceListConfig {
  const { t } = useTranslation();
  const yesNo = useYesNo();
  return useMemo(() => {
    const base = plain(name, endpoints, privilege);
    return {
      ...base,
      fields: [
        base.fields[0],
        { name: 'isTaxable', label: 'hr.field.isTaxable', required: true, maxLength: 5, options: yesNo, defaultValue: 'true' },
        base.fields[1],
      ],
      columns: [{ field: 'isTaxable', label: 'hr.field.isTaxable', text: (row) => t(row.isTaxable ? 'hr.yes' : 'hr.no') }, ...base.columns],
    };
  }, [name, endpoints, privilege, yesNo, t]);
}

export const AllowanceTypesPage = () => <ReferenceListPage config={useTaxableConfig('allowanceTypes', hrAllowanceTypesEndpoints, p.allowances)} />;
export const BonusTypesPage = () => <ReferenceListPage config={useTaxableConfig('bonusTypes', hrBonusTypesEndpoints, p.bonus)} />;

export function LeaveTypesPage() {
  const { t } = useTranslation();
  const yesNo = useYesNo();
  const config = useMemo((): ReferenceListConfig => {
    const base = plain('leaveTypes', hrLeaveTypesEndpoints, p.leaves);
    return {
      ...base,
      fields: [
        base.fields[0],
        { name: 'daysPerYear', label: 'hr.field.daysPerYear', required: true, maxLength: 3, type: 'number', defaultValue: '0' },
        { name: 'isPaid', label: 'hr.field.isPaid', required: true, maxLength: 5, options: yesNo, defaultValue: 'true' },
        base.fields[1],
      ],
      columns: [
        { field: 'daysPerYear', label: 'hr.field.daysPerYear', sortable: false },
        { field: 'isPaid', label: 'hr.field.isPaid', text: (row) => t(row.isPaid ? 'hr.yes' : 'hr.no') },
        ...base.columns,
      ],
    };
  }, [yesNo, t]);
  return <ReferenceListPage config={config} />;
}
