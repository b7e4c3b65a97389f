// Files attached to journal entries. Upload reads the multipart body (entryId and one file, 2 MiB at
// most by the multipart limit), accepts only the types attachment-type.ts recognises, stores the bytes
// in `files` and links them to the entry; list, download and remove work within the caller's
// organisation only (row-level security, and every query names the organisation). Uploads and removals
// are audited in the same transaction.
import { and, eq, sql } from 'drizzle-orm';
import { entryId as entryIdSchema, TRANSACTION_FILES_PER_ENTRY, type TransactionFile, type TransactionFileMime } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { queryRows } from '../../db/rows.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, fieldError, notFound } from '../../plugins/errors.ts';
import { deleteFile, files, storeFile } from '../files/index.ts';
import { attachmentFilename, detectAttachmentType } from './attachment-type.ts';
import { journalEntryFiles } from './treasury.tables.ts';

export interface AttachmentUpload {
  entryId: number;
  filename: string;
  mime: TransactionFileMime;
  content: Buffer;
}

/** The multipart body's entryId field and file, as the route read them. */
export interface AttachmentParts {
  entryId: unknown;
  file?: { filename: string; content: Buffer };
}

/** Checks what the upload carried: a known entry id and a file of a type attachment-type.ts recognises. */
export function attachmentUpload(parts: AttachmentParts): AttachmentUpload {
  const { entryId: rawEntryId, file } = parts;
  if (rawEntryId === undefined || rawEntryId === '') throw fieldError('entryId', 'v.required');
  const parsedEntryId = entryIdSchema.safeParse(rawEntryId);
  if (!parsedEntryId.success) throw fieldError('entryId', 'v.number');
  if (!file || file.content.length === 0) throw fieldError('file', 'file.required');
  const mime = detectAttachmentType(file.content);
  if (!mime) throw fieldError('file', 'file.transactionTypes');
  return { entryId: parsedEntryId.data, filename: attachmentFilename(file.filename, mime), mime, content: file.content };
}

interface FileRow {
  id: number;
  entry_id: string | number;
  file_id: string;
  filename: string;
  mime: TransactionFileMime;
  size: number;
  created_by: string | null;
  created_at: string;
}

const toFile = (r: FileRow): TransactionFile => ({
  id: Number(r.id),
  entryId: Number(r.entry_id),
  filename: r.filename,
  mime: r.mime,
  size: Number(r.size),
  createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(),
});

const selectFiles = sql`
  select l.id, l.entry_id, l.file_id, f.filename, f.mime, f.size, u.fullname as created_by, l.created_at
  from journal_entry_files l
  join files f on f.client_id = l.client_id and f.id = l.file_id
  left join users u on u.client_id = l.client_id and u.id = l.created_by`;

export async function listTransactionFiles(opts: { tx: Db; clientId: number; entryId: number }): Promise<TransactionFile[]> {
  const rows = await queryRows<FileRow>(opts.tx, sql`${selectFiles} where l.client_id = ${opts.clientId} and l.entry_id = ${opts.entryId} order by l.id`);
  return rows.map(toFile);
}

export async function attachTransactionFile(opts: { tx: Db; actor: Actor; upload: AttachmentUpload }): Promise<TransactionFile> {
  const { tx, actor, upload } = opts;
  const { clientId, userId } = actor;
  // The entry row is locked against other uploads to it, so the per-entry limit holds under concurrency
  // (FOR NO KEY UPDATE does not block postings or reads of the entry).
  const [entry] = await queryRows<{ id: string | number; n: number }>(
    tx,
    sql`
    select e.id, (select count(*)::int from journal_entry_files l where l.client_id = e.client_id and l.entry_id = e.id) as n
    from journal_entries e where e.client_id = ${clientId} and e.id = ${upload.entryId} for no key update of e`,
  );
  if (!entry) throw fieldError('entryId', 'v.notFound');
  if (entry.n >= TRANSACTION_FILES_PER_ENTRY) throw fieldError('file', `treasury.tooManyFiles|${TRANSACTION_FILES_PER_ENTRY}`);
  const stored = await storeFile({ tx, clientId, userId, purpose: 'transaction', filename: upload.filename, mime: upload.mime, content: upload.content });
  const [link] = await tx.insert(journalEntryFiles).values({ clientId, entryId: upload.entryId, fileId: stored.id, createdBy: userId }).returning();
  await writeAudit(tx, actor, {
    action: 'attach',
    entity: 'transaction-file',
    entityId: link.id,
    after: { entryId: upload.entryId, fileId: stored.id, filename: stored.filename, mime: stored.mime, size: stored.size },
  });
  const [row] = await queryRows<FileRow>(tx, sql`${selectFiles} where l.client_id = ${clientId} and l.id = ${link.id}`);
  return toFile(row);
}

/** The attachment with its bytes, or 404 when it is not the caller's organisation's. */
export async function readTransactionFile(opts: { tx: Db; clientId: number; id: number }) {
  const [row] = await opts.tx
    .select({ id: journalEntryFiles.id, fileId: files.id, filename: files.filename, mime: files.mime, content: files.content })
    .from(journalEntryFiles)
    .innerJoin(files, and(eq(files.clientId, journalEntryFiles.clientId), eq(files.id, journalEntryFiles.fileId)))
    .where(and(eq(journalEntryFiles.clientId, opts.clientId), eq(journalEntryFiles.id, opts.id)));
  if (!row) throw notFound();
  return row;
}

export async function removeTransactionFile(opts: { tx: Db; actor: Actor; id: number }): Promise<void> {
  const { tx, actor, id } = opts;
  const { clientId } = actor;
  const [link] = await queryRows<FileRow>(tx, sql`${selectFiles} where l.client_id = ${clientId} and l.id = ${id}`);
  if (!link) throw notFound();
  const removed = await tx
    .delete(journalEntryFiles)
    .where(and(eq(journalEntryFiles.clientId, clientId), eq(journalEntryFiles.id, id)))
    .returning({ id: journalEntryFiles.id });
  // A concurrent removal got there first.
  if (removed.length === 0) throw new AppError(404, 'NOT_FOUND', 'common.notFound');
  await deleteFile({ tx, id: link.file_id });
  await writeAudit(tx, actor, {
    action: 'delete',
    entity: 'transaction-file',
    entityId: id,
    before: { entryId: Number(link.entry_id), fileId: link.file_id, filename: link.filename, mime: link.mime, size: Number(link.size) },
  });
}
