// The organisation's profile: read, edit, and set or clear its logo and signature images. Each change
// writes its audit line in the same transaction. The sign-in code and subscription are not editable here
// (a trigger of migration 0005 refuses them to the application role as well).
import { eq } from 'drizzle-orm';
import type { CompanyImageKind, CompanyProfile, OrganisationConfig, OrganisationPublicProfile, updateCompanyBody, z } from '@ubo/contracts';
import { getLockDate, readMaxDocumentAmount } from '../../ledger/index.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { notFound } from '../../plugins/errors.ts';
import { deleteFile, storeFile, type ImageUpload } from '../files/index.ts';
import { clients } from '../organisations/index.ts';

type ClientRow = typeof clients.$inferSelect;

const fileUrl = (id: string | null) => (id ? `/api/files/${id}` : null);

function toProfile(c: ClientRow): CompanyProfile {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    address: c.address,
    phone: c.phone,
    email: c.email,
    website: c.website,
    currency: c.currency,
    contactPhone: c.contactPhone,
    billingCode: c.billingCode,
    shortCode: c.shortCode,
    logoFileId: c.logoFileId,
    logoUrl: fileUrl(c.logoFileId),
    signatureFileId: c.signatureFileId,
    signatureUrl: fileUrl(c.signatureFileId),
    subscriptionExpiresOn: c.subscriptionExpiresOn,
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The editable part, as the audit log records it. */
const editable = (c: ClientRow) => ({
  name: c.name,
  address: c.address,
  phone: c.phone,
  email: c.email,
  website: c.website,
  currency: c.currency,
  contactPhone: c.contactPhone,
  billingCode: c.billingCode,
  shortCode: c.shortCode,
});

async function loadClient(tx: Db, clientId: number, lock = false): Promise<ClientRow> {
  const q = tx.select().from(clients).where(eq(clients.id, clientId));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

export async function getCompany(opts: { tx: Db; actor: Actor }): Promise<CompanyProfile> {
  return toProfile(await loadClient(opts.tx, opts.actor.clientId));
}

export async function updateCompany(opts: { tx: Db; actor: Actor; input: z.output<typeof updateCompanyBody> }): Promise<CompanyProfile> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  const before = await loadClient(tx, clientId, true);
  const [after] = await tx
    .update(clients)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(clients.id, clientId))
    .returning();
  await writeAudit(tx, actor, { action: 'update', entity: 'company', entityId: clientId, before: editable(before), after: editable(after) });
  return toProfile(after);
}

const imageColumn = { logo: 'logoFileId', signature: 'signatureFileId' } as const;

/** Stores the image, points the profile at it and removes the image it replaces. */
export async function setCompanyImage(opts: { tx: Db; actor: Actor; kind: CompanyImageKind; upload: ImageUpload }): Promise<CompanyProfile> {
  const { tx, actor, kind, upload } = opts;
  const { clientId, userId } = actor;
  const column = imageColumn[kind];
  const before = await loadClient(tx, clientId, true);
  const stored = await storeFile({ tx, clientId, userId, purpose: `company-${kind}`, ...upload });
  const [after] = await tx
    .update(clients)
    .set({ [column]: stored.id, updatedAt: new Date() })
    .where(eq(clients.id, clientId))
    .returning();
  const previous = before[column];
  if (previous) await deleteFile({ tx, id: previous });
  await writeAudit(tx, actor, {
    action: 'update',
    entity: `company.${kind}`,
    entityId: clientId,
    before: { fileId: previous },
    after: { fileId: stored.id, filename: stored.filename, mime: stored.mime, size: stored.size },
  });
  return toProfile(after);
}

export async function clearCompanyImage(opts: { tx: Db; actor: Actor; kind: CompanyImageKind }): Promise<CompanyProfile> {
  const { tx, actor, kind } = opts;
  const { clientId } = actor;
  const column = imageColumn[kind];
  const before = await loadClient(tx, clientId, true);
  const previous = before[column];
  if (!previous) return toProfile(before);
  const [after] = await tx
    .update(clients)
    .set({ [column]: null, updatedAt: new Date() })
    .where(eq(clients.id, clientId))
    .returning();
  await deleteFile({ tx, id: previous });
  await writeAudit(tx, actor, { action: 'delete', entity: `company.${kind}`, entityId: clientId, before: { fileId: previous }, after: { fileId: null } });
  return toProfile(after);
}

/** elc/settings/config: the configuration every screen reads (the books' settings are the ledger's). */
export async function getOrganisationConfig(opts: { tx: Db; actor: Actor }): Promise<OrganisationConfig> {
  const { tx, actor } = opts;
  const c = await loadClient(tx, actor.clientId);
  return {
    currency: c.currency,
    lockDate: await getLockDate(tx, actor.clientId),
    maxDocumentAmount: await readMaxDocumentAmount(tx, actor.clientId),
    languages: ['en', 'so'],
    defaultPageSize: 100,
    subscriptionExpiresOn: c.subscriptionExpiresOn,
  };
}

/** elc/profile: the organisation's public face (no billing code, subscription or file ids). */
export async function getPublicProfile(opts: { tx: Db; actor: Actor }): Promise<OrganisationPublicProfile> {
  const c = await loadClient(opts.tx, opts.actor.clientId);
  return {
    code: c.code,
    name: c.name,
    shortCode: c.shortCode,
    address: c.address,
    phone: c.phone,
    email: c.email,
    website: c.website,
    contactPhone: c.contactPhone,
    logoUrl: fileUrl(c.logoFileId),
  };
}
