// Payroll adjustments (/payroll-adjustment): one-off bonuses (privilege bonus) and deductions (privilege
// deduction) per employee and period, from the bonus and deduction type lists; one by one or as a grid for a
// department (one type, one period, an amount per employee). The payroll run of the period takes the active
// ones; an adjustment a live run took cannot be cancelled until that run is.
import { sql } from 'drizzle-orm';
import type { AdjustmentRow, adjustmentBatchBody, adjustmentBody, adjustmentListQuery, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { dec } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';

const validation = (errors: FieldError[]) => new AppError(400, 'VALIDATION', 'common.validation', errors);

const columns = sql`a.id, a.employee_id as "employeeId", e.number as "employeeNumber", concat_ws(' ', e.first_name, e.middle_name, e.last_name) as "employeeName",
  d.name as department, a.period, a.kind, coalesce(a.bonus_type_id, a.deduction_type_id) as "typeId", coalesce(b.name, t.name) as type,
  a.amount::text as amount, a.note, a.status,
  (select r.number from hr_payslips s join hr_payroll_runs r on r.id = s.run_id
    where s.employee_id = a.employee_id and s.period = a.period and s.live and r.status <> 'Cancelled' limit 1) as "runNumber"`;
const from = sql`hr_payroll_adjustments a join employees e on e.id = a.employee_id join hr_departments d on d.id = e.department_id
  left join hr_bonus_types b on b.id = a.bonus_type_id left join hr_deduction_types t on t.id = a.deduction_type_id`;
const toRow = (r: AdjustmentRow): AdjustmentRow => ({ ...r, amount: dec(r.amount).toFixed(2) });

export async function listAdjustments(opts: { tx: Db; query: z.output<typeof adjustmentListQuery> }) {
  const { tx, query } = opts;
  const where = sql.join(
    [
      sql`a.status = 'Active'`,
      query.period ? sql`a.period = ${query.period}` : null,
      query.employeeId ? sql`a.employee_id = ${query.employeeId}` : null,
      query.departmentId ? sql`e.department_id = ${query.departmentId}` : null,
      query.kind ? sql`a.kind = ${query.kind}` : null,
    ].filter((x) => x !== null),
    sql` and `,
  );
  const rows = await queryRows<AdjustmentRow>(
    tx,
    sql`select ${columns} from ${from} where ${where} order by a.period desc, e.number, a.id limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${from} where ${where}`);
  return { data: rows.map(toRow), total: n, page: query._page, limit: query._limit };
}

async function readRows(tx: Db, ids: number[]): Promise<AdjustmentRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<AdjustmentRow>(tx, sql`select ${columns} from ${from} where a.id = any(${`{${ids.join(',')}}`}::int[]) order by e.number, a.id`);
  return rows.map(toRow);
}

/** The employees of a period that a live payroll run already took: their adjustments are frozen. */
async function runOf(tx: Db, employeeIds: number[], period: string): Promise<Map<number, string>> {
  const rows = await queryRows<{ employee_id: number; number: string }>(
    tx,
    sql`select s.employee_id, r.number from hr_payslips s join hr_payroll_runs r on r.id = s.run_id
        where s.live and s.period = ${period} and s.employee_id = any(${`{${employeeIds.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.employee_id), r.number]));
}

async function checkType(tx: Db, kind: 'bonus' | 'deduction', typeId: number, errors: FieldError[]) {
  const table = kind === 'bonus' ? sql`hr_bonus_types` : sql`hr_deduction_types`;
  const [t] = await queryRows<{ status: string }>(tx, sql`select status from ${table} where id = ${typeId}`);
  if (t?.status !== 'Active') errors.push({ field: 'typeId', message: 'hr.typeNotFound' });
}

async function insert(
  tx: Db,
  actor: Actor,
  kind: 'bonus' | 'deduction',
  typeId: number,
  period: string,
  rows: { employeeId: number; amount: string; note: string | null }[],
): Promise<number[]> {
  const payload = JSON.stringify(rows.map((r) => ({ e: r.employeeId, a: dec(r.amount).toFixed(2), n: r.note })));
  const ids = await queryRows<{ id: number }>(
    tx,
    sql`insert into hr_payroll_adjustments (client_id, employee_id, period, kind, bonus_type_id, deduction_type_id, amount, note, created_by)
        select ${actor.clientId}, x.e, ${period}, ${kind}, ${kind === 'bonus' ? typeId : null}::int, ${kind === 'deduction' ? typeId : null}::int, x.a, x.n, ${actor.userId}
        from json_to_recordset(${payload}::json) as x(e int, a numeric, n text)
        returning id`,
  );
  return ids.map((r) => Number(r.id));
}

export async function createAdjustment(opts: { tx: Db; actor: Actor; input: z.output<typeof adjustmentBody> }): Promise<AdjustmentRow> {
  const { tx, actor, input } = opts;
  const errors: FieldError[] = [];
  const [e] = await queryRows<{ status: string }>(tx, sql`select status from employees where id = ${input.employeeId}`);
  if (!e) errors.push({ field: 'employeeId', message: 'v.notFound' });
  else if (e.status === 'Terminated') errors.push({ field: 'employeeId', message: 'hr.employeeNotActive' });
  await checkType(tx, input.kind, input.typeId, errors);
  if (e) {
    const taken = (await runOf(tx, [input.employeeId], input.period)).get(input.employeeId);
    if (taken) errors.push({ field: 'period', message: `hr.adjustmentInRun|${taken}` });
  }
  if (errors.length > 0) throw validation(errors);
  const [id] = await insert(tx, actor, input.kind, input.typeId, input.period, [input]);
  const [row] = await readRows(tx, [id]);
  await writeAudit(tx, actor, { action: 'create', entity: 'hr-adjustment', entityId: id, after: row });
  return row;
}

/** The department grid: every row checked (field errors name rows.i.*), then all written in one statement. */
export async function createAdjustmentBatch(opts: { tx: Db; actor: Actor; input: z.output<typeof adjustmentBatchBody> }) {
  const { tx, actor, input } = opts;
  const errors: FieldError[] = [];
  await checkType(tx, input.kind, input.typeId, errors);
  const ids = input.rows.map((r) => r.employeeId);
  const known = await queryRows<{ id: number; status: string }>(tx, sql`select id, status from employees where id = any(${`{${ids.join(',')}}`}::int[])`);
  const status = new Map(known.map((k) => [Number(k.id), k.status]));
  const taken = await runOf(tx, ids, input.period);
  const seen = new Set<number>();
  input.rows.forEach((r, i) => {
    const s = status.get(r.employeeId);
    if (!s) errors.push({ field: `rows.${i}.employeeId`, message: 'v.notFound' });
    else if (s === 'Terminated') errors.push({ field: `rows.${i}.employeeId`, message: 'hr.employeeNotActive' });
    else if (seen.has(r.employeeId)) errors.push({ field: `rows.${i}.employeeId`, message: 'hr.employeeRepeated' });
    else if (taken.has(r.employeeId)) errors.push({ field: `rows.${i}.employeeId`, message: `hr.adjustmentInRun|${taken.get(r.employeeId)}` });
    seen.add(r.employeeId);
  });
  if (errors.length > 0) throw validation(errors);
  const created = await insert(tx, actor, input.kind, input.typeId, input.period, input.rows);
  const total = input.rows.reduce((s, r) => s.plus(r.amount), dec(0)).toFixed(2);
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'hr-adjustment',
    entityId: created[0],
    after: { period: input.period, kind: input.kind, typeId: input.typeId, rows: created.length, total },
  });
  return { created: created.length, rows: await readRows(tx, created) };
}

export async function cancelAdjustment(opts: { tx: Db; actor: Actor; id: number }): Promise<AdjustmentRow> {
  const { tx, actor, id } = opts;
  const [before] = await readRows(tx, [id]);
  if (!before) throw notFound();
  if (before.status === 'Cancelled') throw new AppError(409, 'ALREADY_CANCELLED', 'hr.adjustmentCancelled');
  if (before.runNumber) throw new AppError(409, 'IN_PAYROLL', `hr.adjustmentInRun|${before.runNumber}`);
  await tx.execute(sql`update hr_payroll_adjustments set status = 'Cancelled', cancelled_by = ${actor.userId}, cancelled_at = now() where id = ${id}`);
  const [after] = await readRows(tx, [id]);
  await writeAudit(tx, actor, { action: 'cancel', entity: 'hr-adjustment', entityId: id, before, after });
  return after;
}

/** The kind of an adjustment (for the route's bonus/deduction privilege check), or undefined. */
export async function adjustmentKind(tx: Db, id: number): Promise<'bonus' | 'deduction' | undefined> {
  const [r] = await queryRows<{ kind: 'bonus' | 'deduction' }>(tx, sql`select kind from hr_payroll_adjustments where id = ${id}`);
  return r?.kind;
}
