// POST /api/send-email: an e-mail to chosen customers, to the active customers with a house in a zone, or
// to a list of addresses, with {placeholders} filled per recipient. A customer without a usable address,
// inactive, or whose address already has the e-mail is listed as skipped. A typed address that is not an
// e-mail address refuses the whole request with a field error per entry (target.addresses.<i>).
import { sql } from 'drizzle-orm';
import {
  type EmailLanguage,
  type EmailQueued,
  type EmailSkipped,
  type SendEmailTarget,
  isEmailAddress,
  renderEmailTemplate,
  type sendEmailBody,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, fieldError } from '../../plugins/errors.ts';
import { customerBalances } from '../customers/index.ts';
import { getEmailSettings } from './email-settings.ts';
import { companyEmailValues, moneyText } from './email-values.ts';
import { type QueuedEmail, queueEmails } from './queue-email.ts';

interface Recipient {
  customerId: number | null;
  customerNo: string | null;
  name: string | null;
  status: string;
  email: string | null;
}

type CustomerRow = { id: number; customer_no: string; name: string; status: string; email: string | null };

async function recipientsOf(tx: Db, clientId: number, target: SendEmailTarget): Promise<Recipient[]> {
  const toRecipient = (r: CustomerRow): Recipient => ({ customerId: r.id, customerNo: r.customer_no, name: r.name, status: r.status, email: r.email });
  if (target.type === 'customers') {
    const ids = JSON.stringify(target.customerIds);
    const rows = await queryRows<CustomerRow>(
      tx,
      sql`
      select c.id, c.customer_no, c.name, c.status, c.email from customers c
      where c.client_id = ${clientId} and c.id in (select (jsonb_array_elements_text(${ids}::jsonb))::int)`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = target.customerIds.findIndex((id) => !byId.has(id));
    if (missing >= 0) throw fieldError(`target.customerIds.${missing}`, 'v.notFound');
    return [...new Set(target.customerIds)].map((id) => toRecipient(byId.get(id) as CustomerRow));
  }
  if (target.type === 'zone') {
    const [zone] = await queryRows<{ id: number }>(tx, sql`select id from zones where client_id = ${clientId} and id = ${target.zoneId}`);
    if (!zone) throw fieldError('target.zoneId', 'v.notFound');
    const rows = await queryRows<CustomerRow>(
      tx,
      sql`
      select c.id, c.customer_no, c.name, c.status, c.email from customers c
      where c.client_id = ${clientId} and c.status = 'Active'
        and exists (select 1 from houses h where h.client_id = c.client_id and h.customer_id = c.id and h.zone_id = ${target.zoneId})
      order by lower(c.name), c.id`,
    );
    return rows.map(toRecipient);
  }
  const invalid = target.addresses.flatMap((a, i) => (isEmailAddress(a) ? [] : [{ field: `target.addresses.${i}`, message: 'v.email' }]));
  if (invalid.length > 0) throw new AppError(400, 'VALIDATION', 'common.validation', invalid);
  return target.addresses.map((email) => ({ customerId: null, customerNo: null, name: null, status: 'Active', email }));
}

function pickRecipients(recipients: Recipient[]): { send: Array<Recipient & { to: string }>; skipped: EmailSkipped[] } {
  const seen = new Set<string>();
  const send: Array<Recipient & { to: string }> = [];
  const skipped: EmailSkipped[] = [];
  for (const r of recipients) {
    const to = r.email?.trim() ?? '';
    const skip = (reason: EmailSkipped['reason']) => skipped.push({ customerId: r.customerId, customerName: r.name, email: to || null, reason });
    if (r.status !== 'Active') skip('inactive');
    else if (!to) skip('no_email');
    else if (!isEmailAddress(to)) skip('invalid_email');
    else if (seen.has(to.toLowerCase())) skip('duplicate_email');
    else {
      seen.add(to.toLowerCase());
      send.push({ ...r, to });
    }
  }
  return { send, skipped };
}

/** E-mail cannot go anywhere until an administrator has entered the SMTP server: refused, nothing queued. */
export async function assertConfigured(tx: Db, clientId: number): Promise<{ defaultLanguage: EmailLanguage }> {
  const settings = await getEmailSettings({ tx, clientId });
  if (!settings.configured) throw new AppError(409, 'EMAIL_NOT_CONFIGURED', 'email.notConfigured');
  return settings;
}

export async function sendEmail(opts: { tx: Db; actor: Actor; input: z.infer<typeof sendEmailBody> }): Promise<EmailQueued> {
  const { tx, actor, input } = opts;
  const { clientId } = actor;
  const settings = await assertConfigured(tx, clientId);
  const { send, skipped } = pickRecipients(await recipientsOf(tx, clientId, input.target));
  const language = input.language ?? settings.defaultLanguage;
  const company = await companyEmailValues(tx, clientId);
  const needsBalance = `${input.subject}${input.message}`.includes('{balance}');
  const balances = needsBalance
    ? await customerBalances(
        tx,
        clientId,
        send.flatMap((r) => (r.customerId === null ? [] : [r.customerId])),
      )
    : new Map<number, string>();
  const emails: QueuedEmail[] = send.map((r) => {
    const values = {
      ...company,
      name: r.name ?? '',
      customerNo: r.customerNo ?? '',
      balance: r.customerId === null ? '' : moneyText(balances.get(r.customerId) ?? '0'),
    };
    return {
      to: r.to,
      customerId: r.customerId,
      language,
      subject: renderEmailTemplate(input.subject, values),
      body: renderEmailTemplate(input.message, values),
    };
  });
  const target =
    input.target.type === 'addresses'
      ? { type: 'addresses', count: input.target.addresses.length }
      : input.target.type === 'zone'
        ? { type: 'zone', zoneId: input.target.zoneId }
        : { type: 'customers', count: input.target.customerIds.length };
  const messageIds = await queueEmails({ tx, actor, kind: 'free', target, emails });
  return { queued: messageIds.length, messageIds, skipped };
}
