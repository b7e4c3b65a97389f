// Writes one batch and its messages (status queued, due now) inside the caller's transaction, with one
// audit line. Nothing is sent here: the route kicks the dispatcher job once the transaction has committed, so
// a rolled-back request sends nothing.
import { sql } from 'drizzle-orm';
import type { SmsKind, SmsLanguage } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../plugins/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import { smsBatches, smsMessages } from './sms.tables.ts';

export interface OutgoingSms {
  customerId: number | null;
  billId: number | null;
  runId: number | null;
  phone: string;
  body: string;
  language: SmsLanguage;
}

const CHUNK = 500;

/** Queues the messages as one batch; returns the batch id and the ids of the messages, or null when there are none. */
export async function queueMessages(opts: {
  tx: Db;
  actor: Actor;
  kind: SmsKind;
  target: Record<string, unknown>;
  messages: OutgoingSms[];
}): Promise<{ batchId: number; messageIds: number[] } | null> {
  const { tx, actor, kind, target, messages } = opts;
  if (messages.length === 0) return null;
  const { clientId, userId } = actor;
  const [batch] = await tx
    .insert(smsBatches)
    .values({ clientId, kind, target, messageCount: messages.length, createdBy: userId })
    .returning({ id: smsBatches.id });
  const messageIds: number[] = [];
  for (let i = 0; i < messages.length; i += CHUNK) {
    const rows = await tx
      .insert(smsMessages)
      .values(
        messages.slice(i, i + CHUNK).map((m) => ({
          clientId,
          batchId: batch.id,
          kind,
          customerId: m.customerId,
          billId: m.billId,
          runId: m.runId,
          phone: m.phone,
          body: m.body,
          language: m.language,
          status: 'queued',
          nextAttemptAt: sql`now()`,
          createdBy: userId,
        })),
      )
      .returning({ id: smsMessages.id });
    messageIds.push(...rows.map((r) => r.id));
  }
  await writeAudit(tx, actor, { action: 'create', entity: 'sms-batch', entityId: batch.id, after: { kind, target, messages: messages.length } });
  return { batchId: batch.id, messageIds };
}
