// POST /api/sms/messages/:id/retry: a failed message gets a new round of attempts (its count starts again),
// due at once; the route kicks the dispatcher after the commit. Audited.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { queryRows } from '../../db/rows.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';

export async function retryMessage(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  const { tx, actor, id } = opts;
  const { clientId } = actor;
  const [row] = await queryRows<{ status: string; attempts: number; last_error: string | null }>(
    tx,
    sql`
    select status, attempts, last_error from sms_messages where client_id = ${clientId} and id = ${id} for update`,
  );
  if (!row) throw notFound();
  if (row.status !== 'failed') throw new AppError(409, 'NOT_FAILED', 'sms.notFailed');
  await tx.execute(sql`
    update sms_messages set status = 'queued', attempts = 0, next_attempt_at = now(), updated_at = now()
    where client_id = ${clientId} and id = ${id}`);
  await writeAudit(tx, actor, {
    action: 'status',
    entity: 'sms-message',
    entityId: id,
    before: { status: 'failed', attempts: row.attempts, lastError: row.last_error },
    after: { status: 'queued' },
  });
}
