// A complaint's life after it is logged: assign (to an active user; Pending or In progress), start (Pending
// -> In progress), comment (any time), complete (the resolution, who and when; texts the customer when the
// topic says so) and cancel (with a reason). Each takes the complaint's row lock first and writes its event
// and audit line in the same transaction. A completed or cancelled complaint changes no more (comments
// aside). Who may act is decided by the route: managers always, the assignee for start and complete.
import { sql } from 'drizzle-orm';
import type { ComplaintDetail } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError } from '../../plugins/errors.ts';
import { queueComplaintSms } from './complaint-sms.ts';
import { addEvent, checkUser, getComplaint, lockComplaint } from './complaints-common.ts';

const closed = () => new AppError(409, 'COMPLAINT_CLOSED', 'complaints.closed');
const notAssignee = () => new AppError(403, 'NOT_ASSIGNEE', 'complaints.notAssignee');

interface ActOpts {
  tx: Db;
  actor: Actor;
  id: number;
  /** The caller manages complaints (manage-complaints or an administrator): may act on any complaint. */
  isManager: boolean;
}

async function openFor(opts: ActOpts, assigneeMayAct: boolean) {
  const row = await lockComplaint(opts.tx, opts.id);
  if (!opts.isManager && !(assigneeMayAct && row.assigneeId === opts.actor.userId)) throw notAssignee();
  if (row.status === 'Completed' || row.status === 'Cancelled') throw closed();
  return row;
}

export async function assignComplaint(opts: ActOpts & { assigneeId: number }): Promise<ComplaintDetail> {
  const { tx, actor, id, assigneeId } = opts;
  await openFor(opts, false);
  await checkUser(tx, assigneeId, 'assigneeId');
  await tx.execute(sql`update complaints set assignee_id = ${assigneeId}, updated_at = now() where id = ${id}`);
  await addEvent(tx, { clientId: actor.clientId, complaintId: id, kind: 'assigned', assigneeId, byUser: actor.userId });
  await writeAudit(tx, actor, { action: 'assign', entity: 'complaint', entityId: id, after: { assigneeId } });
  return getComplaint({ tx, id });
}

export async function startComplaint(opts: ActOpts): Promise<ComplaintDetail> {
  const { tx, actor, id } = opts;
  const row = await openFor(opts, true);
  if (row.status !== 'Pending') throw new AppError(409, 'NOT_PENDING', 'complaints.notPending');
  await tx.execute(sql`update complaints set status = 'InProgress', updated_at = now() where id = ${id}`);
  await addEvent(tx, { clientId: actor.clientId, complaintId: id, kind: 'started', fromStatus: 'Pending', toStatus: 'InProgress', byUser: actor.userId });
  await writeAudit(tx, actor, { action: 'start', entity: 'complaint', entityId: id, after: { status: 'InProgress' } });
  return getComplaint({ tx, id });
}

export async function commentComplaint(opts: { tx: Db; actor: Actor; id: number; text: string }): Promise<ComplaintDetail> {
  const { tx, actor, id, text } = opts;
  await lockComplaint(tx, id);
  await addEvent(tx, { clientId: actor.clientId, complaintId: id, kind: 'comment', note: text, byUser: actor.userId });
  await writeAudit(tx, actor, { action: 'comment', entity: 'complaint', entityId: id, after: { text } });
  return getComplaint({ tx, id });
}

export async function completeComplaint(opts: ActOpts & { resolution: string }): Promise<{ complaint: ComplaintDetail; smsQueued: boolean }> {
  const { tx, actor, id, resolution } = opts;
  const row = await openFor(opts, true);
  await tx.execute(sql`
    update complaints set status = 'Completed', resolution = ${resolution}, completed_by = ${actor.userId}, completed_at = now(), updated_at = now()
    where id = ${id}`);
  await addEvent(tx, {
    clientId: actor.clientId,
    complaintId: id,
    kind: 'completed',
    fromStatus: row.status,
    toStatus: 'Completed',
    note: resolution,
    byUser: actor.userId,
  });
  const smsQueued = await queueComplaintSms({ tx, actor, complaintId: id, moment: 'completed' });
  await writeAudit(tx, actor, { action: 'complete', entity: 'complaint', entityId: id, after: { status: 'Completed', resolution } });
  return { complaint: await getComplaint({ tx, id }), smsQueued };
}

export async function cancelComplaint(opts: ActOpts & { reason: string }): Promise<ComplaintDetail> {
  const { tx, actor, id, reason } = opts;
  const row = await openFor(opts, false);
  await tx.execute(sql`
    update complaints set status = 'Cancelled', cancel_reason = ${reason}, cancelled_by = ${actor.userId}, cancelled_at = now(), updated_at = now()
    where id = ${id}`);
  await addEvent(tx, {
    clientId: actor.clientId,
    complaintId: id,
    kind: 'cancelled',
    fromStatus: row.status,
    toStatus: 'Cancelled',
    note: reason,
    byUser: actor.userId,
  });
  await writeAudit(tx, actor, { action: 'cancel', entity: 'complaint', entityId: id, after: { status: 'Cancelled', reason } });
  return getComplaint({ tx, id });
}
