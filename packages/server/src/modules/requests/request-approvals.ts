// The two approval steps and rejection. normal-approve: Submitted -> FirstApproved (the first approver, for
// example the department head); approve: FirstApproved -> Approved (final, for example finance), never
// before the first; reject: at either step, with a reason. Each step keeps who and when. Nobody acts on
// their own request (403 OWN_REQUEST; the table's CHECK says the same). Which privilege a step needs is the
// route's decision (first-approve-request, approve-request); the service checks the state under the row lock.
import { sql } from 'drizzle-orm';
import type { RequestDetail } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError } from '../../plugins/errors.ts';
import { getRequest, lockRequest } from './requests-common.ts';

async function lockForApprover(tx: Db, actor: Actor, id: number) {
  const row = await lockRequest(tx, id);
  if (row.requester_id === actor.userId) throw new AppError(403, 'OWN_REQUEST', 'requests.ownRequest');
  return row;
}

export async function firstApproveRequest(opts: { tx: Db; actor: Actor; id: number }): Promise<RequestDetail> {
  const { tx, actor, id } = opts;
  const row = await lockForApprover(tx, actor, id);
  if (row.status !== 'Submitted') throw new AppError(409, 'WRONG_STEP', 'requests.notSubmitted');
  await tx.execute(sql`
    update requests set status = 'FirstApproved', first_approved_by = ${actor.userId}, first_approved_at = now(), updated_at = now() where id = ${id}`);
  const after = await getRequest({ tx, id, lang: actor.lang });
  await writeAudit(tx, actor, { action: 'normal-approve', entity: 'request', entityId: id, after: { refNo: after.refNo, status: after.status } });
  return after;
}

export async function approveRequest(opts: { tx: Db; actor: Actor; id: number }): Promise<RequestDetail> {
  const { tx, actor, id } = opts;
  const row = await lockForApprover(tx, actor, id);
  if (row.status !== 'FirstApproved') throw new AppError(409, 'WRONG_STEP', 'requests.notFirstApproved');
  await tx.execute(sql`
    update requests set status = 'Approved', approved_by = ${actor.userId}, approved_at = now(), updated_at = now() where id = ${id}`);
  const after = await getRequest({ tx, id, lang: actor.lang });
  await writeAudit(tx, actor, { action: 'approve', entity: 'request', entityId: id, after: { refNo: after.refNo, status: after.status } });
  return after;
}

export async function rejectRequest(opts: {
  tx: Db;
  actor: Actor;
  id: number;
  reason: string;
  /** The steps the caller's privileges let them reject at. */
  mayReject: (stage: 'first' | 'final') => boolean;
}): Promise<RequestDetail> {
  const { tx, actor, id, reason } = opts;
  const row = await lockForApprover(tx, actor, id);
  const stage = row.status === 'Submitted' ? 'first' : row.status === 'FirstApproved' ? 'final' : null;
  if (stage === null) throw new AppError(409, 'WRONG_STEP', 'requests.notPending');
  if (!opts.mayReject(stage)) throw new AppError(403, 'FORBIDDEN', 'auth.forbidden');
  await tx.execute(sql`
    update requests set status = 'Rejected', rejected_by = ${actor.userId}, rejected_at = now(), rejected_stage = ${stage},
           rejection_reason = ${reason}, updated_at = now()
    where id = ${id}`);
  const after = await getRequest({ tx, id, lang: actor.lang });
  await writeAudit(tx, actor, { action: 'reject', entity: 'request', entityId: id, after: { refNo: after.refNo, status: after.status, stage, reason } });
  return after;
}
