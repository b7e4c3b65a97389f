// Leave: requests (the working days between two dates of one year, by the HRM settings' working days),
// decisions (approve, reject with a reason, cancel) and balances per type and year: accrued (the type's days
// a year, pro rata by month in the year of hire), taken (approved), pending, remaining. A paid type's request
// may not exceed what remains less what is pending; an unpaid one is recorded with is_paid false, which the
// payroll reads to reduce pay.
import { sql } from 'drizzle-orm';
import {
  translate,
  type LeaveBalanceRow,
  type LeaveRequestRow,
  type leaveDecisionBody,
  type leaveListQuery,
  type leaveRequestBody,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { containsPattern } from '../../lib/sql.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, fieldError, notFound } from '../../plugins/errors.ts';
import { Decimal } from '../../ledger/index.ts';
import { readHrSettings } from './hr-settings.ts';
import { fullName } from './employees.ts';

/** Working days from start to end (both included) under the organisation's working week. */
export async function workingDaysBetween(tx: Db, clientId: number, start: string, end: string): Promise<number> {
  const settings = await readHrSettings(tx, clientId);
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from generate_series(${start}::date, ${end}::date, interval '1 day') d
        where extract(isodow from d)::int = any(${`{${settings.workingDays.join(',')}}`}::int[])`,
  );
  return row.n;
}

export async function leaveBalances(opts: { tx: Db; employeeId: number; year: number; excludeRequestId?: number }): Promise<LeaveBalanceRow[]> {
  const { tx, employeeId, year } = opts;
  const exclude = opts.excludeRequestId ?? 0;
  const rows = await queryRows<{ id: number; name: string; is_paid: boolean; accrued: string; taken: string; pending: string }>(
    tx,
    sql`with e as (select hire_date from employees where id = ${employeeId})
        select t.id, t.name, t.is_paid,
          (case when extract(year from e.hire_date) > ${year} then 0
                when extract(year from e.hire_date) = ${year} then round(t.days_per_year * (13 - extract(month from e.hire_date)) / 12, 1)
                else t.days_per_year end)::numeric(6,1)::text as accrued,
          coalesce(sum(r.days) filter (where r.status = 'Approved'), 0)::numeric(6,1)::text as taken,
          coalesce(sum(r.days) filter (where r.status = 'Pending'), 0)::numeric(6,1)::text as pending
        from hr_leave_types t cross join e
        left join leave_requests r on r.leave_type_id = t.id and r.employee_id = ${employeeId} and r.id <> ${exclude}
          and extract(year from r.start_date) = ${year} and r.status in ('Approved', 'Pending')
        where t.status = 'Active' or r.id is not null
        group by t.id, t.name, t.is_paid, t.days_per_year, e.hire_date
        order by lower(t.name), t.id`,
  );
  return rows.map((r) => ({
    leaveTypeId: r.id,
    leaveType: r.name,
    isPaid: r.is_paid,
    accrued: r.accrued,
    taken: r.taken,
    pending: r.pending,
    remaining: new Decimal(r.accrued).minus(r.taken).toFixed(1),
  }));
}

/** A paid leave of `days` fits what remains of the type this year less what is already pending. */
async function checkBalance(tx: Db, employeeId: number, leaveTypeId: number, year: number, days: number, excludeRequestId?: number) {
  const rows = await leaveBalances({ tx, employeeId, year, excludeRequestId });
  const row = rows.find((r) => r.leaveTypeId === leaveTypeId);
  if (!row?.isPaid) return;
  const available = new Decimal(row.remaining).minus(row.pending);
  if (available.lt(days)) throw fieldError('endDate', `hr.leaveExceeds|${Decimal.max(available, 0).toFixed(1)}|${days}`);
}

const rowSql = sql`select r.id, r.employee_id, e.number, e.first_name, e.middle_name, e.last_name, r.leave_type_id, t.name as type,
    r.start_date::text as start, r.end_date::text as "end", r.days::text as days, r.is_paid, r.reason, r.status,
    du.username as decided_by, r.decided_at, r.decision_note, cu.username as created_by, r.created_at, count(*) over () as total
  from leave_requests r
  join employees e on e.id = r.employee_id
  join hr_leave_types t on t.id = r.leave_type_id
  left join users du on du.id = r.decided_by
  left join users cu on cu.id = r.created_by`;

type Raw = {
  id: number;
  employee_id: number;
  number: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  leave_type_id: number;
  type: string;
  start: string;
  end: string;
  days: string;
  is_paid: boolean;
  reason: string | null;
  status: LeaveRequestRow['status'];
  decided_by: string | null;
  decided_at: string | Date | null;
  decision_note: string | null;
  created_by: string | null;
  created_at: string | Date;
  total: string | number;
};

const toRow = (r: Raw): LeaveRequestRow => ({
  id: r.id,
  employeeId: r.employee_id,
  employeeNumber: r.number,
  employeeName: fullName(r.first_name, r.middle_name, r.last_name),
  leaveTypeId: r.leave_type_id,
  leaveType: r.type,
  startDate: r.start,
  endDate: r.end,
  days: r.days,
  isPaid: r.is_paid,
  reason: r.reason,
  status: r.status,
  decidedBy: r.decided_by,
  decidedAt: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
  decisionNote: r.decision_note,
  createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(),
});

async function readRequest(tx: Db, id: number): Promise<LeaveRequestRow> {
  const [row] = await queryRows<Raw>(tx, sql`${rowSql} where r.id = ${id}`);
  if (!row) throw notFound();
  return toRow(row);
}

export async function listLeaveRequests(opts: { tx: Db; query: z.output<typeof leaveListQuery> }) {
  const { tx, query } = opts;
  const parts = [sql`true`];
  if (query.status) parts.push(sql`r.status = ${query.status}`);
  if (query.employeeId) parts.push(sql`r.employee_id = ${query.employeeId}`);
  if (query.leaveTypeId) parts.push(sql`r.leave_type_id = ${query.leaveTypeId}`);
  if (query.year) parts.push(sql`extract(year from r.start_date) = ${query.year}`);
  if (query.q) {
    const p = containsPattern(query.q);
    parts.push(sql`(e.number ilike ${p} or e.first_name ilike ${p} or e.last_name ilike ${p} or (e.first_name || ' ' || e.last_name) ilike ${p})`);
  }
  const rows = await queryRows<Raw>(
    tx,
    sql`${rowSql} where ${sql.join(parts, sql` and `)} order by r.start_date desc, r.id desc
        limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  return { data: rows.map(toRow), total: rows.length > 0 ? Number(rows[0].total) : 0, page: query._page, limit: query._limit };
}

export async function requestLeave(opts: { tx: Db; actor: Actor; input: z.output<typeof leaveRequestBody> }): Promise<LeaveRequestRow> {
  const { tx, actor, input } = opts;
  // One employee's requests queue on the employee row, so two requests cannot both take the last days.
  const [emp] = await queryRows<{ status: string; hired: string }>(
    tx,
    sql`select status, hire_date::text as hired from employees where id = ${input.employeeId} for update`,
  );
  if (!emp) throw fieldError('employeeId', 'v.notFound');
  if (emp.status === 'Terminated') throw fieldError('employeeId', 'hr.terminated');
  const [type] = await queryRows<{ status: string; is_paid: boolean }>(tx, sql`select status, is_paid from hr_leave_types where id = ${input.leaveTypeId}`);
  if (!type) throw fieldError('leaveTypeId', 'v.notFound');
  if (type.status !== 'Active') throw fieldError('leaveTypeId', 'hr.inactiveChoice');
  if (input.startDate < emp.hired) throw fieldError('startDate', `hr.leaveBeforeHire|${emp.hired}`);
  const days = await workingDaysBetween(tx, actor.clientId, input.startDate, input.endDate);
  if (days === 0) throw fieldError('endDate', 'hr.noWorkingDays');
  const [overlap] = await queryRows<{ start: string; end: string }>(
    tx,
    sql`select start_date::text as start, end_date::text as "end" from leave_requests where employee_id = ${input.employeeId}
        and status in ('Pending', 'Approved') and start_date <= ${input.endDate}::date and end_date >= ${input.startDate}::date limit 1`,
  );
  if (overlap) throw fieldError('startDate', `hr.leaveOverlap|${overlap.start} – ${overlap.end}`);
  await checkBalance(tx, input.employeeId, input.leaveTypeId, Number(input.startDate.slice(0, 4)), days);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into leave_requests (client_id, employee_id, leave_type_id, start_date, end_date, days, is_paid, reason, created_by)
        values (${actor.clientId}, ${input.employeeId}, ${input.leaveTypeId}, ${input.startDate}, ${input.endDate}, ${days}, ${type.is_paid}, ${input.reason}, ${actor.userId})
        returning id`,
  );
  const after = await readRequest(tx, row.id);
  await writeAudit(tx, actor, { action: 'create', entity: 'leave-request', entityId: row.id, after });
  return after;
}

const allowed: Record<string, string[]> = { Pending: ['Approved', 'Rejected', 'Cancelled'], Approved: ['Cancelled'] };

export async function decideLeave(opts: { tx: Db; actor: Actor; id: number; input: z.output<typeof leaveDecisionBody> }): Promise<LeaveRequestRow> {
  const { tx, actor, id, input } = opts;
  const [req] = await queryRows<{ employee_id: number; leave_type_id: number; start: string; days: string; status: string }>(
    tx,
    sql`select employee_id, leave_type_id, start_date::text as start, days::text as days, status from leave_requests where id = ${id}`,
  );
  if (!req) throw notFound();
  await queryRows(tx, sql`select 1 from employees where id = ${req.employee_id} for update`);
  const [current] = await queryRows<{ status: string }>(tx, sql`select status from leave_requests where id = ${id} for update`);
  if (!allowed[current.status]?.includes(input.decision)) {
    throw new AppError(409, 'LEAVE_DECIDED', `hr.leaveDecided|${translate(`hr.leave.${current.status}`, actor.lang)}`);
  }
  if (input.decision === 'Approved') await checkBalance(tx, req.employee_id, req.leave_type_id, Number(req.start.slice(0, 4)), Number(req.days), id);
  await tx.execute(
    sql`update leave_requests set status = ${input.decision}, decided_by = ${actor.userId}, decided_at = now(), decision_note = ${input.note} where id = ${id}`,
  );
  await writeAudit(tx, actor, {
    action: input.decision === 'Approved' ? 'approve' : input.decision === 'Rejected' ? 'reject' : 'cancel',
    entity: 'leave-request',
    entityId: id,
    before: { status: current.status },
    after: { status: input.decision, note: input.note },
  });
  return readRequest(tx, id);
}
