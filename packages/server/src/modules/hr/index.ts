// Public surface of the hr module: its routes, the tables (employees are party type 'employee' of the books),
// what the payroll will read (the settings, the tax brackets in force, working days) and the services the
// demo seed calls.
export { hrRoutes } from './hr.routes.ts';
export { payrollRunsBell, payrollApprovalsBell } from './payroll-bell.ts';
export * from './hr.tables.ts';
export { readHrSettings, taxBracketsOn, createTaxRule, updateHrSettings, getHrSettings } from './hr-settings.ts';
export { workingDaysBetween, leaveBalances, requestLeave, decideLeave } from './leave.ts';
export { createEmployee, changeSalary, addAllowance, getEmployee, fullName } from './employees.ts';
export { giveLoan, repayLoan } from './loans.ts';
export { createAdjustment } from './adjustments.ts';
export { generatePayroll, approvePayroll, payPayroll, periodBounds } from './payroll-run.ts';
export {
  hrLists,
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
} from './hr-lists.ts';
// The organisation's export: each payroll run's payslips in one PDF.
export { loadRunPayslips, renderRunPayslips } from './payslip-pdf.ts';
