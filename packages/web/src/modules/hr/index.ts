// HR: the reference lists (one generic screen each), employees (list, hire and edit, the employee's page
// with file, salary history, allowances and leave), salaries, leave requests and the HRM settings. Each
// route needs the privilege of its menu entry.
import { lazyPage, type ModuleRoute } from '../../app/moduleTypes.ts';
import { hrPrivileges as p } from './hr.access.ts';

type ListPage =
  | 'DepartmentsPage'
  | 'SubSectionsPage'
  | 'JobTitlesPage'
  | 'DutiesPage'
  | 'DutyStationsPage'
  | 'InstitutionsPage'
  | 'FacultiesPage'
  | 'BankTypesPage'
  | 'AllowanceTypesPage'
  | 'BonusTypesPage'
  | 'DeductionTypesPage'
  | 'LeaveTypesPage';
type ReportPage = 'PayrollReportPage' | 'LoanReportPage' | 'AdvancesReportPage' | 'EmployeeLoanReportPage' | 'PersonalReportPage';
const report = (page: ReportPage) => lazyPage(() => import('./HrReportsPage.tsx').then((m) => ({ default: m[page] })));
const people = (page: 'HeadcountReportPage' | 'LeaveBalanceReportPage') => lazyPage(() => import('./HrPeopleReports.tsx').then((m) => ({ default: m[page] })));
const list = (page: ListPage) => lazyPage(() => import('./hrLists.tsx').then((m) => ({ default: m[page] })));

export const routes: ModuleRoute[] = [
  { path: 'hr-settings/employee', element: lazyPage(() => import('./EmployeeListPage.tsx')), privilege: p.employee },
  { path: 'hr-settings/employee/new', element: lazyPage(() => import('./EmployeeFormPage.tsx')), privilege: p.employee, title: 'hr.employees.createTitle' },
  { path: 'hr-settings/employee/:id', element: lazyPage(() => import('./EmployeePage.tsx')), privilege: p.employee, title: 'hr.employees.title' },
  { path: 'hr-settings/employee/:id/edit', element: lazyPage(() => import('./EmployeeFormPage.tsx')), privilege: p.employee, title: 'hr.employees.title' },
  { path: 'hr-settings/salaries', element: lazyPage(() => import('./SalariesPage.tsx')), privilege: p.salaries },
  { path: 'hr-settings/leaves', element: lazyPage(() => import('./LeavePage.tsx')), privilege: p.leaves },
  { path: 'hr-settings/setting', element: lazyPage(() => import('./HrSettingsPage.tsx')), privilege: p.settings },
  { path: 'hr-settings/departments', element: list('DepartmentsPage'), privilege: p.departments },
  { path: 'hr-settings/sub-sections', element: list('SubSectionsPage'), privilege: p.subSections },
  { path: 'hr-settings/Job-titles', element: list('JobTitlesPage'), privilege: p.jobTitles },
  { path: 'hr-settings/duties', element: list('DutiesPage'), privilege: p.duties },
  { path: 'hr-settings/duty-stations', element: list('DutyStationsPage'), privilege: p.dutyStations },
  { path: 'hr-settings/institutions', element: list('InstitutionsPage'), privilege: p.institutions },
  { path: 'hr-settings/faculties', element: list('FacultiesPage'), privilege: p.faculties },
  { path: 'hr-settings/bank-types', element: list('BankTypesPage'), privilege: p.bankTypes },
  { path: 'hr-settings/allowances', element: list('AllowanceTypesPage'), privilege: p.allowances },
  { path: 'hr-settings/bonus-types', element: list('BonusTypesPage'), privilege: p.bonus },
  { path: 'hr-settings/deduction-types', element: list('DeductionTypesPage'), privilege: p.deduction },
  { path: 'hr-settings/leave-types', element: list('LeaveTypesPage'), privilege: p.leaves },
  { path: 'hr-settings/loans', element: lazyPage(() => import('./LoansPage.tsx').then((m) => ({ default: m.LoansPage }))), privilege: p.loan },
  { path: 'hr-settings/advances', element: lazyPage(() => import('./LoansPage.tsx').then((m) => ({ default: m.AdvancesPage }))), privilege: p.advance },
  { path: 'hr-settings/payroll-adjustment', element: lazyPage(() => import('./AdjustmentsPage.tsx')), privilege: p.adjustment },
  { path: 'hr-settings/payroll', element: lazyPage(() => import('./PayrollPage.tsx')), privilege: p.payroll },
  { path: 'hr-settings/payroll/:id', element: lazyPage(() => import('./PayrollRunPage.tsx')), title: 'hr.payroll.runsTitle' },
  { path: 'hr-report/payroll-report', element: report('PayrollReportPage'), privilege: p.payrollReport },
  { path: 'hr-report/loan-report', element: report('LoanReportPage'), privilege: p.loanReport },
  { path: 'hr-report/advanced-report', element: report('AdvancesReportPage'), privilege: p.advancesReport },
  { path: 'hr-report/empoloyee-loan-report', element: report('EmployeeLoanReportPage'), privilege: p.employeeLoanReport },
  { path: 'hr-report/personal-report', element: report('PersonalReportPage'), privilege: p.personalReport },
  { path: 'hr-report/headcount-report', element: people('HeadcountReportPage'), privilege: p.headcountReport },
  { path: 'hr-report/leave-balance-report', element: people('LeaveBalanceReportPage'), privilege: p.leaveBalanceReport },
];
