// Drizzle mirror of the HR tables (SQL of record: db/migrations/0075_hr.sql): the reference lists, employees,
// their salary history and allowances, leave requests, the HRM settings and the tax rules.
import { boolean, date, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const referenceColumns = () => ({
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  status: text('status').notNull().default('Active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const hrDepartments = pgTable('hr_departments', referenceColumns());
export const hrSubSections = pgTable('hr_sub_sections', { ...referenceColumns(), departmentId: integer('department_id').notNull() });
export const hrJobTitles = pgTable('hr_job_titles', referenceColumns());
export const hrDuties = pgTable('hr_duties', referenceColumns());
export const hrDutyStations = pgTable('hr_duty_stations', referenceColumns());
export const hrInstitutions = pgTable('hr_institutions', referenceColumns());
export const hrFaculties = pgTable('hr_faculties', referenceColumns());
export const hrBankTypes = pgTable('hr_bank_types', referenceColumns());
export const hrAllowanceTypes = pgTable('hr_allowance_types', { ...referenceColumns(), isTaxable: boolean('is_taxable').notNull().default(true) });
export const hrBonusTypes = pgTable('hr_bonus_types', { ...referenceColumns(), isTaxable: boolean('is_taxable').notNull().default(true) });
export const hrDeductionTypes = pgTable('hr_deduction_types', referenceColumns());
export const hrLeaveTypes = pgTable('hr_leave_types', {
  ...referenceColumns(),
  daysPerYear: numeric('days_per_year', { precision: 5, scale: 1 }).notNull().default('0'),
  isPaid: boolean('is_paid').notNull().default(true),
});

export const employees = pgTable('employees', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  number: text('number').notNull(),
  firstName: text('first_name').notNull(),
  middleName: text('middle_name'),
  lastName: text('last_name').notNull(),
  sex: text('sex').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  idType: text('id_type'),
  idNumber: text('id_number'),
  photoFileId: uuid('photo_file_id'),
  emergencyName: text('emergency_name'),
  emergencyPhone: text('emergency_phone'),
  emergencyRelation: text('emergency_relation'),
  hireDate: date('hire_date', { mode: 'string' }).notNull(),
  departmentId: integer('department_id').notNull(),
  subSectionId: integer('sub_section_id'),
  jobTitleId: integer('job_title_id').notNull(),
  dutyId: integer('duty_id'),
  dutyStationId: integer('duty_station_id'),
  institutionId: integer('institution_id'),
  facultyId: integer('faculty_id'),
  employmentType: text('employment_type').notNull(),
  status: text('status').notNull().default('Active'),
  terminatedOn: date('terminated_on', { mode: 'string' }),
  terminationReason: text('termination_reason'),
  paymentMethod: text('payment_method').notNull(),
  bankTypeId: integer('bank_type_id'),
  bankAccount: text('bank_account'),
  mobileNumber: text('mobile_number'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const employeeSalaries = pgTable('employee_salaries', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  employeeId: integer('employee_id').notNull(),
  effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
  basic: numeric('basic', { precision: 14, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  reason: text('reason'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const employeeAllowances = pgTable('employee_allowances', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  employeeId: integer('employee_id').notNull(),
  allowanceTypeId: integer('allowance_type_id').notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
  effectiveTo: date('effective_to', { mode: 'string' }),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  endedBy: integer('ended_by'),
  endedAt: timestamp('ended_at', { withTimezone: true }),
});

export const leaveRequests = pgTable('leave_requests', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  employeeId: integer('employee_id').notNull(),
  leaveTypeId: integer('leave_type_id').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  days: numeric('days', { precision: 5, scale: 1 }).notNull(),
  isPaid: boolean('is_paid').notNull(),
  reason: text('reason'),
  status: text('status').notNull().default('Pending'),
  decidedBy: integer('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decisionNote: text('decision_note'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const hrSettings = pgTable('hr_settings', {
  clientId: integer('client_id').primaryKey(),
  payPeriod: text('pay_period').notNull().default('monthly'),
  payDay: integer('pay_day').notNull().default(28),
  workingDays: integer('working_days').array().notNull(),
  rounding: numeric('rounding', { precision: 6, scale: 2 }).notNull(),
  salaryExpenseAccountId: integer('salary_expense_account_id').notNull(),
  allowanceExpenseAccountId: integer('allowance_expense_account_id').notNull(),
  taxPayableAccountId: integer('tax_payable_account_id').notNull(),
  netPayPayableAccountId: integer('net_pay_payable_account_id').notNull(),
  loansAccountId: integer('loans_account_id').notNull(),
  advancesAccountId: integer('advances_account_id').notNull(),
  otherDeductionsAccountId: integer('other_deductions_account_id').notNull(),
  roundingAccountId: integer('rounding_account_id').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const hrTaxRules = pgTable('hr_tax_rules', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
  note: text('note'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const hrTaxBrackets = pgTable(
  'hr_tax_brackets',
  {
    clientId: integer('client_id').notNull(),
    ruleId: integer('rule_id').notNull(),
    lowerBound: numeric('lower_bound', { precision: 14, scale: 2 }).notNull(),
    rate: numeric('rate', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.ruleId, t.lowerBound] })],
);

/** Payslips sent (0097): one per run, employee and channel; message_id is the e-mail or SMS outbox row. */
export const hrPayslipDeliveries = pgTable('hr_payslip_deliveries', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  runId: integer('run_id').notNull(),
  employeeId: integer('employee_id').notNull(),
  channel: text('channel').notNull(),
  messageId: integer('message_id').notNull(),
  recipient: text('recipient').notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
