// The organisation's SMS settings: which adapter sends (the outbox by default, or an HTTP gateway with its
// address, method, auth header, content type and body template), the sender id, how many attempts a
// message gets, and the default language of bill SMS. Read as defaults until first saved. The auth
// secret is sealed (secret-box.ts) and only its last characters are ever answered.
import { eq } from 'drizzle-orm';
import type { SmsContentType, SmsLanguage, SmsProvider, SmsSettings, smsSettingsBody, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../plugins/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import { maskSecret, openSecret, sealSecret, secretHint } from './secret-box.ts';
import { smsSettingsTable } from './sms.tables.ts';

type SettingsRow = typeof smsSettingsTable.$inferSelect;

/** Everything an adapter needs to send for one organisation. */
export interface GatewayConfig {
  provider: SmsProvider;
  url: string | null;
  method: 'GET' | 'POST';
  authHeaderName: string | null;
  /** The opened secret; `unreadable` when one is stored but cannot be opened with this token secret. */
  authSecret: string | null | { unreadable: true };
  contentType: SmsContentType;
  bodyTemplate: string | null;
  senderId: string | null;
  maxAttempts: number;
  defaultLanguage: SmsLanguage;
}

const DEFAULTS: Omit<SettingsRow, 'clientId'> = {
  provider: 'outbox',
  url: null,
  method: 'POST',
  authHeaderName: null,
  authSecretEnc: null,
  authSecretHint: null,
  contentType: 'application/json',
  bodyTemplate: null,
  senderId: null,
  maxAttempts: 3,
  defaultLanguage: 'en',
  updatedBy: null,
  updatedAt: null,
};

async function readRow(tx: Db, clientId: number, lock = false): Promise<SettingsRow> {
  const q = tx.select().from(smsSettingsTable).where(eq(smsSettingsTable.clientId, clientId));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? { clientId, ...DEFAULTS };
}

function toView(row: SettingsRow): SmsSettings {
  return {
    provider: row.provider as SmsProvider,
    url: row.url,
    method: row.method as 'GET' | 'POST',
    authHeaderName: row.authHeaderName,
    hasAuthSecret: row.authSecretEnc !== null,
    authSecretMasked: row.authSecretEnc !== null ? maskSecret(row.authSecretHint ?? '') : null,
    contentType: row.contentType as SmsContentType,
    bodyTemplate: row.bodyTemplate,
    senderId: row.senderId,
    maxAttempts: row.maxAttempts,
    defaultLanguage: row.defaultLanguage as SmsLanguage,
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

export async function getSmsSettings(opts: { tx: Db; clientId: number }): Promise<SmsSettings> {
  return toView(await readRow(opts.tx, opts.clientId));
}

export async function loadGatewayConfig(opts: { tx: Db; clientId: number; tokenSecret: Uint8Array }): Promise<GatewayConfig> {
  const row = await readRow(opts.tx, opts.clientId);
  let authSecret: GatewayConfig['authSecret'] = null;
  if (row.authSecretEnc) authSecret = openSecret(opts.tokenSecret, row.authSecretEnc) ?? { unreadable: true };
  return {
    provider: row.provider as SmsProvider,
    url: row.url,
    method: row.method as 'GET' | 'POST',
    authHeaderName: row.authHeaderName,
    authSecret,
    contentType: row.contentType as SmsContentType,
    bodyTemplate: row.bodyTemplate,
    senderId: row.senderId,
    maxAttempts: row.maxAttempts,
    defaultLanguage: row.defaultLanguage as SmsLanguage,
  };
}

export async function updateSmsSettings(opts: { tx: Db; actor: Actor; tokenSecret: Uint8Array; input: z.infer<typeof smsSettingsBody> }): Promise<SmsSettings> {
  const { tx, actor, input } = opts;
  const { clientId, userId } = actor;
  const before = await readRow(tx, clientId, true);
  let authSecretEnc = before.authSecretEnc;
  let authSecretHint = before.authSecretHint;
  if (input.authSecret !== undefined) {
    const secret = input.authSecret?.trim() ?? '';
    authSecretEnc = secret ? sealSecret(opts.tokenSecret, secret) : null;
    authSecretHint = secret ? secretHint(secret) : null;
  }
  const values = {
    provider: input.provider,
    url: input.url,
    method: input.method,
    authHeaderName: input.authHeaderName,
    authSecretEnc,
    authSecretHint,
    contentType: input.contentType,
    bodyTemplate: input.bodyTemplate,
    senderId: input.senderId,
    maxAttempts: input.maxAttempts,
    defaultLanguage: input.defaultLanguage,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  await tx
    .insert(smsSettingsTable)
    .values({ clientId, ...values })
    .onConflictDoUpdate({ target: smsSettingsTable.clientId, set: values });
  const after = await readRow(tx, clientId);
  // The audit line shows whether the secret changed, never the secret (writeAudit also drops *secret* keys).
  const auditView = (r: SettingsRow) => {
    const { authSecretEnc: enc, authSecretHint: _h, updatedAt: _u, clientId: _c, ...rest } = r;
    return { ...rest, authStored: enc !== null };
  };
  await writeAudit(tx, actor, {
    action: 'update',
    entity: 'sms-settings',
    entityId: clientId,
    before: auditView(before),
    after: { ...auditView(after), authChanged: before.authSecretEnc !== after.authSecretEnc },
  });
  return toView(after);
}
