// The HR reference lists as lib/reference-list.ts lists: one description each (table, endpoints, privilege,
// extra fields). Retiring an entry keeps it on the employees that have it; deleting one in use is refused
// by the foreign keys (409).
import { eq, sql } from 'drizzle-orm';
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
  hrListBody,
  hrListItem,
  hrListQuery,
  hrSubSectionsEndpoints,
  leaveTypeBody,
  leaveTypeItem,
  type ReferenceListEndpoints,
  type ReferenceStatus,
  subSectionBody,
  subSectionItem,
  taxableTypeBody,
  taxableTypeItem,
} from '@ubo/contracts';
import type { ReferenceList, ReferenceTable } from '../../lib/reference-list.ts';
import { fieldError } from '../../plugins/errors.ts';
import {
  hrAllowanceTypes,
  hrBankTypes,
  hrBonusTypes,
  hrDeductionTypes,
  hrDepartments,
  hrDuties,
  hrDutyStations,
  hrFaculties,
  hrInstitutions,
  hrJobTitles,
  hrLeaveTypes,
  hrSubSections,
} from './hr.tables.ts';

const iso = (d: Date) => d.toISOString();

type BaseRow = { id: number; name: string; description: string | null; status: string; createdAt: Date; updatedAt: Date };
const baseItem = (row: BaseRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  status: row.status as ReferenceStatus,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

function common<T extends ReferenceTable & { description: ReferenceTable['name'] }>(table: T) {
  return {
    tag: 'hr',
    table,
    query: hrListQuery,
    sortColumns: {
      id: table.id,
      name: sql`lower(${table.name})`,
      status: table.status,
      createdAt: table.createdAt,
      updatedAt: table.updatedAt,
    },
    searchColumns: [table.name, table.description],
  };
}

function plainList<T extends ReferenceTable & { description: ReferenceTable['name'] }>(
  entity: string,
  endpoints: ReferenceListEndpoints,
  privilege: string,
  table: T,
): ReferenceList<T, typeof hrListBody, typeof hrListItem> {
  return {
    ...common(table),
    entity,
    endpoints,
    privilege,
    body: hrListBody,
    item: hrListItem,
    toValues: (input) => ({ name: input.name, description: input.description }),
    toItem: (row) => baseItem(row as unknown as BaseRow),
  };
}

export const departmentList = plainList('hr-department', hrDepartmentsEndpoints, 'departments', hrDepartments);
export const jobTitleList = plainList('hr-job-title', hrJobTitlesEndpoints, 'job-titles', hrJobTitles);
export const dutyList = plainList('hr-duty', hrDutiesEndpoints, 'duties', hrDuties);
export const dutyStationList = plainList('hr-duty-station', hrDutyStationsEndpoints, 'duty-stations', hrDutyStations);
export const institutionList = plainList('hr-institution', hrInstitutionsEndpoints, 'institutions', hrInstitutions);
export const facultyList = plainList('hr-faculty', hrFacultiesEndpoints, 'faculties', hrFaculties);
export const bankTypeList = plainList('hr-bank-type', hrBankTypesEndpoints, 'bank-types', hrBankTypes);
export const deductionTypeList = plainList('hr-deduction-type', hrDeductionTypesEndpoints, 'deduction', hrDeductionTypes);

export const subSectionList: ReferenceList<typeof hrSubSections, typeof subSectionBody, typeof subSectionItem> = {
  ...common(hrSubSections),
  entity: 'hr-sub-section',
  endpoints: hrSubSectionsEndpoints,
  privilege: 'sub-sections',
  body: subSectionBody,
  item: subSectionItem,
  toValues: (input) => ({ name: input.name, description: input.description, departmentId: input.departmentId }),
  toItem: (row) => ({ ...baseItem(row), departmentId: row.departmentId }),
  // The department must be one of this organisation's (row-level security hides the others) and active.
  beforeSave: async ({ tx, input }) => {
    const [dept] = await tx.select({ status: hrDepartments.status }).from(hrDepartments).where(eq(hrDepartments.id, input.departmentId));
    if (!dept) throw fieldError('departmentId', 'v.notFound');
    if (dept.status !== 'Active') throw fieldError('departmentId', 'hr.inactiveChoice');
  },
};

function taxableList(entity: string, endpoints: ReferenceListEndpoints, privilege: string, table: typeof hrAllowanceTypes | typeof hrBonusTypes) {
  const list: ReferenceList<typeof table, typeof taxableTypeBody, typeof taxableTypeItem> = {
    ...common(table),
    entity,
    endpoints,
    privilege,
    body: taxableTypeBody,
    item: taxableTypeItem,
    toValues: (input) => ({ name: input.name, description: input.description, isTaxable: input.isTaxable }),
    toItem: (row) => ({ ...baseItem(row), isTaxable: row.isTaxable }),
  };
  return list;
}
export const allowanceTypeList = taxableList('hr-allowance-type', hrAllowanceTypesEndpoints, 'allowances', hrAllowanceTypes);
export const bonusTypeList = taxableList('hr-bonus-type', hrBonusTypesEndpoints, 'bonus', hrBonusTypes);

export const leaveTypeList: ReferenceList<typeof hrLeaveTypes, typeof leaveTypeBody, typeof leaveTypeItem> = {
  ...common(hrLeaveTypes),
  entity: 'hr-leave-type',
  endpoints: hrLeaveTypesEndpoints,
  privilege: 'leaves',
  body: leaveTypeBody,
  item: leaveTypeItem,
  toValues: (input) => ({ name: input.name, description: input.description, daysPerYear: String(input.daysPerYear), isPaid: input.isPaid }),
  toItem: (row) => ({ ...baseItem(row), daysPerYear: row.daysPerYear, isPaid: row.isPaid }),
};

export const hrLists = [
  departmentList,
  subSectionList,
  jobTitleList,
  dutyList,
  dutyStationList,
  institutionList,
  facultyList,
  bankTypeList,
  allowanceTypeList,
  bonusTypeList,
  deductionTypeList,
  leaveTypeList,
] as const;
