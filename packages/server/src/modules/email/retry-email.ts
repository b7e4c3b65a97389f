// POST /api/email/messages/:id/retry: a failed e-mail gets a new round of attempts, due at once; the route
// kicks the dispatcher after the commit. Audited.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, notFound } from '../../plugins/errors.ts';

export async function retryEmail(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  const { tx, actor, id } = opts;
  const { clientId } = actor;
  const [row] = await queryRows<{ status: string; attempts: number; last_error: string | null }>(
    tx,
    sql`select status, attempts, last_error from email_messages where client_id = ${clientId} and id = ${id} for update`,
  );
  if (!row) throw notFound();
  if (row.status !== 'failed') throw new AppError(409, 'NOT_FAILED', 'email.notFailed');
  await tx.execute(sql`
    update email_messages set status = 'queued', attempts = 0, next_attempt_at = now(), updated_at = now()
    where client_id = ${clientId} and id = ${id}`);
  await writeAudit(tx, actor, {
    action: 'status',
    entity: 'email-message',
    entityId: id,
    before: { status: 'failed', attempts: row.attempts, lastError: row.last_error },
    after: { status: 'queued' },
  });
}
