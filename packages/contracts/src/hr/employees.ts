// Employees (/hr-settings/employee): the person, their place in the organisation, their pay (basic salary
// as an effective-dated history, recurring allowances) and how they are paid. An employee is party type
// 'employee' of the books (loans, advances and net pay are their open items).
import { id, isoDate, listQuery, money, page, trimmed, whenValid, z } from '../common/validation.ts';
import { nullableEmail, nullablePhone, nullableText } from '../settings/fields.ts';

export const sexValues = ['male', 'female'] as const;
export const idTypeValues = ['national-id', 'passport', 'driving-licence', 'other'] as const;
export const employmentTypeValues = ['permanent', 'contract', 'temporary', 'part-time', 'intern'] as const;
export const employeeStatusValues = ['Active', 'OnLeave', 'Suspended', 'Terminated'] as const;
export type EmployeeStatus = (typeof employeeStatusValues)[number];
export const employeePaymentMethodValues = ['cash', 'bank', 'mobile'] as const;
export const salaryCurrencyValues = ['USD', 'SOS'] as const;

const optionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable());
const optionalDate = z.preprocess((v) => (v === '' || v === undefined ? null : v), isoDate.nullable());

/** The employee's file: everything but pay history (salary rows and allowances have their own endpoints). */
const employeeFields = {
  /** Blank: the next number of the series EMP (EMP-0001, ...). */
  number: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(30)
      .regex(/^[A-Za-z0-9][A-Za-z0-9/-]*$/, 'hr.numberFormat')
      .optional(),
  ),
  firstName: trimmed(80),
  middleName: nullableText(80),
  lastName: trimmed(80),
  sex: z.enum(sexValues, 'v.required'),
  dateOfBirth: optionalDate,
  phone: nullablePhone,
  email: nullableEmail,
  address: nullableText(500),
  idType: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(idTypeValues).nullable()),
  idNumber: nullableText(60),
  emergencyName: nullableText(120),
  emergencyPhone: nullablePhone,
  emergencyRelation: nullableText(60),
  hireDate: isoDate,
  departmentId: id,
  subSectionId: optionalId,
  jobTitleId: id,
  dutyId: optionalId,
  dutyStationId: optionalId,
  institutionId: optionalId,
  facultyId: optionalId,
  employmentType: z.enum(employmentTypeValues, 'v.required'),
  paymentMethod: z.enum(employeePaymentMethodValues, 'v.required'),
  bankTypeId: optionalId,
  bankAccount: nullableText(40),
  mobileNumber: nullablePhone,
};

type PayFields = { paymentMethod?: string; bankTypeId?: number | null; bankAccount?: string | null; mobileNumber?: string | null };
type IssueCtx = { addIssue(issue: { code: 'custom'; message: string; path: string[] }): void };
function checkPayment(v: PayFields, ctx: IssueCtx) {
  if (v.paymentMethod === 'bank') {
    if (!v.bankTypeId) ctx.addIssue({ code: 'custom', message: 'v.required', path: ['bankTypeId'] });
    if (!v.bankAccount) ctx.addIssue({ code: 'custom', message: 'v.required', path: ['bankAccount'] });
  }
  if (v.paymentMethod === 'mobile' && !v.mobileNumber) ctx.addIssue({ code: 'custom', message: 'v.required', path: ['mobileNumber'] });
}

const payWhen = whenValid('paymentMethod', 'bankTypeId', 'bankAccount', 'mobileNumber');

export const employeeUpdateBody = z.object(employeeFields).superRefine((v, ctx) => checkPayment(v, ctx), payWhen);
export type EmployeeUpdateBody = z.input<typeof employeeUpdateBody>;

/** Hiring: the file plus the first basic salary (effective from the hire date) and its currency. */
export const employeeCreateBody = z
  .object({ ...employeeFields, basicSalary: money, currency: z.enum(salaryCurrencyValues, 'v.required') })
  .superRefine((v, ctx) => checkPayment(v, ctx), payWhen);
export type EmployeeCreateBody = z.input<typeof employeeCreateBody>;

export const employeeStatusBody = z
  .object({
    status: z.enum(employeeStatusValues, 'v.required'),
    terminatedOn: optionalDate,
    terminationReason: nullableText(500),
  })
  .superRefine(
    (v, ctx) => {
      if (v.status !== 'Terminated') return;
      if (!v.terminatedOn) ctx.addIssue({ code: 'custom', message: 'v.required', path: ['terminatedOn'] });
      if (!v.terminationReason) ctx.addIssue({ code: 'custom', message: 'v.required', path: ['terminationReason'] });
    },
    whenValid('status', 'terminatedOn', 'terminationReason'),
  );

const named = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const employeeRow = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  sex: z.enum(sexValues),
  phone: z.string().nullable(),
  hireDate: z.string(),
  department: named,
  jobTitle: named,
  employmentType: z.enum(employmentTypeValues),
  status: z.enum(employeeStatusValues),
  paymentMethod: z.enum(employeePaymentMethodValues),
  /** The basic salary in force today (null before the first salary takes effect). */
  basic: money.nullable(),
  currency: z.string().nullable(),
});
export type EmployeeRow = z.infer<typeof employeeRow>;
export const employeePage = page(employeeRow);

export const employeeSortable = ['number', 'name', 'hireDate', 'status', 'department'] as const;
export const employeeListQuery = listQuery.extend({
  status: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), z.enum(employeeStatusValues).optional()),
  departmentId: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), id.optional()),
  jobTitleId: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), id.optional()),
  employmentType: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), z.enum(employmentTypeValues).optional()),
  _sort: z.enum(employeeSortable).optional(),
});
export type EmployeeListQuery = z.input<typeof employeeListQuery>;

export const salaryRow = z.object({
  id: z.number().int(),
  effectiveFrom: z.string(),
  /** The day before the next row takes effect (null: still in force). */
  effectiveTo: z.string().nullable(),
  basic: money,
  currency: z.string(),
  reason: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type SalaryRow = z.infer<typeof salaryRow>;

export const allowanceRow = z.object({
  id: z.number().int(),
  allowanceTypeId: z.number().int(),
  allowanceType: z.string(),
  isTaxable: z.boolean(),
  amount: money,
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
});
export type AllowanceRow = z.infer<typeof allowanceRow>;

const text = z.string().nullable();
const ref = z.number().int().nullable();
export const employeeDetail = z.object({
  firstName: z.string(),
  middleName: text,
  lastName: z.string(),
  sex: z.enum(sexValues),
  dateOfBirth: text,
  phone: text,
  email: text,
  address: text,
  idType: z.enum(idTypeValues).nullable(),
  idNumber: text,
  emergencyName: text,
  emergencyPhone: text,
  emergencyRelation: text,
  hireDate: z.string(),
  departmentId: z.number().int(),
  subSectionId: ref,
  jobTitleId: z.number().int(),
  dutyId: ref,
  dutyStationId: ref,
  institutionId: ref,
  facultyId: ref,
  employmentType: z.enum(employmentTypeValues),
  paymentMethod: z.enum(employeePaymentMethodValues),
  bankTypeId: ref,
  bankAccount: text,
  mobileNumber: text,
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  status: z.enum(employeeStatusValues),
  terminatedOn: z.string().nullable(),
  terminationReason: z.string().nullable(),
  hasPhoto: z.boolean(),
  department: named,
  subSection: named,
  jobTitle: named,
  duty: named,
  dutyStation: named,
  institution: named,
  faculty: named,
  bankType: named,
  salaries: z.array(salaryRow),
  allowances: z.array(allowanceRow),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmployeeDetail = z.infer<typeof employeeDetail>;

/** A raise (or any change of basic salary): a new row from a date after the latest one. */
export const salaryChangeBody = z.object({
  effectiveFrom: isoDate,
  basic: money,
  currency: z.enum(salaryCurrencyValues, 'v.required'),
  reason: nullableText(500),
});
export type SalaryChangeBody = z.input<typeof salaryChangeBody>;

export const allowanceBody = z.object({ allowanceTypeId: id, amount: money, effectiveFrom: isoDate, effectiveTo: optionalDate }).superRefine(
  (v, ctx) => {
    if (v.effectiveTo && v.effectiveTo < v.effectiveFrom) ctx.addIssue({ code: 'custom', message: 'hr.endBeforeStart', path: ['effectiveTo'] });
  },
  whenValid('effectiveFrom', 'effectiveTo'),
);
export type AllowanceBody = z.input<typeof allowanceBody>;

export const allowanceEndBody = z.object({ effectiveTo: isoDate });
export const employeeAllowanceParams = z.object({ id: id, allowanceId: id });

/** The salaries screen: every employee's salary in force today. */
export const salaryListRow = employeeRow.extend({ effectiveFrom: z.string().nullable(), allowancesTotal: money });
export const salaryListPage = page(salaryListRow);
