// The signed-in user's own profile (/users/profile): name, phone, e-mail, language, theme, and the
// signature image (the spec's dashboard/upload-signature) kept in `files` and printed on the cheques and
// payment vouchers the user signs (users' signatureImageOf). Each change is audited in its transaction.
import { and, eq } from 'drizzle-orm';
import type { MyProfile, MyProfileBody } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { notFound } from '../../plugins/errors.ts';
import { deleteFile, files, type ImageUpload, storeFile } from '../files/index.ts';
import { users } from '../users/index.ts';

async function readUser(tx: Db, actor: Actor) {
  const [u] = await tx
    .select()
    .from(users)
    .where(and(eq(users.clientId, actor.clientId), eq(users.id, actor.userId)));
  if (!u) throw notFound();
  return u;
}

export async function getMyProfile(opts: { tx: Db; actor: Actor }): Promise<MyProfile> {
  const u = await readUser(opts.tx, opts.actor);
  return {
    id: u.id,
    username: u.username,
    fullname: u.fullname,
    email: u.email,
    phone: u.phone,
    lang: u.lang === 'en' || u.lang === 'so' ? u.lang : null,
    theme: u.theme === 'light' || u.theme === 'dark' ? u.theme : null,
    hasSignature: u.signatureFileId !== null,
  };
}

export async function updateMyProfile(opts: { tx: Db; actor: Actor; input: MyProfileBody }): Promise<MyProfile> {
  const { tx, actor, input } = opts;
  const before = await readUser(tx, actor);
  const change = {
    fullname: input.fullname,
    ...(input.email !== undefined ? { email: input.email || null } : {}),
    ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
    ...(input.lang !== undefined ? { lang: input.lang } : {}),
    ...(input.theme !== undefined ? { theme: input.theme } : {}),
    updatedAt: new Date(),
  };
  await tx
    .update(users)
    .set(change)
    .where(and(eq(users.clientId, actor.clientId), eq(users.id, actor.userId)));
  await writeAudit(tx, actor, {
    action: 'update',
    entity: 'profile',
    entityId: actor.userId,
    before: { fullname: before.fullname, email: before.email, phone: before.phone, lang: before.lang, theme: before.theme },
    after: input,
  });
  return getMyProfile({ tx, actor });
}

export async function setMySignature(opts: { tx: Db; actor: Actor; upload: ImageUpload }): Promise<MyProfile> {
  const { tx, actor, upload } = opts;
  const before = await readUser(tx, actor);
  const stored = await storeFile({ tx, clientId: actor.clientId, userId: actor.userId, purpose: 'user-signature', ...upload });
  await tx
    .update(users)
    .set({ signatureFileId: stored.id, updatedAt: new Date() })
    .where(and(eq(users.clientId, actor.clientId), eq(users.id, actor.userId)));
  if (before.signatureFileId) await deleteFile({ tx, id: before.signatureFileId });
  await writeAudit(tx, actor, {
    action: 'update',
    entity: 'profile-signature',
    entityId: actor.userId,
    after: { fileId: stored.id, mime: stored.mime, size: stored.size },
  });
  return getMyProfile({ tx, actor });
}

export async function clearMySignature(opts: { tx: Db; actor: Actor }): Promise<MyProfile> {
  const { tx, actor } = opts;
  const before = await readUser(tx, actor);
  if (before.signatureFileId) {
    await tx
      .update(users)
      .set({ signatureFileId: null, updatedAt: new Date() })
      .where(and(eq(users.clientId, actor.clientId), eq(users.id, actor.userId)));
    await deleteFile({ tx, id: before.signatureFileId });
    await writeAudit(tx, actor, { action: 'delete', entity: 'profile-signature', entityId: actor.userId, before: { fileId: before.signatureFileId } });
  }
  return getMyProfile({ tx, actor });
}

/** The user's signature image, or 404 when they have none. */
export async function readMySignature(opts: { tx: Db; actor: Actor }) {
  const u = await readUser(opts.tx, opts.actor);
  if (!u.signatureFileId) throw notFound();
  const [f] = await opts.tx
    .select()
    .from(files)
    .where(and(eq(files.clientId, opts.actor.clientId), eq(files.id, u.signatureFileId)));
  if (!f) throw notFound();
  return f;
}
