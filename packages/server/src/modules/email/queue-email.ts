// THE way any module queues e-mail: queueEmails writes the messages (status queued, due now) and their
// attachments inside the caller's transaction, with one audit line. Nothing is sent here: the caller
// kicks the dispatcher job (EMAIL_DISPATCH) once its transaction has committed, so a rolled-back request
// sends nothing, and the dispatcher's claim sends each message once.
import { sql } from 'drizzle-orm';
import type { EmailKind, EmailLanguage } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { emailAttachments, emailMessages } from './email.tables.ts';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface QueuedEmail {
  to: string;
  subject: string;
  body: string;
  language: EmailLanguage;
  customerId?: number | null;
  /** The document the e-mail carries (bill id, payment id, ...), read with the kind. */
  documentId?: number | null;
  attachments?: EmailAttachment[];
}

/** Queues the e-mails; returns their ids in order. */
export async function queueEmails(opts: { tx: Db; actor: Actor; kind: EmailKind; target: Record<string, unknown>; emails: QueuedEmail[] }): Promise<number[]> {
  const { tx, actor, kind, emails } = opts;
  if (emails.length === 0) return [];
  const { clientId, userId } = actor;
  const ids: number[] = [];
  for (const e of emails) {
    const [row] = await tx
      .insert(emailMessages)
      .values({
        clientId,
        kind,
        customerId: e.customerId ?? null,
        documentId: e.documentId ?? null,
        recipient: e.to,
        subject: e.subject,
        body: e.body,
        language: e.language,
        status: 'queued',
        nextAttemptAt: sql`now()`,
        createdBy: userId,
      })
      .returning({ id: emailMessages.id });
    ids.push(row.id);
    if (e.attachments?.length) {
      await tx
        .insert(emailAttachments)
        .values(e.attachments.map((a) => ({ clientId, messageId: row.id, filename: a.filename, contentType: a.contentType, content: a.content })));
    }
  }
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'email-batch',
    entityId: ids[0],
    after: { kind, target: opts.target, emails: emails.length, attachments: emails.reduce((n, e) => n + (e.attachments?.length ?? 0), 0) },
  });
  return ids;
}

/** One e-mail with attachments (a document, a payslip): the call other modules make, then kick EMAIL_DISPATCH after commit. */
export async function queueEmailWithAttachments(opts: { tx: Db; actor: Actor; kind: EmailKind; email: QueuedEmail }): Promise<number> {
  const [id] = await queueEmails({ tx: opts.tx, actor: opts.actor, kind: opts.kind, target: { type: 'address' }, emails: [opts.email] });
  return id;
}
