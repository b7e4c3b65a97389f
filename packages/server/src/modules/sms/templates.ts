// Message templates per organisation, kind (bill notice, free message) and language (English, Somali).
// A new organisation gets the defaults below the first time its templates are read; staff edit the body.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SmsLanguage, SmsTemplate, SmsTemplateKind } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../plugins/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../plugins/errors.ts';
import { users } from '../users/index.ts';
import { smsTemplates } from './sms.tables.ts';

export const DEFAULT_TEMPLATES: Record<SmsTemplateKind, Record<SmsLanguage, string>> = {
  bill: {
    en: 'Dear {name} ({customerNo}), your {period} bill: {consumption} units, {amount} {currency}. Balance {balance} {currency}, due {dueDate}. Pay via {shortCode}. {company}',
    so: 'Macmiil {name} ({customerNo}), biilka {period}: {consumption} unug, {amount} {currency}. Haraaga {balance} {currency}, bixi ka hor {dueDate}. Ku bixi {shortCode}. {company}',
  },
  free: {
    en: 'Dear {name}, ',
    so: 'Macmiil sharafta leh {name}, ',
  },
};

/** Writes the default templates an organisation does not have yet (idempotent). */
export async function ensureTemplates(tx: Db, clientId: number): Promise<void> {
  const rows = Object.entries(DEFAULT_TEMPLATES).flatMap(([kind, byLanguage]) =>
    Object.entries(byLanguage).map(([language, body]) => ({ clientId, kind, language, body })),
  );
  await tx.insert(smsTemplates).values(rows).onConflictDoNothing();
}

export async function listTemplates(opts: { tx: Db; clientId: number }): Promise<SmsTemplate[]> {
  const { tx, clientId } = opts;
  await ensureTemplates(tx, clientId);
  const rows = await tx
    .select({
      id: smsTemplates.id,
      kind: smsTemplates.kind,
      language: smsTemplates.language,
      body: smsTemplates.body,
      updatedBy: users.fullname,
      updatedAt: smsTemplates.updatedAt,
    })
    .from(smsTemplates)
    .leftJoin(users, eq(users.id, smsTemplates.updatedBy))
    .where(eq(smsTemplates.clientId, clientId))
    .orderBy(asc(smsTemplates.kind), sql`${smsTemplates.language} = 'so'`);
  return rows.map((r) => ({ ...r, kind: r.kind as SmsTemplateKind, language: r.language as SmsLanguage, updatedAt: r.updatedAt.toISOString() }));
}

/** The template bodies of one kind, by language (the default where the organisation has none yet). Reads only. */
export async function templateBodies(tx: Db, clientId: number, kind: SmsTemplateKind): Promise<Record<SmsLanguage, string>> {
  const rows = await tx
    .select({ language: smsTemplates.language, body: smsTemplates.body })
    .from(smsTemplates)
    .where(and(eq(smsTemplates.clientId, clientId), eq(smsTemplates.kind, kind)));
  const out = { ...DEFAULT_TEMPLATES[kind] };
  for (const r of rows) out[r.language as SmsLanguage] = r.body;
  return out;
}

export async function updateTemplate(opts: { tx: Db; actor: Actor; id: number; body: string }): Promise<SmsTemplate> {
  const { tx, actor, id, body } = opts;
  const { clientId, userId } = actor;
  const [before] = await tx.select().from(smsTemplates).where(eq(smsTemplates.id, id)).for('update');
  if (!before) throw notFound();
  if (before.body !== body) {
    await tx.update(smsTemplates).set({ body, updatedBy: userId, updatedAt: new Date() }).where(eq(smsTemplates.id, id));
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'sms-template',
      entityId: id,
      before: { kind: before.kind, language: before.language, body: before.body },
      after: { kind: before.kind, language: before.language, body },
    });
  }
  const all = await listTemplates({ tx, clientId });
  return all.find((t) => t.id === id) as SmsTemplate;
}
