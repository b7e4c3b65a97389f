// An employee's photo: uploaded as an image (PNG, JPEG or WEBP, the multipart limit of every upload; bytes in
// the files table, purpose 'employee-photo'), replaced by the next upload (the old file removed in the same
// transaction), removed on request, and read back for the employee's page. Row-level security keeps each
// organisation to its own employees and files; the routes ask for the employee privilege.
import { and, eq } from 'drizzle-orm';
import type { EmployeeDetail } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { notFound } from '../../plugins/errors.ts';
import { deleteFile, type ImageUpload, readFile, storeFile } from '../files/index.ts';
import { getEmployee } from './employees.ts';
import { employees } from './hr.tables.ts';

async function photoOf(tx: Db, clientId: number, id: number): Promise<string | null> {
  const [row] = await tx
    .select({ photo: employees.photoFileId })
    .from(employees)
    .where(and(eq(employees.clientId, clientId), eq(employees.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row.photo;
}

export async function setEmployeePhoto(opts: { tx: Db; actor: Actor; id: number; upload: ImageUpload }): Promise<EmployeeDetail> {
  const { tx, actor, id, upload } = opts;
  const before = await photoOf(tx, actor.clientId, id);
  const stored = await storeFile({ tx, clientId: actor.clientId, userId: actor.userId, purpose: 'employee-photo', ...upload });
  await tx
    .update(employees)
    .set({ photoFileId: stored.id, updatedAt: new Date() })
    .where(and(eq(employees.clientId, actor.clientId), eq(employees.id, id)));
  if (before) await deleteFile({ tx, id: before });
  await writeAudit(tx, actor, { action: 'update', entity: 'employee-photo', entityId: id, after: { fileId: stored.id, mime: stored.mime, size: stored.size } });
  return getEmployee({ tx, id });
}

export async function removeEmployeePhoto(opts: { tx: Db; actor: Actor; id: number }): Promise<EmployeeDetail> {
  const { tx, actor, id } = opts;
  const before = await photoOf(tx, actor.clientId, id);
  if (before) {
    await tx
      .update(employees)
      .set({ photoFileId: null, updatedAt: new Date() })
      .where(and(eq(employees.clientId, actor.clientId), eq(employees.id, id)));
    await deleteFile({ tx, id: before });
    await writeAudit(tx, actor, { action: 'delete', entity: 'employee-photo', entityId: id, before: { fileId: before } });
  }
  return getEmployee({ tx, id });
}

export async function readEmployeePhoto(opts: { tx: Db; clientId: number; id: number }) {
  const [row] = await opts.tx
    .select({ photo: employees.photoFileId })
    .from(employees)
    .where(and(eq(employees.clientId, opts.clientId), eq(employees.id, opts.id)));
  if (!row?.photo) throw notFound();
  const file = await readFile({ tx: opts.tx, id: row.photo });
  if (!file) throw notFound();
  return file;
}
