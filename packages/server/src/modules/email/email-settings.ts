// The organisation's SMTP settings: host, port, security (none, STARTTLS, TLS), user, password (sealed,
// password-box.ts; only "set / not set" is ever answered), from address and name, how many attempts an
// e-mail gets and the default language. Read as defaults until first saved.
import { eq } from 'drizzle-orm';
import type { EmailLanguage, EmailSecurity, EmailSettings, emailSettingsBody, z } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { emailSettingsTable } from './email.tables.ts';
import { openPassword, sealPassword } from './password-box.ts';

type SettingsRow = typeof emailSettingsTable.$inferSelect;

/** Everything the transport needs to send for one organisation. */
export interface SmtpConfig {
  host: string | null;
  port: number;
  security: EmailSecurity;
  username: string | null;
  /** The opened password; `unreadable` when one is stored but cannot be opened with this token secret. */
  password: string | null | { unreadable: true };
  fromAddress: string | null;
  fromName: string | null;
  maxAttempts: number;
  defaultLanguage: EmailLanguage;
}

const DEFAULTS: Omit<SettingsRow, 'clientId'> = {
  host: null,
  port: 587,
  security: 'starttls',
  username: null,
  passwordEnc: null,
  fromAddress: null,
  fromName: null,
  maxAttempts: 3,
  defaultLanguage: 'en',
  updatedBy: null,
  updatedAt: null,
};

async function readRow(tx: Db, clientId: number, lock = false): Promise<SettingsRow> {
  const q = tx.select().from(emailSettingsTable).where(eq(emailSettingsTable.clientId, clientId));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? { clientId, ...DEFAULTS };
}

function toView(row: SettingsRow): EmailSettings {
  return {
    host: row.host,
    port: row.port,
    security: row.security as EmailSecurity,
    username: row.username,
    hasPassword: row.passwordEnc !== null,
    fromAddress: row.fromAddress,
    fromName: row.fromName,
    maxAttempts: row.maxAttempts,
    defaultLanguage: row.defaultLanguage as EmailLanguage,
    configured: row.host !== null && row.fromAddress !== null,
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

export async function getEmailSettings(opts: { tx: Db; clientId: number }): Promise<EmailSettings> {
  return toView(await readRow(opts.tx, opts.clientId));
}

export async function loadSmtpConfig(opts: { tx: Db; clientId: number; tokenSecret: Uint8Array }): Promise<SmtpConfig> {
  const row = await readRow(opts.tx, opts.clientId);
  let password: SmtpConfig['password'] = null;
  if (row.passwordEnc) password = openPassword(opts.tokenSecret, row.passwordEnc) ?? { unreadable: true };
  return {
    host: row.host,
    port: row.port,
    security: row.security as EmailSecurity,
    username: row.username,
    password,
    fromAddress: row.fromAddress,
    fromName: row.fromName,
    maxAttempts: row.maxAttempts,
    defaultLanguage: row.defaultLanguage as EmailLanguage,
  };
}

export async function updateEmailSettings(opts: {
  tx: Db;
  actor: Actor;
  tokenSecret: Uint8Array;
  input: z.infer<typeof emailSettingsBody>;
}): Promise<EmailSettings> {
  const { tx, actor, input } = opts;
  const { clientId, userId } = actor;
  const before = await readRow(tx, clientId, true);
  let passwordEnc = before.passwordEnc;
  if (input.password !== undefined) {
    const password = input.password ?? '';
    passwordEnc = password ? sealPassword(opts.tokenSecret, password) : null;
  }
  const values = {
    host: input.host.replace(/^\[|\]$/g, ''),
    port: input.port,
    security: input.security,
    username: input.username,
    passwordEnc,
    fromAddress: input.fromAddress,
    fromName: input.fromName,
    maxAttempts: input.maxAttempts,
    defaultLanguage: input.defaultLanguage,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  await tx
    .insert(emailSettingsTable)
    .values({ clientId, ...values })
    .onConflictDoUpdate({ target: emailSettingsTable.clientId, set: values });
  const after = await readRow(tx, clientId);
  // The audit line shows whether the password changed, never the password.
  const auditView = (r: SettingsRow) => {
    const { passwordEnc: enc, updatedAt: _u, clientId: _c, ...rest } = r;
    return { ...rest, passwordStored: enc !== null };
  };
  await writeAudit(tx, actor, {
    action: 'update',
    entity: 'email-settings',
    entityId: clientId,
    before: auditView(before),
    after: { ...auditView(after), passwordChanged: before.passwordEnc !== after.passwordEnc },
  });
  return toView(after);
}
