// E-mail templates per organisation, kind (free message, bill, customer statement, payment receipt, sales
// invoice, sales receipt, purchase order) and language (English, Somali): a subject and a body with
// {placeholders}. A new organisation gets the defaults below the first time its templates are read; staff
// edit them.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { EmailLanguage, EmailTemplate, EmailTemplateKind } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { notFound } from '../../plugins/errors.ts';
import { users } from '../users/index.ts';
import { emailTemplates } from './email.tables.ts';

type Text = { subject: string; body: string };

export const DEFAULT_EMAIL_TEMPLATES: Record<EmailTemplateKind, Record<EmailLanguage, Text>> = {
  free: {
    en: { subject: 'A message from {company}', body: 'Dear {name},\n\n\n\nKind regards,\n{company}' },
    so: { subject: 'Fariin ka timid {company}', body: 'Macmiil sharafta leh {name},\n\n\n\nSalaan,\n{company}' },
  },
  bill: {
    en: {
      subject: 'Your bill {documentNo} from {company}',
      body: 'Dear {name},\n\nPlease find attached your bill {documentNo} for {period}: {amount} {currency}, due {dueDate}.\nYour balance is {balance} {currency}.\n\nKind regards,\n{company}',
    },
    so: {
      subject: 'Biilkaaga {documentNo} ee {company}',
      body: 'Macmiil sharafta leh {name},\n\nFadlan ka hel biilkaaga {documentNo} ee {period} lifaaqa: {amount} {currency}, bixi ka hor {dueDate}.\nHaraagaagu waa {balance} {currency}.\n\nSalaan,\n{company}',
    },
  },
  statement: {
    en: {
      subject: 'Your statement {customerNo} from {company}',
      body: 'Dear {name},\n\nPlease find attached your account statement of {date}. You owe {balance} {currency}.\n\nKind regards,\n{company}',
    },
    so: {
      subject: 'Bayaanka xisaabtaada {customerNo} ee {company}',
      body: 'Macmiil sharafta leh {name},\n\nFadlan ka hel bayaanka xisaabtaada ee {date} lifaaqa. Haraaga lagugu leeyahay waa {balance} {currency}.\n\nSalaan,\n{company}',
    },
  },
  payment_receipt: {
    en: {
      subject: 'Payment receipt {documentNo} from {company}',
      body: 'Dear {name},\n\nThank you for your payment of {amount} {currency} on {date}. Your receipt {documentNo} is attached.\nYour balance is now {balance} {currency}.\n\nKind regards,\n{company}',
    },
    so: {
      subject: 'Rasiidka lacag-bixinta {documentNo} ee {company}',
      body: 'Macmiil sharafta leh {name},\n\nWaad ku mahadsan tahay lacagta {amount} {currency} ee {date}. Rasiidkaaga {documentNo} waa lifaaqa.\nHaraagaagu hadda waa {balance} {currency}.\n\nSalaan,\n{company}',
    },
  },
  receipt: {
    en: {
      subject: 'Receipt {documentNo} from {company}',
      body: 'Dear {name},\n\nThank you for your payment of {amount} {currency} on {date}. Your receipt {documentNo} is attached.\n\nKind regards,\n{company}',
    },
    so: {
      subject: 'Rasiidka {documentNo} ee {company}',
      body: 'Macmiil sharafta leh {name},\n\nWaad ku mahadsan tahay lacagta {amount} {currency} ee {date}. Rasiidkaaga {documentNo} waa lifaaqa.\n\nSalaan,\n{company}',
    },
  },
  invoice: {
    en: {
      subject: 'Invoice {documentNo} from {company}',
      body: 'Dear {name},\n\nPlease find attached invoice {documentNo} of {date}: {amount} {currency}.\n\nKind regards,\n{company}',
    },
    so: {
      subject: 'Qaansheegadka {documentNo} ee {company}',
      body: 'Macmiil sharafta leh {name},\n\nFadlan ka hel qaansheegadka {documentNo} ee {date} lifaaqa: {amount} {currency}.\n\nSalaan,\n{company}',
    },
  },
  purchase_order: {
    en: {
      subject: 'Purchase order {documentNo} from {company}',
      body: 'Dear {name},\n\nPlease find attached our purchase order {documentNo} of {date}: {amount} {currency}.\n\nKind regards,\n{company}',
    },
    so: {
      subject: 'Dalabka iibsiga {documentNo} ee {company}',
      body: 'Mudane/Marwo {name},\n\nFadlan ka hel dalabkayaga iibsiga {documentNo} ee {date} lifaaqa: {amount} {currency}.\n\nSalaan,\n{company}',
    },
  },
};

/** Writes the default templates an organisation does not have yet (idempotent). */
export async function ensureEmailTemplates(tx: Db, clientId: number): Promise<void> {
  const rows = Object.entries(DEFAULT_EMAIL_TEMPLATES).flatMap(([kind, byLanguage]) =>
    Object.entries(byLanguage).map(([language, t]) => ({ clientId, kind, language, subject: t.subject, body: t.body })),
  );
  await tx.insert(emailTemplates).values(rows).onConflictDoNothing();
}

const KIND_ORDER = sql`array_position(array['free','bill','statement','payment_receipt','invoice','receipt','purchase_order']::text[], ${emailTemplates.kind})`;

export async function listEmailTemplates(opts: { tx: Db; clientId: number }): Promise<EmailTemplate[]> {
  const { tx, clientId } = opts;
  await ensureEmailTemplates(tx, clientId);
  const rows = await tx
    .select({
      id: emailTemplates.id,
      kind: emailTemplates.kind,
      language: emailTemplates.language,
      subject: emailTemplates.subject,
      body: emailTemplates.body,
      updatedBy: users.fullname,
      updatedAt: emailTemplates.updatedAt,
    })
    .from(emailTemplates)
    .leftJoin(users, eq(users.id, emailTemplates.updatedBy))
    .where(eq(emailTemplates.clientId, clientId))
    .orderBy(KIND_ORDER, sql`${emailTemplates.language} = 'so'`, asc(emailTemplates.id));
  return rows.map((r) => ({
    ...r,
    kind: r.kind as EmailTemplateKind,
    language: r.language as EmailLanguage,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** The subject and body of one kind in one language (the default where the organisation has none yet). Reads only. */
export async function emailTemplateOf(tx: Db, clientId: number, kind: EmailTemplateKind, language: EmailLanguage): Promise<Text> {
  const [row] = await tx
    .select({ subject: emailTemplates.subject, body: emailTemplates.body })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.clientId, clientId), eq(emailTemplates.kind, kind), eq(emailTemplates.language, language)));
  return row ?? DEFAULT_EMAIL_TEMPLATES[kind][language];
}

export async function updateEmailTemplate(opts: { tx: Db; actor: Actor; id: number; subject: string; body: string }): Promise<EmailTemplate> {
  const { tx, actor, id, subject, body } = opts;
  const { clientId, userId } = actor;
  const [before] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, id)).for('update');
  if (!before) throw notFound();
  if (before.body !== body || before.subject !== subject) {
    await tx.update(emailTemplates).set({ subject, body, updatedBy: userId, updatedAt: new Date() }).where(eq(emailTemplates.id, id));
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'email-template',
      entityId: id,
      before: { kind: before.kind, language: before.language, subject: before.subject, body: before.body },
      after: { kind: before.kind, language: before.language, subject, body },
    });
  }
  const all = await listEmailTemplates({ tx, clientId });
  return all.find((t) => t.id === id) as EmailTemplate;
}
