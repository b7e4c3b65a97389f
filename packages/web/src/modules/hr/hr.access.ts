// The privilege each HR screen needs (contracts/privileges.ts); the server checks the same.
export const hrPrivileges = {
  employee: 'employee',
  leaves: 'leaves',
  settings: 'hrm-setting',
  salaries: 'salaries',
  departments: 'departments',
  subSections: 'sub-sections',
  jobTitles: 'job-titles',
  duties: 'duties',
  dutyStations: 'duty-stations',
  institutions: 'institutions',
  faculties: 'faculties',
  bankTypes: 'bank-types',
  allowances: 'allowances',
  bonus: 'bonus',
  deduction: 'deduction',
} as const;
