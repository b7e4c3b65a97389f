// What every complaints service shares: reading a complaint (with its people, customer, house, zone and
// topic) and its history, locking it for a change, and the checks of the people it names.
import { sql } from 'drizzle-orm';
import { type Complaint, type ComplaintDetail, formatComplaintRef } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { fieldError, notFound } from '../../plugins/errors.ts';

export interface ComplaintRow {
  id: string;
  ref_year: number;
  ref_no: number;
  customer_id: number | null;
  customer_no: string | null;
  customer_name: string | null;
  caller_name: string | null;
  caller_phone: string | null;
  house_id: number | null;
  house_label: string | null;
  zone_id: number | null;
  zone_name: string | null;
  topic_id: number;
  topic_name_en: string;
  topic_name_so: string;
  channel: Complaint['channel'];
  description: string;
  priority: Complaint['priority'];
  status: Complaint['status'];
  assignee_id: number | null;
  assignee_name: string | null;
  due_at: string | Date;
  overdue: boolean;
  created_by: number;
  created_name: string;
  created_at: string | Date;
  completed_by: number | null;
  completed_name: string | null;
  completed_at: string | Date | null;
  resolution: string | null;
  cancelled_by: number | null;
  cancelled_name: string | null;
  cancelled_at: string | Date | null;
  cancel_reason: string | null;
}

export const selectComplaints = sql`
  select c.id, c.ref_year, c.ref_no, c.customer_id, cu.customer_no, cu.name as customer_name, c.caller_name, c.caller_phone,
         c.house_id, coalesce(h.house_no, h.address) as house_label, h.zone_id, z.name as zone_name,
         c.topic_id, t.name_en as topic_name_en, t.name_so as topic_name_so, c.channel, c.description, c.priority, c.status,
         c.assignee_id, ua.fullname as assignee_name, c.due_at,
         (c.status in ('Pending', 'InProgress') and c.due_at < now()) as overdue,
         c.created_by, uc.fullname as created_name, c.created_at,
         c.completed_by, ud.fullname as completed_name, c.completed_at, c.resolution,
         c.cancelled_by, ux.fullname as cancelled_name, c.cancelled_at, c.cancel_reason
  from complaints c
  join complaint_topics t on t.id = c.topic_id
  join users uc on uc.id = c.created_by
  left join customers cu on cu.id = c.customer_id
  left join houses h on h.id = c.house_id
  left join zones z on z.id = h.zone_id
  left join users ua on ua.id = c.assignee_id
  left join users ud on ud.id = c.completed_by
  left join users ux on ux.id = c.cancelled_by`;

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const num = (v: number | string | null) => (v === null ? null : Number(v));

export function toComplaint(r: ComplaintRow): Complaint {
  return {
    id: Number(r.id),
    refNo: formatComplaintRef(Number(r.ref_year), Number(r.ref_no)),
    customerId: num(r.customer_id),
    customerNo: r.customer_no,
    customerName: r.customer_name,
    callerName: r.caller_name,
    callerPhone: r.caller_phone,
    houseId: num(r.house_id),
    houseLabel: r.house_label,
    zoneId: num(r.zone_id),
    zoneName: r.zone_name,
    topicId: Number(r.topic_id),
    topicNameEn: r.topic_name_en,
    topicNameSo: r.topic_name_so,
    channel: r.channel,
    description: r.description,
    priority: r.priority,
    status: r.status,
    assigneeId: num(r.assignee_id),
    assigneeName: r.assignee_name,
    dueAt: new Date(r.due_at).toISOString(),
    overdue: Boolean(r.overdue),
    created: { byId: Number(r.created_by), byName: r.created_name, at: iso(r.created_at) },
    completed: { byId: num(r.completed_by), byName: r.completed_name, at: iso(r.completed_at) },
    resolution: r.resolution,
    cancelled: { byId: num(r.cancelled_by), byName: r.cancelled_name, at: iso(r.cancelled_at) },
    cancelReason: r.cancel_reason,
  };
}

export async function getComplaint(opts: { tx: Db; id: number }): Promise<ComplaintDetail> {
  const { tx, id } = opts;
  const [row] = await queryRows<ComplaintRow>(tx, sql`${selectComplaints} where c.id = ${id}`);
  if (!row) throw notFound();
  const events = await queryRows<{
    id: string;
    kind: ComplaintDetail['events'][number]['kind'];
    from_status: string | null;
    to_status: string | null;
    assignee_name: string | null;
    note: string | null;
    file_id: string | null;
    file_name: string | null;
    by_name: string;
    at: string | Date;
  }>(
    tx,
    sql`select e.id, e.kind, e.from_status, e.to_status, ua.fullname as assignee_name, e.note, e.file_id, f.filename as file_name,
               ub.fullname as by_name, e.at
        from complaint_events e
        join users ub on ub.id = e.by_user
        left join users ua on ua.id = e.assignee_id
        left join files f on f.id = e.file_id
        where e.complaint_id = ${id} order by e.id`,
  );
  return {
    ...toComplaint(row),
    events: events.map((e) => ({
      id: Number(e.id),
      kind: e.kind,
      fromStatus: e.from_status,
      toStatus: e.to_status,
      assigneeName: e.assignee_name,
      note: e.note,
      fileId: e.file_id,
      fileName: e.file_name,
      byName: e.by_name,
      at: new Date(e.at).toISOString(),
    })),
  };
}

/** The complaint's row, locked until commit: every change takes it first. */
export async function lockComplaint(tx: Db, id: number) {
  const [row] = await queryRows<{ id: string; status: Complaint['status']; assignee_id: number | null }>(
    tx,
    sql`select id, status, assignee_id from complaints where id = ${id} for update`,
  );
  if (!row) throw notFound();
  return { id: Number(row.id), status: row.status, assigneeId: num(row.assignee_id) };
}

/** An active user of the organisation (row-level security keeps it to the caller's), or a field error. */
export async function checkUser(tx: Db, userId: number, field: string): Promise<void> {
  const [user] = await queryRows<{ status: string }>(tx, sql`select status from users where id = ${userId}`);
  if (user?.status !== 'Active') throw fieldError(field, 'complaints.user');
}

export async function addEvent(
  tx: Db,
  e: {
    clientId: number;
    complaintId: number;
    kind: ComplaintDetail['events'][number]['kind'];
    byUser: number;
    fromStatus?: string | null;
    toStatus?: string | null;
    assigneeId?: number | null;
    note?: string | null;
    fileId?: string | null;
  },
) {
  await tx.execute(sql`
    insert into complaint_events (client_id, complaint_id, kind, from_status, to_status, assignee_id, note, file_id, by_user)
    values (${e.clientId}, ${e.complaintId}, ${e.kind}, ${e.fromStatus ?? null}, ${e.toStatus ?? null}, ${e.assigneeId ?? null},
            ${e.note ?? null}, ${e.fileId ?? null}, ${e.byUser})`);
}
