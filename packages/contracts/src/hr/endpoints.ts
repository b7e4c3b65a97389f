// HR endpoints (/api/hr): the reference lists (one generic group each), employees with their salary history
// and allowances, the choices the employee form offers, the salaries screen, leave requests and balances,
// the HRM settings and the tax rules.
import { endpoint } from '../common/endpoint.ts';
import { okResponse } from '../common/validation.ts';
import { idParams } from '../settings/fields.ts';
import { referenceListEndpoints } from '../settings/endpoints.ts';
import {
  allowanceBody,
  allowanceEndBody,
  employeeAllowanceParams,
  employeeCreateBody,
  employeeDetail,
  employeeListQuery,
  employeePage,
  employeeStatusBody,
  employeeUpdateBody,
  salaryChangeBody,
  salaryListPage,
} from './employees.ts';
import { leaveBalanceQuery, leaveBalances, leaveDecisionBody, leaveListQuery, leaveRequestBody, leaveRequestPage, leaveRequestRow } from './leave.ts';
import {
  hrListBody,
  hrListItem,
  hrListQuery,
  leaveTypeBody,
  leaveTypeItem,
  subSectionBody,
  subSectionItem,
  taxableTypeBody,
  taxableTypeItem,
} from './lists.ts';
import { hrSettings, hrSettingsBody, taxRule, taxRuleBody, taxRuleList } from './settings.ts';
import { z } from '../common/validation.ts';
import { exportFields, reportFormat } from '../finance-reports/common.ts';
import {
  employeeLoanReport,
  employeeReportQuery,
  headcountReport,
  headcountReportQuery,
  leaveBalanceReport,
  leaveBalanceReportQuery,
  loanReport,
  loanReportQuery,
  payrollReport,
  payrollReportQuery,
  personalReport,
} from './reports.ts';
import {
  adjustmentBatchBody,
  adjustmentBatchResult,
  adjustmentBody,
  adjustmentListQuery,
  adjustmentPage,
  adjustmentRow,
  advanceBody,
  loanBody,
  loanDetail,
  loanListQuery,
  loanPage,
  payrollCancelBody,
  payrollChoices,
  payrollJob,
  payrollJobAccepted,
  payrollPayBody,
  sendPayslipsBody,
  sendPayslipsResult,
  payrollPreview,
  payrollRunDetail,
  payrollRunListQuery,
  payrollRunPage,
  payrollScope,
  repaymentBody,
} from './payroll.ts';

const plain = { body: hrListBody, item: hrListItem, query: hrListQuery };
export const hrDepartmentsEndpoints = referenceListEndpoints('/api/hr/departments', plain);
export const hrSubSectionsEndpoints = referenceListEndpoints('/api/hr/sub-sections', { body: subSectionBody, item: subSectionItem, query: hrListQuery });
export const hrJobTitlesEndpoints = referenceListEndpoints('/api/hr/job-titles', plain);
export const hrDutiesEndpoints = referenceListEndpoints('/api/hr/duties', plain);
export const hrDutyStationsEndpoints = referenceListEndpoints('/api/hr/duty-stations', plain);
export const hrInstitutionsEndpoints = referenceListEndpoints('/api/hr/institutions', plain);
export const hrFacultiesEndpoints = referenceListEndpoints('/api/hr/faculties', plain);
export const hrBankTypesEndpoints = referenceListEndpoints('/api/hr/bank-types', plain);
export const hrAllowanceTypesEndpoints = referenceListEndpoints('/api/hr/allowance-types', {
  body: taxableTypeBody,
  item: taxableTypeItem,
  query: hrListQuery,
});
export const hrBonusTypesEndpoints = referenceListEndpoints('/api/hr/bonus-types', { body: taxableTypeBody, item: taxableTypeItem, query: hrListQuery });
export const hrDeductionTypesEndpoints = referenceListEndpoints('/api/hr/deduction-types', plain);
export const hrLeaveTypesEndpoints = referenceListEndpoints('/api/hr/leave-types', { body: leaveTypeBody, item: leaveTypeItem, query: hrListQuery });

const choice = z.object({ id: z.number().int(), name: z.string() });
/** The active entries of every list the employee form picks from. */
export const hrChoices = z.object({
  departments: z.array(choice),
  subSections: z.array(choice.extend({ departmentId: z.number().int() })),
  jobTitles: z.array(choice),
  duties: z.array(choice),
  dutyStations: z.array(choice),
  institutions: z.array(choice),
  faculties: z.array(choice),
  bankTypes: z.array(choice),
  allowanceTypes: z.array(choice.extend({ isTaxable: z.boolean() })),
  leaveTypes: z.array(choice.extend({ isPaid: z.boolean(), daysPerYear: z.string() })),
  currency: z.string(),
});
export type HrChoices = z.infer<typeof hrChoices>;

export const employeesEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/hr/employees', query: employeeListQuery, response: employeePage }),
  create: endpoint({ method: 'POST', path: '/api/hr/employees', body: employeeCreateBody, response: employeeDetail, status: 201 }),
  choices: endpoint({ method: 'GET', path: '/api/hr/employees/choices', response: hrChoices }),
  get: endpoint({ method: 'GET', path: '/api/hr/employees/:id', params: idParams, response: employeeDetail }),
  update: endpoint({ method: 'PUT', path: '/api/hr/employees/:id', params: idParams, body: employeeUpdateBody, response: employeeDetail }),
  /** The employee's photo: upload (an image, multipart field `file`) or replace, remove, read. */
  uploadPhoto: endpoint({ method: 'POST', path: '/api/hr/employees/:id/photo', params: idParams, consumes: ['multipart/form-data'], response: employeeDetail }),
  removePhoto: endpoint({ method: 'DELETE', path: '/api/hr/employees/:id/photo', params: idParams, response: employeeDetail }),
  photo: endpoint({ method: 'GET', path: '/api/hr/employees/:id/photo', params: idParams, produces: ['image/png', 'image/jpeg', 'image/webp'] }),
  setStatus: endpoint({ method: 'PATCH', path: '/api/hr/employees/:id/status', params: idParams, body: employeeStatusBody, response: employeeDetail }),
  changeSalary: endpoint({
    method: 'POST',
    path: '/api/hr/employees/:id/salaries',
    params: idParams,
    body: salaryChangeBody,
    response: employeeDetail,
    status: 201,
  }),
  addAllowance: endpoint({
    method: 'POST',
    path: '/api/hr/employees/:id/allowances',
    params: idParams,
    body: allowanceBody,
    response: employeeDetail,
    status: 201,
  }),
  endAllowance: endpoint({
    method: 'PATCH',
    path: '/api/hr/employees/:id/allowances/:allowanceId',
    params: employeeAllowanceParams,
    body: allowanceEndBody,
    response: employeeDetail,
  }),
  leaveBalances: endpoint({ method: 'GET', path: '/api/hr/employees/:id/leave-balances', params: idParams, query: leaveBalanceQuery, response: leaveBalances }),
  salaries: endpoint({ method: 'GET', path: '/api/hr/salaries', query: employeeListQuery, response: salaryListPage }),
};

export const leavesEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/hr/leaves', query: leaveListQuery, response: leaveRequestPage }),
  create: endpoint({ method: 'POST', path: '/api/hr/leaves', body: leaveRequestBody, response: leaveRequestRow, status: 201 }),
  decide: endpoint({ method: 'PATCH', path: '/api/hr/leaves/:id/decision', params: idParams, body: leaveDecisionBody, response: leaveRequestRow }),
};

export const hrSettingsEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/hr/settings', response: hrSettings }),
  update: endpoint({ method: 'PUT', path: '/api/hr/settings', body: hrSettingsBody, response: hrSettings }),
  taxRules: endpoint({ method: 'GET', path: '/api/hr/tax-rules', response: taxRuleList }),
  createTaxRule: endpoint({ method: 'POST', path: '/api/hr/tax-rules', body: taxRuleBody, response: taxRule, status: 201 }),
  updateTaxRule: endpoint({ method: 'PUT', path: '/api/hr/tax-rules/:id', params: idParams, body: taxRuleBody, response: taxRule }),
  removeTaxRule: endpoint({ method: 'DELETE', path: '/api/hr/tax-rules/:id', params: idParams, response: okResponse }),
};

export const loansEndpoints = {
  choices: endpoint({ method: 'GET', path: '/api/hr/payroll-choices', response: payrollChoices }),
  list: endpoint({ method: 'GET', path: '/api/hr/loans', query: loanListQuery, response: loanPage }),
  create: endpoint({ method: 'POST', path: '/api/hr/loans', body: loanBody, response: loanDetail, status: 201 }),
  get: endpoint({ method: 'GET', path: '/api/hr/loans/:id', params: idParams, response: loanDetail }),
  repay: endpoint({ method: 'POST', path: '/api/hr/loans/:id/repayments', params: idParams, body: repaymentBody, response: loanDetail, status: 201 }),
  advances: endpoint({ method: 'GET', path: '/api/hr/advances', query: loanListQuery, response: loanPage }),
  createAdvance: endpoint({ method: 'POST', path: '/api/hr/advances', body: advanceBody, response: loanDetail, status: 201 }),
  getAdvance: endpoint({ method: 'GET', path: '/api/hr/advances/:id', params: idParams, response: loanDetail }),
};

export const adjustmentsEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/hr/payroll-adjustments', query: adjustmentListQuery, response: adjustmentPage }),
  create: endpoint({ method: 'POST', path: '/api/hr/payroll-adjustments', body: adjustmentBody, response: adjustmentRow, status: 201 }),
  batch: endpoint({ method: 'POST', path: '/api/hr/payroll-adjustments/batch', body: adjustmentBatchBody, response: adjustmentBatchResult, status: 201 }),
  cancel: endpoint({ method: 'PATCH', path: '/api/hr/payroll-adjustments/:id/cancel', params: idParams, response: adjustmentRow }),
};

const runEmployeeParams = z.object({ id: idParams.shape.id, employeeId: idParams.shape.id });

export const payrollEndpoints = {
  preview: endpoint({ method: 'GET', path: '/api/hr/payroll/preview', query: payrollScope, response: payrollPreview }),
  generate: endpoint({ method: 'POST', path: '/api/hr/payroll/runs', body: payrollScope, response: payrollJobAccepted, status: 202 }),
  job: endpoint({ method: 'GET', path: '/api/hr/payroll/jobs/:id', params: idParams, response: payrollJob }),
  list: endpoint({ method: 'GET', path: '/api/hr/payroll/runs', query: payrollRunListQuery, response: payrollRunPage }),
  get: endpoint({ method: 'GET', path: '/api/hr/payroll/runs/:id', params: idParams, response: payrollRunDetail }),
  approve: endpoint({ method: 'POST', path: '/api/hr/payroll/runs/:id/approve', params: idParams, response: payrollRunDetail }),
  pay: endpoint({ method: 'POST', path: '/api/hr/payroll/runs/:id/pay', params: idParams, body: payrollPayBody, response: payrollRunDetail }),
  /** One employee's payslip of a run, as a PDF in the caller's language. */
  payslipPdf: endpoint({ method: 'GET', path: '/api/hr/payroll/runs/:id/payslips/:employeeId/pdf', params: runEmployeeParams, produces: ['application/pdf'] }),
  /** Every payslip of the run in one PDF (a page each, as each alone), in the caller's language. */
  payslipsPdf: endpoint({ method: 'GET', path: '/api/hr/payroll/runs/:id/payslips/pdf', params: idParams, produces: ['application/pdf'] }),
  /** Sends the run's payslips by e-mail (PDF attached) or SMS through the outboxes; once per employee and channel. */
  sendPayslips: endpoint({
    method: 'POST',
    path: '/api/hr/payroll/runs/:id/send-payslips',
    params: idParams,
    body: sendPayslipsBody,
    response: sendPayslipsResult,
  }),
  /** The run's register (every employee's payslip figures) as one PDF. */
  runPdf: endpoint({ method: 'GET', path: '/api/hr/payroll/runs/:id/pdf', params: idParams, produces: ['application/pdf'] }),
  /** The bank list (CSV): employee, bank, account or mobile number, net pay. */
  bankFile: endpoint({ method: 'GET', path: '/api/hr/payroll/runs/:id/bank-file', params: idParams, produces: ['text/csv'] }),
  cancel: endpoint({ method: 'POST', path: '/api/hr/payroll/runs/:id/cancel', params: idParams, body: payrollCancelBody, response: payrollRunDetail }),
};

// safeExtend keeps the query's cross-field checks (a period's order) on the extended schema.
const withFormat = <S extends z.core.$ZodShape>(query: z.ZodObject<S>) =>
  (query as z.ZodObject).safeExtend({ format: reportFormat.optional() }) as unknown as z.ZodObject<S & { format: z.ZodOptional<typeof reportFormat> }>;
const withExport = <S extends z.core.$ZodShape>(query: z.ZodObject<S>) =>
  (query as z.ZodObject).safeExtend(exportFields) as unknown as z.ZodObject<S & typeof exportFields>;
const hrReportFiles = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;

export const hrReportsEndpoints = {
  payroll: endpoint({ method: 'GET', path: '/api/hr/reports/payroll', query: withFormat(payrollReportQuery), response: payrollReport }),
  payrollExport: endpoint({ method: 'GET', path: '/api/hr/reports/payroll/export', query: withExport(payrollReportQuery), produces: hrReportFiles }),
  loans: endpoint({ method: 'GET', path: '/api/hr/reports/loans', query: withFormat(loanReportQuery), response: loanReport }),
  loansExport: endpoint({ method: 'GET', path: '/api/hr/reports/loans/export', query: withExport(loanReportQuery), produces: hrReportFiles }),
  advances: endpoint({ method: 'GET', path: '/api/hr/reports/advances', query: withFormat(loanReportQuery), response: loanReport }),
  advancesExport: endpoint({ method: 'GET', path: '/api/hr/reports/advances/export', query: withExport(loanReportQuery), produces: hrReportFiles }),
  employeeLoans: endpoint({ method: 'GET', path: '/api/hr/reports/employee-loans', query: withFormat(employeeReportQuery), response: employeeLoanReport }),
  employeeLoansExport: endpoint({
    method: 'GET',
    path: '/api/hr/reports/employee-loans/export',
    query: withExport(employeeReportQuery),
    produces: hrReportFiles,
  }),
  personal: endpoint({ method: 'GET', path: '/api/hr/reports/personal', query: withFormat(employeeReportQuery), response: personalReport }),
  personalExport: endpoint({ method: 'GET', path: '/api/hr/reports/personal/export', query: withExport(employeeReportQuery), produces: hrReportFiles }),
  headcount: endpoint({ method: 'GET', path: '/api/hr/reports/headcount', query: withFormat(headcountReportQuery), response: headcountReport }),
  headcountExport: endpoint({ method: 'GET', path: '/api/hr/reports/headcount/export', query: withExport(headcountReportQuery), produces: hrReportFiles }),
  leaveBalances: endpoint({ method: 'GET', path: '/api/hr/reports/leave-balances', query: withFormat(leaveBalanceReportQuery), response: leaveBalanceReport }),
  leaveBalancesExport: endpoint({
    method: 'GET',
    path: '/api/hr/reports/leave-balances/export',
    query: withExport(leaveBalanceReportQuery),
    produces: hrReportFiles,
  }),
};
