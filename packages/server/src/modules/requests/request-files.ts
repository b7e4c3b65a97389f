// Files attached to a request (a scan, a photo or a PDF of a quotation or an invoice), with the rules of
// journal entry attachments: the type from the bytes (treasury's detectAttachmentType: PDF, PNG, JPEG,
// WEBP, CSV, XLSX), 2 MiB at most (the multipart limit), a file name safe to echo, the bytes in `files`
// (purpose 'request'). Upload and removal lock the request row (the per-request limit holds under
// concurrency) and are audited in the same transaction; everything runs under the tenant's row-level security.
import { sql } from 'drizzle-orm';
import { REQUEST_FILES_PER_REQUEST, type RequestFile, type TransactionFileMime } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { fieldError, notFound } from '../../plugins/errors.ts';
import { deleteFile, readFile, storeFile } from '../files/index.ts';
import { attachmentFilename, detectAttachmentType } from '../treasury/index.ts';
import { lockRequest } from './requests-common.ts';

export interface RequestFileUpload {
  filename: string;
  mime: TransactionFileMime;
  content: Buffer;
}

/** Checks the uploaded file: present, and of a type recognised from its bytes. */
export function requestFileUpload(file: { filename: string; content: Buffer } | undefined): RequestFileUpload {
  if (!file || file.content.length === 0) throw fieldError('file', 'file.required');
  const mime = detectAttachmentType(file.content);
  if (!mime) throw fieldError('file', 'file.transactionTypes');
  return { filename: attachmentFilename(file.filename, mime), mime, content: file.content };
}

interface FileRow {
  id: number;
  request_id: string | number;
  file_id: string;
  filename: string;
  mime: TransactionFileMime;
  size: number;
  created_by_id: number | null;
  created_by: string | null;
  created_at: string | Date;
}

const toFile = (r: FileRow): RequestFile => ({
  id: Number(r.id),
  requestId: Number(r.request_id),
  filename: r.filename,
  mime: r.mime,
  size: Number(r.size),
  createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(),
});

const selectFiles = sql`
  select l.id, l.request_id, l.file_id, f.filename, f.mime, f.size, l.created_by as created_by_id, u.fullname as created_by, l.created_at
  from request_files l
  join files f on f.client_id = l.client_id and f.id = l.file_id
  left join users u on u.client_id = l.client_id and u.id = l.created_by`;

export async function listRequestFiles(opts: { tx: Db; requestId: number }): Promise<RequestFile[]> {
  const rows = await queryRows<FileRow>(opts.tx, sql`${selectFiles} where l.request_id = ${opts.requestId} order by l.id`);
  return rows.map(toFile);
}

/** The attachment's link row (which request it is on), or 404 outside the caller's organisation. */
export async function requestFileOwner(opts: { tx: Db; id: number }): Promise<{ requestId: number }> {
  const [row] = await queryRows<{ request_id: string }>(opts.tx, sql`select request_id from request_files where id = ${opts.id}`);
  if (!row) throw notFound();
  return { requestId: Number(row.request_id) };
}

export async function attachRequestFile(opts: { tx: Db; actor: Actor; requestId: number; upload: RequestFileUpload }): Promise<RequestFile> {
  const { tx, actor, requestId, upload } = opts;
  const { clientId, userId } = actor;
  await lockRequest(tx, requestId);
  const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from request_files where request_id = ${requestId}`);
  if (n >= REQUEST_FILES_PER_REQUEST) throw fieldError('file', `requests.tooManyFiles|${REQUEST_FILES_PER_REQUEST}`);
  const stored = await storeFile({ tx, clientId, userId, purpose: 'request', filename: upload.filename, mime: upload.mime, content: upload.content });
  const [link] = await queryRows<{ id: number }>(
    tx,
    sql`insert into request_files (client_id, request_id, file_id, created_by) values (${clientId}, ${requestId}, ${stored.id}, ${userId}) returning id`,
  );
  await writeAudit(tx, actor, {
    action: 'attach',
    entity: 'request-file',
    entityId: Number(link.id),
    after: { requestId, filename: stored.filename, mime: stored.mime, size: stored.size },
  });
  const [row] = await queryRows<FileRow>(tx, sql`${selectFiles} where l.id = ${link.id}`);
  return toFile(row);
}

/** The attachment with its bytes, or 404 when it is not the caller's organisation's. */
export async function readRequestFile(opts: { tx: Db; id: number }) {
  const [link] = await queryRows<FileRow>(opts.tx, sql`${selectFiles} where l.id = ${opts.id}`);
  if (!link) throw notFound();
  const file = await readFile({ tx: opts.tx, id: link.file_id });
  if (!file) throw notFound();
  return { filename: link.filename, mime: link.mime, content: file.content as Buffer };
}

export async function removeRequestFile(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  const { tx, actor, id } = opts;
  const [link] = await queryRows<FileRow>(tx, sql`${selectFiles} where l.id = ${id}`);
  if (!link) throw notFound();
  await lockRequest(tx, Number(link.request_id));
  const removed = await queryRows<{ id: number }>(tx, sql`delete from request_files where id = ${id} returning id`);
  // A concurrent removal got there first.
  if (removed.length === 0) throw notFound();
  await deleteFile({ tx, id: link.file_id });
  await writeAudit(tx, actor, {
    action: 'delete',
    entity: 'request-file',
    entityId: id,
    before: { requestId: Number(link.request_id), filename: link.filename, mime: link.mime, size: Number(link.size) },
  });
}
