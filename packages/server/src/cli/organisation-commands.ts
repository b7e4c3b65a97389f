// Operator commands about organisations: create one with its administrator, list them, set the
// subscription end, record a subscription payment, reset a user's password. Each validates every
// option before touching the database and writes in one installation transaction (inSystem).
import { type Lang, money, phone, userPassword, z } from '@ubo/contracts';
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { inSystem } from '../db/tenant.ts';
import { hashPassword, temporaryPassword } from '../lib/passwords.ts';
import { clients, subscriptionPayments } from '../modules/organisations/index.ts';
import { createOrganisation, sessions, users } from '../modules/users/index.ts';
import { type CliArgs, CliError, calendarDate, options, orgCode, table, today, validate } from './cli-input.ts';
import { say } from './messages.ts';
import { writeOperatorAudit } from './operator-audit.ts';

const adminPassword = userPassword.refine((v) => v.length >= 8, { message: 'password.min8' });

/** The organisation row, locked until the command's transaction ends so two operators cannot interleave. */
async function findOrganisation(tx: Db, code: number, lang: Lang) {
  const [client] = await tx.select().from(clients).where(eq(clients.code, code)).for('update');
  if (!client) throw new CliError(say('cli.orgNotFound', lang, { code }));
  return client;
}

async function refuseEarlierThanToday(db: Db, date: string | undefined, option: string, lang: Lang): Promise<void> {
  if (date === undefined) return;
  const now = await today(db);
  if (date < now) throw new CliError(`--${option}: ${say('cli.dateInPast', lang, { today: now })}`);
}

const createSchema = z.object({
  code: orgCode,
  name: z.string().trim().min(2).max(200),
  'admin-username': z.string().trim().min(1).max(100).regex(/^\S+$/, 'v.pattern'),
  'admin-password': adminPassword.optional(),
  expires: calendarDate.optional(),
  'short-code': z.string().trim().min(1).max(50).optional(),
  'contact-phone': phone.optional(),
});

export async function createOrganisationCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const input = validate(createSchema, options(args, 'code', 'name', 'admin-username', 'admin-password', 'expires', 'short-code', 'contact-phone'), lang);
  await refuseEarlierThanToday(db, input.expires, 'expires', lang);
  const exists = await inSystem(db, (tx) => tx.select({ id: clients.id }).from(clients).where(eq(clients.code, input.code)));
  if (exists.length > 0) throw new CliError(say('cli.orgExists', lang, { code: input.code }));

  const generated = input['admin-password'] === undefined ? temporaryPassword() : undefined;
  let created: { clientId: number; adminId: number };
  try {
    created = await createOrganisation(db, {
      code: input.code,
      name: input.name,
      adminUsername: input['admin-username'],
      adminPassword: input['admin-password'] ?? (generated as string),
      shortCode: input['short-code'],
      contactPhone: input['contact-phone'],
      subscriptionExpiresOn: input.expires ?? null,
      mustChangePassword: generated !== undefined,
    });
  } catch (err) {
    // Another operator created the same code between the check and the insert.
    if (/already exists|duplicate key/i.test(String((err as Error).message))) throw new CliError(say('cli.orgExists', lang, { code: input.code }));
    throw err;
  }
  await inSystem(db, (tx) =>
    writeOperatorAudit(tx, {
      clientId: created.clientId,
      action: 'create',
      entity: 'organisation',
      entityId: input.code,
      after: { code: input.code, name: input.name, admin: input['admin-username'], expires: input.expires ?? null },
    }),
  );
  const lines = [say('cli.orgCreated', lang, { code: input.code, name: input.name, username: input['admin-username'] })];
  if (generated) lines.push(say('cli.tempPassword', lang, { password: generated }));
  return lines;
}

export async function listOrganisationsCommand(db: Db, _args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const rows = await inSystem(db, (tx) =>
    queryRows<{ code: number; name: string; users: number; expires: string | null }>(
      tx,
      sql`
      select c.code, c.name, to_char(c.subscription_expires_on, 'YYYY-MM-DD') as expires,
        (select count(*)::int from users u where u.client_id = c.id and u.status = 'Active') as users
      from clients c order by c.code`,
    ),
  );
  if (rows.length === 0) return [say('cli.noOrganisations', lang)];
  return table(
    [say('col.code', lang), say('col.name', lang), say('col.users', lang), say('col.expires', lang)],
    rows.map((r) => [String(r.code), r.name, String(r.users), r.expires ?? say('cli.none', lang)]),
  );
}

const extendSchema = z.object({ code: orgCode, until: calendarDate });

export async function extendSubscriptionCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const input = validate(extendSchema, options(args, 'code', 'until'), lang);
  await refuseEarlierThanToday(db, input.until, 'until', lang);
  return inSystem(db, async (tx) => {
    const client = await findOrganisation(tx, input.code, lang);
    await tx.update(clients).set({ subscriptionExpiresOn: input.until, updatedAt: new Date() }).where(eq(clients.id, client.id));
    await writeOperatorAudit(tx, {
      clientId: client.id,
      action: 'update',
      entity: 'subscription',
      entityId: client.code,
      before: { expiresOn: client.subscriptionExpiresOn },
      after: { expiresOn: input.until },
    });
    return [say('cli.subscriptionSet', lang, { code: client.code, date: input.until, before: client.subscriptionExpiresOn ?? say('cli.none', lang) })];
  });
}

const paymentSchema = z
  .object({
    code: orgCode,
    amount: money
      .refine((v) => new Decimal(v).gt(0), { message: 'v.min|0.01' })
      .refine((v) => new Decimal(v).lte('999999999999.99'), { message: 'v.max|999999999999.99' }),
    'bill-date': calendarDate,
    'expire-date': calendarDate,
    name: z.string().trim().min(1).max(200).optional(),
  })
  .refine((v) => v['expire-date'] > v['bill-date'], { path: ['expire-date'], message: 'cli.expireBeforeBill' });

export async function recordSubscriptionPaymentCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const input = validate(paymentSchema, options(args, 'code', 'amount', 'bill-date', 'expire-date', 'name'), lang);
  const amount = new Decimal(input.amount).toFixed(2);
  return inSystem(db, async (tx) => {
    const client = await findOrganisation(tx, input.code, lang);
    const [payment] = await tx
      .insert(subscriptionPayments)
      .values({ clientId: client.id, name: input.name ?? client.name, billAmount: amount, billDate: input['bill-date'], expireDate: input['expire-date'] })
      .returning({ id: subscriptionPayments.id });
    // The expiry only moves forward: a late-recorded older payment never shortens the licence.
    const before = client.subscriptionExpiresOn;
    const after = before && before > input['expire-date'] ? before : input['expire-date'];
    if (after !== before) {
      await tx.update(clients).set({ subscriptionExpiresOn: after, updatedAt: new Date() }).where(eq(clients.id, client.id));
    }
    await writeOperatorAudit(tx, {
      clientId: client.id,
      action: 'create',
      entity: 'subscription_payment',
      entityId: payment.id,
      before: { expiresOn: before },
      after: { name: input.name ?? client.name, amount, billDate: input['bill-date'], expireDate: input['expire-date'], expiresOn: after },
    });
    return [say('cli.paymentRecorded', lang, { amount, code: client.code, date: after })];
  });
}

const resetSchema = z.object({ code: orgCode, username: z.string().trim().min(1).max(100) });

export async function resetPasswordCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const input = validate(resetSchema, options(args, 'code', 'username'), lang);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  return inSystem(db, async (tx) => {
    const client = await findOrganisation(tx, input.code, lang);
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.clientId, client.id), sql`lower(${users.username}) = lower(${input.username})`, sql`${users.status} <> 'Deleted'`));
    if (!user) throw new CliError(say('cli.userNotFound', lang, { code: client.code, username: input.username }));
    // A new token version ends every token already issued, in every server process, at its next request.
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: true, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, user.id), sql`${sessions.revokedAt} is null`));
    await writeOperatorAudit(tx, {
      clientId: client.id,
      action: 'password',
      entity: 'user',
      entityId: user.id,
      after: { username: user.username, mustChangePassword: true },
    });
    return [say('cli.passwordReset', lang, { username: user.username, code: client.code }), say('cli.tempPassword', lang, { password })];
  });
}
