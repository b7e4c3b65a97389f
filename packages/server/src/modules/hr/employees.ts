// Employees: hire (the file and the first basic salary), read, list, edit, change status, and their pay
// history: a salary change is a new row dated after the latest (never an edit), a recurring allowance has an
// effective period and is ended, never removed. Every change writes its audit line in the same transaction.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  AllowanceRow,
  EmployeeDetail,
  EmployeeRow,
  HrChoices,
  SalaryRow,
  allowanceBody,
  employeeCreateBody,
  employeeListQuery,
  employeeStatusBody,
  employeeUpdateBody,
  salaryChangeBody,
  z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { containsPattern, pgCode } from '../../lib/sql.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, fieldError, notFound } from '../../plugins/errors.ts';
import { nextDocumentNumber } from '../../ledger/index.ts';
import { employeeAllowances, employeeSalaries, employees } from './hr.tables.ts';

type CreateInput = z.output<typeof employeeCreateBody>;
type UpdateInput = z.output<typeof employeeUpdateBody>;

const throwFields = (errors: { field: string; message: string }[]) => {
  if (errors.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', errors);
};

/** The list each reference field picks from. */
const refTables: Record<string, string> = {
  departmentId: 'hr_departments',
  subSectionId: 'hr_sub_sections',
  jobTitleId: 'hr_job_titles',
  dutyId: 'hr_duties',
  dutyStationId: 'hr_duty_stations',
  institutionId: 'hr_institutions',
  facultyId: 'hr_faculties',
  bankTypeId: 'hr_bank_types',
};

/**
 * Every chosen entry exists in this organisation and is active (an entry the employee already had may stay
 * though retired since); the sub-section is one of the department's. Field errors, all at once.
 */
async function checkFile(tx: Db, input: UpdateInput, before?: typeof employees.$inferSelect) {
  const errors: { field: string; message: string }[] = [];
  const today = await currentDate(tx);
  for (const [field, table] of Object.entries(refTables)) {
    const value = input[field as keyof UpdateInput] as number | null | undefined;
    if (!value) continue;
    const extra = field === 'subSectionId' ? sql`, department_id` : sql``;
    const [row] = await queryRows<{ status: string; department_id?: number }>(tx, sql`select status${extra} from ${sql.identifier(table)} where id = ${value}`);
    if (!row) errors.push({ field, message: 'v.notFound' });
    else if (row.status !== 'Active' && before?.[field as keyof typeof before] !== value) errors.push({ field, message: 'hr.inactiveChoice' });
    else if (field === 'subSectionId' && row.department_id !== input.departmentId) errors.push({ field, message: 'hr.subSectionOtherDepartment' });
  }
  if (input.dateOfBirth && input.dateOfBirth > today) errors.push({ field: 'dateOfBirth', message: 'hr.birthInFuture' });
  else if (input.dateOfBirth && input.hireDate <= input.dateOfBirth) errors.push({ field: 'hireDate', message: 'hr.beforeBirth' });
  if (input.number) {
    const [taken] = await queryRows<{ id: number }>(
      tx,
      sql`select id from employees where lower(number) = lower(${input.number}) ${before ? sql`and id <> ${before.id}` : sql``} limit 1`,
    );
    if (taken) errors.push({ field: 'number', message: `hr.numberTaken|${input.number}` });
  }
  throwFields(errors);
}

async function currentDate(tx: Db): Promise<string> {
  const [row] = await queryRows<{ d: string }>(tx, sql`select current_date::text as d`);
  return row.d;
}

/** Employee numbers typed by hand may take one the series would give: skip those. */
async function nextEmployeeNumber(tx: Db, clientId: number): Promise<string> {
  for (;;) {
    const no = await nextDocumentNumber(tx, clientId, 'EMP');
    const number = `EMP-${String(no).padStart(4, '0')}`;
    const [taken] = await queryRows<{ id: number }>(tx, sql`select id from employees where lower(number) = lower(${number}) limit 1`);
    if (!taken) return number;
  }
}

function fileValues(input: UpdateInput) {
  return {
    firstName: input.firstName,
    middleName: input.middleName,
    lastName: input.lastName,
    sex: input.sex,
    dateOfBirth: input.dateOfBirth,
    phone: input.phone,
    email: input.email,
    address: input.address,
    idType: input.idType,
    idNumber: input.idNumber,
    emergencyName: input.emergencyName,
    emergencyPhone: input.emergencyPhone,
    emergencyRelation: input.emergencyRelation,
    hireDate: input.hireDate,
    departmentId: input.departmentId,
    subSectionId: input.subSectionId,
    jobTitleId: input.jobTitleId,
    dutyId: input.dutyId,
    dutyStationId: input.dutyStationId,
    institutionId: input.institutionId,
    facultyId: input.facultyId,
    employmentType: input.employmentType,
    paymentMethod: input.paymentMethod,
    // Only the chosen method's details are kept.
    bankTypeId: input.paymentMethod === 'bank' ? input.bankTypeId : null,
    bankAccount: input.paymentMethod === 'bank' ? input.bankAccount : null,
    mobileNumber: input.paymentMethod === 'mobile' ? input.mobileNumber : null,
  };
}

const numberOnUnique = (number: string) => (err: unknown) => {
  if (pgCode(err) === '23505') throw fieldError('number', `hr.numberTaken|${number}`);
  throw err;
};

export async function createEmployee(opts: { tx: Db; actor: Actor; input: CreateInput }): Promise<EmployeeDetail> {
  const { tx, actor, input } = opts;
  await checkFile(tx, input);
  const number = input.number ?? (await nextEmployeeNumber(tx, actor.clientId));
  const [row] = await tx
    .insert(employees)
    .values({ ...fileValues(input), clientId: actor.clientId, number, createdBy: actor.userId })
    .returning()
    .catch(numberOnUnique(number));
  await tx.insert(employeeSalaries).values({
    clientId: actor.clientId,
    employeeId: row.id,
    effectiveFrom: input.hireDate,
    basic: input.basicSalary,
    currency: input.currency,
    reason: null,
    createdBy: actor.userId,
  });
  const after = await getEmployee({ tx, id: row.id });
  await writeAudit(tx, actor, { action: 'create', entity: 'employee', entityId: row.id, after: auditView(after) });
  return after;
}

/** What the log sheet keeps of an employee: the file without the nested history. */
function auditView(e: EmployeeDetail) {
  const { salaries: _s, allowances: _a, ...file } = e;
  return file;
}

async function lockEmployee(tx: Db, id: number) {
  const [row] = await tx.select().from(employees).where(eq(employees.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export async function updateEmployee(opts: { tx: Db; actor: Actor; id: number; input: UpdateInput }): Promise<EmployeeDetail> {
  const { tx, actor, id, input } = opts;
  const existing = await lockEmployee(tx, id);
  const before = await getEmployee({ tx, id });
  await checkFile(tx, input, existing);
  // The first salary starts on the hire date: a hire date may only move while it stays on or before it.
  const [first] = await tx.select().from(employeeSalaries).where(eq(employeeSalaries.employeeId, id)).orderBy(asc(employeeSalaries.effectiveFrom)).limit(1);
  if (first && input.hireDate > first.effectiveFrom) throw fieldError('hireDate', `hr.salaryBeforeHire|${input.hireDate}`);
  const number = input.number ?? existing.number;
  await tx
    .update(employees)
    .set({ ...fileValues(input), number, updatedAt: new Date() })
    .where(eq(employees.id, id))
    .catch(numberOnUnique(number));
  const after = await getEmployee({ tx, id });
  await writeAudit(tx, actor, { action: 'update', entity: 'employee', entityId: id, before: auditView(before), after: auditView(after) });
  return after;
}

export async function setEmployeeStatus(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof employeeStatusBody> }): Promise<EmployeeDetail> {
  const { tx, actor, id, input } = opts;
  const existing = await lockEmployee(tx, id);
  const terminated = input.status === 'Terminated';
  if (terminated && input.terminatedOn && input.terminatedOn < existing.hireDate) throw fieldError('terminatedOn', 'hr.terminatedBeforeHire');
  await tx
    .update(employees)
    .set({
      status: input.status,
      terminatedOn: terminated ? input.terminatedOn : null,
      terminationReason: terminated ? input.terminationReason : null,
      updatedAt: new Date(),
    })
    .where(eq(employees.id, id));
  await writeAudit(tx, actor, {
    action: 'status',
    entity: 'employee',
    entityId: id,
    before: { status: existing.status, terminatedOn: existing.terminatedOn, terminationReason: existing.terminationReason },
    after: { status: input.status, terminatedOn: terminated ? input.terminatedOn : null, terminationReason: terminated ? input.terminationReason : null },
  });
  return getEmployee({ tx, id });
}

/** A raise or any change of basic salary: a new row dated after the latest; earlier months keep theirs. */
export async function changeSalary(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof salaryChangeBody> }): Promise<EmployeeDetail> {
  const { tx, actor, id, input } = opts;
  const existing = await lockEmployee(tx, id);
  if (existing.status === 'Terminated') throw new AppError(409, 'TERMINATED', 'hr.terminated');
  const [latest] = await tx.select().from(employeeSalaries).where(eq(employeeSalaries.employeeId, id)).orderBy(desc(employeeSalaries.effectiveFrom)).limit(1);
  const errors: { field: string; message: string }[] = [];
  if (latest && input.effectiveFrom <= latest.effectiveFrom) errors.push({ field: 'effectiveFrom', message: `hr.salaryNotAfter|${latest.effectiveFrom}` });
  else if (input.effectiveFrom < existing.hireDate) errors.push({ field: 'effectiveFrom', message: `hr.salaryBeforeHire|${existing.hireDate}` });
  if (latest && latest.currency !== input.currency) errors.push({ field: 'currency', message: `hr.currencyChange|${latest.currency}` });
  if (Number(input.basic) <= 0) errors.push({ field: 'basic', message: 'v.positive' });
  throwFields(errors);
  const [row] = await tx
    .insert(employeeSalaries)
    .values({
      clientId: actor.clientId,
      employeeId: id,
      effectiveFrom: input.effectiveFrom,
      basic: input.basic,
      currency: input.currency,
      reason: input.reason,
      createdBy: actor.userId,
    })
    .returning();
  await writeAudit(tx, actor, {
    action: 'salary',
    entity: 'employee',
    entityId: id,
    before: latest ? { basic: latest.basic, effectiveFrom: latest.effectiveFrom } : undefined,
    after: { basic: row.basic, currency: row.currency, effectiveFrom: row.effectiveFrom, reason: row.reason },
  });
  return getEmployee({ tx, id });
}

export async function addAllowance(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof allowanceBody> }): Promise<EmployeeDetail> {
  const { tx, actor, id, input } = opts;
  const existing = await lockEmployee(tx, id);
  if (existing.status === 'Terminated') throw new AppError(409, 'TERMINATED', 'hr.terminated');
  const errors: { field: string; message: string }[] = [];
  const [type] = await queryRows<{ status: string }>(tx, sql`select status from hr_allowance_types where id = ${input.allowanceTypeId}`);
  if (!type) errors.push({ field: 'allowanceTypeId', message: 'v.notFound' });
  else if (type.status !== 'Active') errors.push({ field: 'allowanceTypeId', message: 'hr.inactiveChoice' });
  if (Number(input.amount) <= 0) errors.push({ field: 'amount', message: 'v.positive' });
  if (input.effectiveFrom < existing.hireDate) errors.push({ field: 'effectiveFrom', message: `hr.salaryBeforeHire|${existing.hireDate}` });
  throwFields(errors);
  const to = input.effectiveTo ?? '2999-12-31';
  const [overlap] = await queryRows<{ id: number }>(
    tx,
    sql`select id from employee_allowances where employee_id = ${id} and allowance_type_id = ${input.allowanceTypeId}
        and effective_from <= ${to}::date and coalesce(effective_to, '2999-12-31') >= ${input.effectiveFrom}::date limit 1`,
  );
  if (overlap) throw fieldError('effectiveFrom', 'hr.allowanceOverlap');
  const [row] = await tx
    .insert(employeeAllowances)
    .values({
      clientId: actor.clientId,
      employeeId: id,
      allowanceTypeId: input.allowanceTypeId,
      amount: input.amount,
      effectiveFrom: input.effectiveFrom,
      effectiveTo: input.effectiveTo,
      createdBy: actor.userId,
    })
    .returning();
  await writeAudit(tx, actor, { action: 'allowance', entity: 'employee', entityId: id, after: { allowanceId: row.id, ...input } });
  return getEmployee({ tx, id });
}

/** Ends a recurring allowance on a date (on or after its start; an ended one is not ended again). */
export async function endAllowance(opts: { tx: Db; actor: Actor; id: number; allowanceId: number; effectiveTo: string }): Promise<EmployeeDetail> {
  const { tx, actor, id, allowanceId, effectiveTo } = opts;
  await lockEmployee(tx, id);
  const [row] = await tx
    .select()
    .from(employeeAllowances)
    .where(and(eq(employeeAllowances.id, allowanceId), eq(employeeAllowances.employeeId, id)));
  if (!row) throw notFound();
  if (row.effectiveTo !== null) throw new AppError(409, 'ENDED', 'hr.allowanceEnded');
  if (effectiveTo < row.effectiveFrom) throw fieldError('effectiveTo', `hr.allowanceEndBefore|${row.effectiveFrom}`);
  await tx.update(employeeAllowances).set({ effectiveTo, endedBy: actor.userId, endedAt: new Date() }).where(eq(employeeAllowances.id, allowanceId));
  await writeAudit(tx, actor, {
    action: 'allowance-end',
    entity: 'employee',
    entityId: id,
    before: { allowanceId, effectiveTo: null },
    after: { allowanceId, effectiveTo },
  });
  return getEmployee({ tx, id });
}

const named = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });

export async function getEmployee(opts: { tx: Db; id: number }): Promise<EmployeeDetail> {
  const { tx, id } = opts;
  const [e] = await queryRows<Record<string, unknown> & { id: number }>(
    tx,
    sql`select e.*, e.date_of_birth::text as dob, e.hire_date::text as hired, e.terminated_on::text as term,
          d.name as department_name, s.name as sub_section_name, j.name as job_title_name, du.name as duty_name,
          ds.name as duty_station_name, i.name as institution_name, f.name as faculty_name, b.name as bank_type_name
        from employees e
        join hr_departments d on d.id = e.department_id
        left join hr_sub_sections s on s.id = e.sub_section_id
        join hr_job_titles j on j.id = e.job_title_id
        left join hr_duties du on du.id = e.duty_id
        left join hr_duty_stations ds on ds.id = e.duty_station_id
        left join hr_institutions i on i.id = e.institution_id
        left join hr_faculties f on f.id = e.faculty_id
        left join hr_bank_types b on b.id = e.bank_type_id
        where e.id = ${id}`,
  );
  if (!e) throw notFound();
  const salaries = await queryRows<{
    id: number;
    from: string;
    to: string | null;
    basic: string;
    currency: string;
    reason: string | null;
    by: string | null;
    at: Date | string;
  }>(
    tx,
    sql`select s.id, s.effective_from::text as from, (lead(s.effective_from) over (order by s.effective_from) - 1)::text as to,
          s.basic::text as basic, s.currency, s.reason, u.username as by, s.created_at as at
        from employee_salaries s left join users u on u.id = s.created_by
        where s.employee_id = ${id} order by s.effective_from desc`,
  );
  const allowances = await queryRows<{ id: number; type_id: number; type: string; taxable: boolean; amount: string; from: string; to: string | null }>(
    tx,
    sql`select a.id, a.allowance_type_id as type_id, t.name as type, t.is_taxable as taxable, a.amount::text as amount,
          a.effective_from::text as from, a.effective_to::text as to
        from employee_allowances a join hr_allowance_types t on t.id = a.allowance_type_id
        where a.employee_id = ${id} order by a.effective_from desc, a.id desc`,
  );
  const s = (k: string) => (e[k] as string | null) ?? null;
  const n = (k: string) => (e[k] as number | null) ?? null;
  return {
    id: e.id,
    number: s('number') as string,
    name: fullName(s('first_name'), s('middle_name'), s('last_name')),
    firstName: s('first_name') as string,
    middleName: s('middle_name'),
    lastName: s('last_name') as string,
    sex: s('sex') as EmployeeDetail['sex'],
    dateOfBirth: s('dob'),
    phone: s('phone'),
    email: s('email'),
    address: s('address'),
    idType: s('id_type') as EmployeeDetail['idType'],
    idNumber: s('id_number'),
    emergencyName: s('emergency_name'),
    emergencyPhone: s('emergency_phone'),
    emergencyRelation: s('emergency_relation'),
    hireDate: s('hired') as string,
    departmentId: n('department_id') as number,
    subSectionId: n('sub_section_id'),
    jobTitleId: n('job_title_id') as number,
    dutyId: n('duty_id'),
    dutyStationId: n('duty_station_id'),
    institutionId: n('institution_id'),
    facultyId: n('faculty_id'),
    employmentType: s('employment_type') as EmployeeDetail['employmentType'],
    paymentMethod: s('payment_method') as EmployeeDetail['paymentMethod'],
    bankTypeId: n('bank_type_id'),
    bankAccount: s('bank_account'),
    mobileNumber: s('mobile_number'),
    status: s('status') as EmployeeDetail['status'],
    terminatedOn: s('term'),
    terminationReason: s('termination_reason'),
    hasPhoto: e.photo_file_id !== null,
    department: named(n('department_id'), s('department_name')),
    subSection: named(n('sub_section_id'), s('sub_section_name')),
    jobTitle: named(n('job_title_id'), s('job_title_name')),
    duty: named(n('duty_id'), s('duty_name')),
    dutyStation: named(n('duty_station_id'), s('duty_station_name')),
    institution: named(n('institution_id'), s('institution_name')),
    faculty: named(n('faculty_id'), s('faculty_name')),
    bankType: named(n('bank_type_id'), s('bank_type_name')),
    salaries: salaries.map(
      (r): SalaryRow => ({
        id: r.id,
        effectiveFrom: r.from,
        effectiveTo: r.to,
        basic: r.basic,
        currency: r.currency,
        reason: r.reason,
        createdBy: r.by,
        createdAt: new Date(r.at).toISOString(),
      }),
    ),
    allowances: allowances.map(
      (r): AllowanceRow => ({
        id: r.id,
        allowanceTypeId: r.type_id,
        allowanceType: r.type,
        isTaxable: r.taxable,
        amount: r.amount,
        effectiveFrom: r.from,
        effectiveTo: r.to,
      }),
    ),
    createdAt: new Date(e.created_at as string).toISOString(),
    updatedAt: new Date(e.updated_at as string).toISOString(),
  };
}

export function fullName(first: string | null, middle: string | null, last: string | null): string {
  return [first, middle, last].filter((p) => p).join(' ');
}

type ListQuery = z.output<typeof employeeListQuery>;

const sortSql: Record<string, SQL> = {
  number: sql`lower(e.number)`,
  name: sql`lower(e.first_name), lower(e.last_name)`,
  hireDate: sql`e.hire_date`,
  status: sql`e.status`,
  department: sql`lower(d.name)`,
};

function listWhere(query: ListQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.q) {
    const p = containsPattern(query.q);
    parts.push(
      sql`(e.number ilike ${p} or e.first_name ilike ${p} or e.last_name ilike ${p} or e.middle_name ilike ${p} or e.phone ilike ${p}
        or (e.first_name || ' ' || coalesce(e.middle_name || ' ', '') || e.last_name) ilike ${p})`,
    );
  }
  if (query.status) parts.push(sql`e.status = ${query.status}`);
  if (query.departmentId) parts.push(sql`e.department_id = ${query.departmentId}`);
  if (query.jobTitleId) parts.push(sql`e.job_title_id = ${query.jobTitleId}`);
  if (query.employmentType) parts.push(sql`e.employment_type = ${query.employmentType}`);
  return sql.join(parts, sql` and `);
}

type ListRow = {
  id: number;
  number: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  sex: EmployeeRow['sex'];
  phone: string | null;
  hired: string;
  department_id: number;
  department_name: string;
  job_title_id: number;
  job_title_name: string;
  employment_type: EmployeeRow['employmentType'];
  status: EmployeeRow['status'];
  payment_method: EmployeeRow['paymentMethod'];
  basic: string | null;
  currency: string | null;
  salary_from: string | null;
  allowances: string;
  total: string | number;
};

async function listRows(tx: Db, query: ListQuery): Promise<{ rows: ListRow[]; total: number }> {
  const order = sortSql[query._sort ?? 'number'] ?? sortSql.number;
  const dir = query._order === 'desc' ? sql`desc` : sql`asc`;
  const rows = await queryRows<ListRow>(
    tx,
    sql`select e.id, e.number, e.first_name, e.middle_name, e.last_name, e.sex, e.phone, e.hire_date::text as hired,
          e.department_id, d.name as department_name, e.job_title_id, j.name as job_title_name, e.employment_type, e.status,
          e.payment_method, s.basic::text as basic, s.currency, s.effective_from::text as salary_from,
          (select coalesce(sum(a.amount), 0)::numeric(14,2)::text from employee_allowances a
            where a.employee_id = e.id and a.effective_from <= current_date and (a.effective_to is null or a.effective_to >= current_date)) as allowances,
          count(*) over () as total
        from employees e
        join hr_departments d on d.id = e.department_id
        join hr_job_titles j on j.id = e.job_title_id
        left join lateral (select basic, currency, effective_from from employee_salaries x
          where x.employee_id = e.id and x.effective_from <= current_date order by x.effective_from desc limit 1) s on true
        where ${listWhere(query)}
        order by ${order} ${dir}, e.id ${dir}
        limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query._page > 1) {
    const [c] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from employees e where ${listWhere(query)}`);
    total = c.n;
  }
  return { rows, total };
}

const toRow = (r: ListRow): EmployeeRow => ({
  id: r.id,
  number: r.number,
  name: fullName(r.first_name, r.middle_name, r.last_name),
  sex: r.sex,
  phone: r.phone,
  hireDate: r.hired,
  department: { id: r.department_id, name: r.department_name },
  jobTitle: { id: r.job_title_id, name: r.job_title_name },
  employmentType: r.employment_type,
  status: r.status,
  paymentMethod: r.payment_method,
  basic: r.basic,
  currency: r.currency,
});

export async function listEmployees(opts: { tx: Db; query: ListQuery }) {
  const { rows, total } = await listRows(opts.tx, opts.query);
  return { data: rows.map(toRow), total, page: opts.query._page, limit: opts.query._limit };
}

/** The salaries screen: the salary and the allowances in force today, per employee. */
export async function listSalaries(opts: { tx: Db; query: ListQuery }) {
  const { rows, total } = await listRows(opts.tx, opts.query);
  return {
    data: rows.map((r) => ({ ...toRow(r), effectiveFrom: r.salary_from, allowancesTotal: r.allowances })),
    total,
    page: opts.query._page,
    limit: opts.query._limit,
  };
}

export async function hrChoices(opts: { tx: Db; clientId: number }): Promise<HrChoices> {
  const { tx, clientId } = opts;
  const active = <T>(table: string, extra = sql``) =>
    queryRows<T>(tx, sql`select id, name${extra} from ${sql.identifier(table)} where status = 'Active' order by lower(name), id`);
  const [org] = await queryRows<{ currency: string }>(tx, sql`select currency from clients where id = ${clientId}`);
  return {
    departments: await active('hr_departments'),
    subSections: await active('hr_sub_sections', sql`, department_id as "departmentId"`),
    jobTitles: await active('hr_job_titles'),
    duties: await active('hr_duties'),
    dutyStations: await active('hr_duty_stations'),
    institutions: await active('hr_institutions'),
    faculties: await active('hr_faculties'),
    bankTypes: await active('hr_bank_types'),
    allowanceTypes: await active('hr_allowance_types', sql`, is_taxable as "isTaxable"`),
    leaveTypes: await active('hr_leave_types', sql`, is_paid as "isPaid", days_per_year::text as "daysPerYear"`),
    currency: org?.currency === 'SOS' ? 'SOS' : 'USD',
  };
}
