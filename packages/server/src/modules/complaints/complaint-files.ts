// Files attached to a complaint (a photo of the meter, a letter): the journal attachments' rules: one
// file per upload within the multipart limit, only the types treasury's attachment-type.ts recognises
// (PDF, PNG, JPEG, WEBP, CSV, XLSX), bytes in the `files` table, an 'attachment' event in the complaint's
// history and an audit line in the same transaction. A file is read only through a complaint of the
// caller's organisation (row-level security, and the event must name it).
import { sql } from 'drizzle-orm';
import type { ComplaintDetail } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { fieldError, notFound } from '../../plugins/errors.ts';
import { readFile, storeFile } from '../files/index.ts';
import { attachmentFilename, detectAttachmentType } from '../treasury/index.ts';
import { addEvent, getComplaint, lockComplaint } from './complaints-common.ts';

export async function attachComplaintFile(opts: {
  tx: Db;
  actor: Actor;
  id: number;
  file: { filename: string; content: Buffer } | undefined;
}): Promise<ComplaintDetail> {
  const { tx, actor, id, file } = opts;
  if (!file || file.content.length === 0) throw fieldError('file', 'file.required');
  const mime = detectAttachmentType(file.content);
  if (!mime) throw fieldError('file', 'file.transactionTypes');
  await lockComplaint(tx, id);
  const stored = await storeFile({
    tx,
    clientId: actor.clientId,
    userId: actor.userId,
    purpose: 'complaint',
    filename: attachmentFilename(file.filename, mime),
    mime,
    content: file.content,
  });
  await addEvent(tx, { clientId: actor.clientId, complaintId: id, kind: 'attachment', fileId: stored.id, note: stored.filename, byUser: actor.userId });
  await writeAudit(tx, actor, {
    action: 'attach',
    entity: 'complaint',
    entityId: id,
    after: { fileId: stored.id, filename: stored.filename, size: stored.size },
  });
  return getComplaint({ tx, id });
}

export async function readComplaintFile(opts: { tx: Db; fileId: string }) {
  const [link] = await queryRows<{ id: string }>(opts.tx, sql`select id from complaint_events where kind = 'attachment' and file_id = ${opts.fileId} limit 1`);
  if (!link) throw notFound();
  const file = await readFile({ tx: opts.tx, id: opts.fileId });
  if (!file) throw notFound();
  return file;
}
