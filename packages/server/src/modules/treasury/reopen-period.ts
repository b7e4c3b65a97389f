// POST /api/finance/closing/reopen: an administrator moves the lock date back (or clears it) to correct
// a closed period, giving a reason. The closing entries stay in the books (a user may reverse one once
// its period is open); the closings concerned are marked reopened, and the audit log records who, when
// and why.
import { sql } from 'drizzle-orm';
import type { ReopenBody, ReopenResult } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { queryRows } from '../../db/rows.ts';
import { lockSettingsForChange, setLockDate } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, fieldError } from '../../plugins/errors.ts';

export async function reopenPeriod(opts: { tx: Db; actor: Actor; input: ReopenBody }): Promise<ReopenResult> {
  const { tx, actor, input } = opts;
  const { clientId, userId, isAdmin } = actor;
  if (!isAdmin) throw new AppError(403, 'FORBIDDEN', 'treasury.adminOnly');
  const current = await lockSettingsForChange(tx, clientId);
  if (current === null) throw new AppError(409, 'NOT_CLOSED', 'treasury.notClosed');
  if (input.lockDate !== null && input.lockDate >= current) throw fieldError('lockDate', `treasury.reopenNotEarlier|${current}`);
  await setLockDate(tx, clientId, input.lockDate);
  const reopened = await queryRows<{ id: number }>(
    tx,
    sql`
    update period_closings set reopened_at = now(), reopened_by = ${userId}, reopen_reason = ${input.reason}
    where client_id = ${clientId} and reopened_at is null
      ${input.lockDate === null ? sql`` : sql`and period_end > ${input.lockDate}::date`}
    returning id`,
  );
  const ids = reopened.map((r) => Number(r.id)).sort((a, b) => a - b);
  await writeAudit(tx, actor, {
    action: 'reopen',
    entity: 'ledger-lock',
    entityId: null,
    before: { lockDate: current },
    after: { lockDate: input.lockDate, reason: input.reason, reopenedClosings: ids },
  });
  return { previousLockDate: current, lockDate: input.lockDate, reopened: ids };
}
